import { type DiscountRuleChecked, discountRuleProblems, messages, SHIPPING_SLUGS } from '@shop/domain';
import type { Db } from '../../../db/client';
import { campaignRows, discountRules, shippingMethods, warehouses } from '../../../db/schema';
import * as cell from '../cells';
import type { CellProblem, ImportResource, ImportRow } from '../import-resource';
import { listTableRows, lockCustomerGroups } from '../imports.queries';

/** Discount rules, campaign rows, shipping methods and warehouses as sheets (SPEC §3). */

/** The rules of each customer group / product category pair (`groupId:categoryId`). */
type PairRules = Map<string, DiscountRuleChecked[]>;

/** The SPEC §5 problems of each rule field, by the column of the sheet that holds it. */
const RULE_COLUMNS: Record<string, string> = {
  productCategoryId: 'category',
  blockOthers: 'block_others',
  priority: 'priority',
};

async function loadPairRules(db: Db): Promise<PairRules> {
  // In a run's batch transaction, concurrent writes of rules wait until the batch has written its own.
  await lockCustomerGroups(db);
  const pairs: PairRules = new Map();
  let afterId = 0;
  for (;;) {
    const rows = await listTableRows(db, discountRules, {}, afterId, 1000);
    for (const r of rows) {
      const key = `${r.customerGroupId}:${r.productCategoryId}`;
      pairs.set(key, [
        ...(pairs.get(key) ?? []),
        { priority: r.priority as number, blockOthers: r.blockOthers as boolean },
      ]);
    }
    if (rows.length < 1000) return pairs;
    afterId = rows.at(-1)!.id as number;
  }
}

/**
 * The SPEC §5 checks of the API (discountRuleProblems) against the pair's rules in the database and
 * those the file's earlier valid rows create or change: one blockOthers rule, at most ten rules.
 */
function checkRule(row: ImportRow, pairs: PairRules, isNew: boolean): CellProblem[] {
  const key = `${row.customer_group}:${row.category}`;
  const rules = pairs.get(key) ?? [];
  const priority = row.priority as number;
  const current = isNew ? undefined : rules.find((r) => r.priority === priority);
  const blockOthers = row.block_others as boolean | null | undefined;
  const rule = { priority, blockOthers: blockOthers ?? current?.blockOthers ?? false };
  const others = rules.filter((r) => r !== current);
  const problems = Object.entries(discountRuleProblems(rule, others)).flatMap(([field, list]) =>
    list.map((message) => ({ column: RULE_COLUMNS[field] ?? field, message })),
  );
  if (problems.length === 0) pairs.set(key, [...others, rule]);
  return problems;
}

/**
 * A rule is found by its customer group, category and priority (one rule per priority and pair, SPEC §5):
 * a row with an existing rule's priority changes that rule, a second row of a pair with one priority is
 * refused with SPEC §5's message.
 */
export const discountRulesResource: ImportResource<PairRules> = {
  name: 'discount-rules',
  table: discountRules,
  columns: [
    {
      header: 'customer_group',
      description: 'Customer group code',
      cell: cell.code(),
      ref: 'customer-group',
      to: 'customerGroupId',
      key: true,
    },
    {
      header: 'category',
      description: 'Product category code',
      cell: cell.code(),
      ref: 'category',
      to: 'productCategoryId',
      key: true,
    },
    {
      header: 'priority',
      description: 'Priority (lower applies first)',
      cell: cell.int({ min: 0, max: 1000 }),
      to: 'priority',
      key: true,
    },
    {
      header: 'rate',
      description: 'Discount, percent',
      cell: cell.percent(),
      to: 'rate',
      requiredForNew: true,
      format: cell.format.percent,
    },
    {
      header: 'block_others',
      description: 'Blocks the other rules: 1 or 0',
      cell: cell.flag(),
      to: 'blockOthers',
      format: cell.format.flag,
    },
  ],
  load: loadPairRules,
  check: checkRule,
  duplicateKey: { column: 'priority', message: messages.discountRulePriorityTaken },
  exportFilters: { customer_group_id: 'customerGroupId' },
};

/** A campaign's price list: one price per campaign (by id) and product (by SKU). */
export const campaignRowsResource: ImportResource = {
  name: 'campaign-rows',
  table: campaignRows,
  columns: [
    {
      header: 'campaign_id',
      description: 'Campaign id',
      cell: cell.int({ positive: true }),
      ref: 'campaign',
      to: 'campaignId',
      key: true,
    },
    {
      header: 'sku',
      description: 'Product or variant SKU',
      cell: cell.sku(),
      ref: 'product',
      to: 'productId',
      key: true,
    },
    {
      header: 'price',
      description: 'Campaign price without VAT, euros',
      cell: cell.money({ positive: true }),
      to: 'price',
      requiredForNew: true,
      format: cell.format.money,
    },
  ],
  exportFilters: { campaign_id: 'campaignId' },
};

export const shippingMethodsResource: ImportResource = {
  name: 'shipping-methods',
  table: shippingMethods,
  columns: [
    { header: 'code', description: 'Code, the key', cell: cell.code(), to: 'code', key: true },
    {
      header: 'slug',
      description: SHIPPING_SLUGS.join(' or '),
      cell: cell.oneOf(SHIPPING_SLUGS),
      to: 'slug',
      requiredForNew: true,
    },
    {
      header: 'description',
      description: 'Description',
      cell: cell.text(200),
      to: 'description',
      requiredForNew: true,
    },
    {
      header: 'price',
      description: 'Price without VAT, euros',
      cell: cell.money(),
      to: 'price',
      requiredForNew: true,
      format: cell.format.money,
    },
    {
      header: 'free_shipping',
      description: 'Free shipping from this subtotal with VAT, euros',
      cell: cell.money(),
      to: 'freeShipping',
      format: cell.format.money,
    },
    {
      header: 'vat',
      description: 'VAT rate, percent (22)',
      cell: cell.percent(),
      ref: 'vat',
      to: 'vatId',
      requiredForNew: true,
    },
  ],
  exportSearch: ['code', 'description'],
};

export const warehousesResource: ImportResource = {
  name: 'warehouses',
  table: warehouses,
  columns: [
    { header: 'code', description: 'Code, the key', cell: cell.code(), to: 'code', key: true },
    {
      header: 'description',
      description: 'Description',
      cell: cell.text(200),
      to: 'description',
      requiredForNew: true,
    },
    { header: 'management_type', description: 'Management type', cell: cell.text(50), to: 'managementType' },
  ],
  exportSearch: ['code', 'description'],
};
