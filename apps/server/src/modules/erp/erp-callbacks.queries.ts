import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  documentRows,
  documents,
  erpCallbacks,
  orderRows,
  orders,
  products,
  stocks,
  warehouses,
} from '../../db/schema';

/** Records a callback's id; a second insert of the same id fails with a unique violation (a replay). */
export async function insertCallback(db: Db, values: typeof erpCallbacks.$inferInsert) {
  await db.insert(erpCallbacks).values(values);
}

/** The order, its row locked until the transaction ends: one credit note at a time per order. */
export async function lockOrder(db: Db, orderNo: string) {
  const [row] = await db
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.orderNo, orderNo))
    .for('update');
  return row;
}

export async function listOrderRowIds(db: Db, orderId: number): Promise<number[]> {
  const rows = await db.select({ id: orderRows.id }).from(orderRows).where(eq(orderRows.orderId, orderId));
  return rows.map((r) => r.id);
}

/** The order's rows with the quantity its credit notes already credited of each. */
export function listRowsToCredit(db: Db, orderId: number) {
  const credited = db
    .select({
      orderRowId: documentRows.orderRowId,
      quantity: sql<number>`sum(${documentRows.quantity})::integer`.as('quantity'),
    })
    .from(documentRows)
    .innerJoin(documents, eq(documents.id, documentRows.documentId))
    .where(and(eq(documents.orderId, orderId), eq(documents.type, 'credit_note')))
    .groupBy(documentRows.orderRowId)
    .as('credited');
  return db
    .select({
      id: orderRows.id,
      productSku: orderRows.productSku,
      description: orderRows.description,
      price: orderRows.price,
      vatRate: orderRows.vatRate,
      shippedQty: orderRows.shippedQty,
      credited: sql<number>`coalesce(${credited.quantity}, 0)`,
    })
    .from(orderRows)
    .leftJoin(credited, eq(credited.orderRowId, orderRows.id))
    .where(eq(orderRows.orderId, orderId))
    .orderBy(asc(orderRows.id));
}

export async function listWarehouseIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: warehouses.id }).from(warehouses);
  return rows.map((r) => r.id);
}

export function listProductsBySkus(db: Db, skus: string[]) {
  return db
    .select({ id: products.id, sku: products.sku, hasVariants: products.hasVariants })
    .from(products)
    .where(inArray(products.sku, skus));
}

/** The product's on hand in the warehouse (0 without a stock row), that row locked until the transaction ends. */
export async function lockOnHand(db: Db, productId: number, warehouseId: number): Promise<number> {
  const [row] = await db
    .select({ onHand: stocks.onHand })
    .from(stocks)
    .where(and(eq(stocks.productId, productId), eq(stocks.warehouseId, warehouseId)))
    .for('update');
  return row?.onHand ?? 0;
}
