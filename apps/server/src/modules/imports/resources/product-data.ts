import { type AttributeTag, messages } from '@shop/domain';
import { productAttributes, stocks } from '../../../db/schema';
import { attributeValueProblem } from '../../backoffice-products/product-attributes.service';
import { applyStockChanges } from '../../backoffice-products/product-stock.service';
import { listAttributeTagsByOwner } from '../../catalog/attribute-tags.service';
import { lockOpenRowsOf, settleProductStock } from '../../stock-movements/stock-allocation.service';
import * as cell from '../cells';
import type { ImportResource, ProductRef } from '../import-resource';

/** Product attributes and stock per warehouse as sheets (SPEC §3; DESIGN §4 for stock). */

type Tags = Map<string, AttributeTag>;

/** One row per product (or variant) and attribute code; the code must be one of its tags. */
export const attributesResource: ImportResource<Map<string, Tags>> = {
  name: 'attributes',
  table: productAttributes,
  columns: [
    {
      header: 'sku',
      description: 'Product or variant SKU',
      cell: cell.sku(),
      ref: 'product',
      to: 'productId',
      key: true,
    },
    {
      header: 'code',
      description: 'Attribute code (AUTORE, TAGLIA…)',
      cell: cell.upperCode(),
      to: 'code',
      key: true,
    },
    {
      header: 'value',
      description: 'Value (a list type: one of its options)',
      cell: cell.text(20_000),
      to: 'value',
      requiredForNew: true,
    },
  ],
  load: (db) => listAttributeTagsByOwner({ db }),
  check(row, tagsByOwner) {
    const product = row.sku as ProductRef;
    const tag =
      tagsByOwner.get(`c${product.categoryId}`)?.get(row.code as string) ??
      tagsByOwner.get(`s${product.subcategoryId}`)?.get(row.code as string);
    if (!tag) return [{ column: 'code', message: messages.invalidValue }];
    const problem = typeof row.value === 'string' ? attributeValueProblem(tag, row.value) : null;
    return problem ? [{ column: 'value', message: problem }] : [];
  },
  exportFilters: { code: 'code' },
};

/**
 * On hand and on order per product and warehouse; every change of on hand writes a warehouse
 * transaction (an adjustment, document IMP-<import id>) in the batch's transaction, and settles the
 * product's open order rows as the product tab's stock edit does: stock left free goes to the rows
 * waiting for it, ready units over on hand go back from the newest rows.
 */
export const stockResource: ImportResource = {
  name: 'stock',
  table: stocks,
  columns: [
    {
      header: 'sku',
      description: 'Product or variant SKU',
      cell: cell.sku(),
      ref: 'product',
      to: 'productId',
      key: true,
    },
    {
      header: 'warehouse',
      description: 'Warehouse code',
      cell: cell.code(),
      ref: 'warehouse',
      to: 'warehouseId',
      key: true,
    },
    {
      header: 'on_hand',
      description: 'Units on hand',
      cell: cell.int({ min: 0, max: 100_000_000 }),
      to: 'onHand',
    },
    {
      header: 'on_order',
      description: 'Units on order from suppliers',
      cell: cell.int({ min: 0, max: 100_000_000 }),
      to: 'onOrder',
    },
  ],
  async write(ctx, rows) {
    const productIds = [...new Set(rows.map(({ row }) => (row.sku as ProductRef).id))];
    // The open rows before the stock rows, the order every writer of stock takes them in.
    const withOpenRows = await lockOpenRowsOf(ctx, productIds);
    await applyStockChanges(
      ctx,
      rows.map(({ row }) => ({
        productId: (row.sku as ProductRef).id,
        sku: (row.sku as ProductRef).sku,
        warehouseId: row.warehouse as number,
        onHand: (row.on_hand as number | null | undefined) ?? null,
        onOrder: (row.on_order as number | null | undefined) ?? null,
      })),
      { operation: 'adjustment', number: `IMP-${ctx.importId}` },
    );
    for (const productId of withOpenRows) await settleProductStock(ctx, productId, { allocate: true });
  },
  exportFilters: { warehouse_id: 'warehouseId' },
};
