import {
  type DiscountRule,
  type DiscountRuleInputSchema,
  type DiscountRuleQuery,
  discountRuleProblems,
  messages,
  type Page,
} from '@shop/domain';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { forgetGroupPricing } from '../products/products.service';
import * as q from './discount-rules.queries';

/**
 * The back office's discount rules (SPEC §3, §5, §7; DESIGN §6 rule 2): list, read, create, edit,
 * delete. A write locks its customer group's row and checks the rule against the other rules of its
 * group / category pair in the same transaction (discountRuleProblems), so two concurrent writes
 * cannot both pass. After it commits, this instance's cached prices of the group are dropped; the
 * other instances follow within the products module's pricing cache time (PRICING_TTL_MS, 10 s).
 */

type Reader = Pick<Ctx, 'db'>;
type DiscountRuleBody = z.output<typeof DiscountRuleInputSchema>;

/** GET /api/discount-rules: optionally one group's rules, searched, sorted, a page at a time. */
export async function listDiscountRules(ctx: Reader, query: DiscountRuleQuery): Promise<Page<DiscountRule>> {
  const { rows, total } = await q.listDiscountRules(
    ctx.db,
    { customerGroupId: query.customerGroup, text: query.q || undefined },
    { column: query.sort, dir: query.dir },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return { data: rows, meta: { total, page: query.page, per_page: query.per_page } };
}

export async function getDiscountRule(ctx: Reader, id: number): Promise<DiscountRule> {
  const row = await q.findDiscountRule(ctx.db, id);
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * The SPEC §5 checks inside the write's transaction: the group and category exist (422 'Invalid value'
 * on the field), then the pair's other rules allow this one. Locks the group rows first, lowest id
 * first, so concurrent writes of a group queue instead of deadlocking.
 */
async function checkRule(tx: Reader, rule: DiscountRuleBody, exceptId?: number, previousGroupId?: number) {
  const groups = [...new Set([rule.customerGroupId, previousGroupId ?? rule.customerGroupId])].sort(
    (a, b) => a - b,
  );
  const found = new Map<number, boolean>();
  for (const groupId of groups) found.set(groupId, await q.lockCustomerGroup(tx.db, groupId));
  const unknown: Record<string, string[]> = {};
  if (!found.get(rule.customerGroupId)) unknown.customerGroupId = [messages.invalidValue];
  if (!(await q.categoryExists(tx.db, rule.productCategoryId))) {
    unknown.productCategoryId = [messages.invalidValue];
  }
  if (Object.keys(unknown).length > 0) throw new ValidationError(unknown);
  const others = await q.listPairRules(tx.db, rule.customerGroupId, rule.productCategoryId, exceptId);
  const problems = discountRuleProblems(rule, others);
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
}

const values = (rule: DiscountRuleBody): q.DiscountRuleValues => ({
  customerGroupId: rule.customerGroupId,
  productCategoryId: rule.productCategoryId,
  rate: rule.rate,
  priority: rule.priority,
  blockOthers: rule.blockOthers,
});

/** POST /api/discount-rules. */
export async function createDiscountRule(ctx: Reader, rule: DiscountRuleBody): Promise<DiscountRule> {
  const id = await inTransaction(ctx, async (tx) => {
    await checkRule(tx, rule);
    return q.insertDiscountRule(tx.db, values(rule));
  });
  forgetGroupPricing(ctx.db, [rule.customerGroupId]);
  return getDiscountRule(ctx, id);
}

/** PUT /api/discount-rules/{id}: checked against the pair's other rules, not itself. */
export async function updateDiscountRule(
  ctx: Reader,
  id: number,
  rule: DiscountRuleBody,
): Promise<DiscountRule> {
  const previousGroupId = await inTransaction(ctx, async (tx) => {
    // The rule's row first, then group rows: every write takes its locks in that order.
    const current = await q.lockDiscountRule(tx.db, id);
    if (!current) throw new NotFoundError();
    await checkRule(tx, rule, id, current.customerGroupId);
    await q.updateDiscountRule(tx.db, id, values(rule));
    return current.customerGroupId;
  });
  forgetGroupPricing(ctx.db, [previousGroupId, rule.customerGroupId]);
  return getDiscountRule(ctx, id);
}

/** DELETE /api/discount-rules/{id}. */
export async function deleteDiscountRule(ctx: Reader, id: number): Promise<void> {
  const groupId = await inTransaction(ctx, async (tx) => {
    const current = await q.lockDiscountRule(tx.db, id);
    if (!current) throw new NotFoundError();
    await q.deleteDiscountRule(tx.db, id);
    return current.customerGroupId;
  });
  forgetGroupPricing(ctx.db, [groupId]);
}
