import { priceListRows } from '../../../db/schema';
import * as cell from '../cells';
import type { ImportResource } from '../import-resource';

/**
 * A contract price list's rows (issue 20 point 4): one net price per list (by name), product (by SKU)
 * and minimum quantity. The quantity is part of the key, so it is filled in every row (1 for 'any').
 */
export const priceListRowsResource: ImportResource = {
  name: 'price-list-rows',
  table: priceListRows,
  columns: [
    {
      header: 'price_list',
      description: 'Price list name',
      cell: cell.text(200),
      ref: 'price-list',
      to: 'priceListId',
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
      header: 'min_quantity',
      description: 'From this many units (1 for any quantity)',
      cell: cell.int({ positive: true, max: 1_000_000 }),
      to: 'minQuantity',
      key: true,
    },
    {
      header: 'price',
      description: 'Net price without VAT, euros',
      cell: cell.money({ positive: true }),
      to: 'price',
      requiredForNew: true,
      format: cell.format.money,
    },
  ],
  exportFilters: { price_list_id: 'priceListId' },
};
