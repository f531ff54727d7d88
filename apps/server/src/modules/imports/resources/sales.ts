import { SHIPPING_SLUGS } from '@shop/domain';
import { campaignRows, discountRules, shippingMethods, warehouses } from '../../../db/schema';
import * as cell from '../cells';
import type { ImportResource } from '../import-resource';

/** Discount rules, campaign rows, shipping methods and warehouses as sheets (SPEC §3). */

/** A rule is found by its customer group, category and priority (one rule per priority and pair, SPEC §5). */
export const discountRulesResource: ImportResource = {
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
