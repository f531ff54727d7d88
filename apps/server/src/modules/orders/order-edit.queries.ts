import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderRows, orders, products } from '../../db/schema';
import type { OrderRecord } from './orders.queries';

/** The order by number, its row locked until the transaction ends. */
export async function lockOrderByNo(db: Db, orderNo: string) {
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
  return order;
}

/** The order by id, its row locked until the transaction ends. */
export async function lockOrderById(db: Db, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return order;
}

/** The order's rows, locked in id order (the order stock allocation takes rows in) before any stock row. */
export function lockOrderRows(db: Db, orderId: number) {
  return db
    .select()
    .from(orderRows)
    .where(eq(orderRows.orderId, orderId))
    .orderBy(asc(orderRows.id))
    .for('update');
}

export type OrderChanges = Partial<
  Pick<
    OrderRecord,
    | 'shippingAddress'
    | 'billingAddress'
    | 'customerReference'
    | 'customerReferenceDate'
    | 'erpOrderReason'
    | 'vat'
    | 'total'
    | 'totalWithoutTaxes'
  >
>;

export async function updateOrder(db: Db, id: number, changes: OrderChanges) {
  const [order] = await db
    .update(orders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(orders.id, id))
    .returning();
  return order!;
}

/** Sets the quantities and subtotal of rows, one statement per row. */
export async function updateRowQuantities(
  db: Db,
  changes: { id: number; orderedQty: number; readyQty: number; subtotal: number }[],
) {
  for (const { id, ...values } of changes)
    await db
      .update(orderRows)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(orderRows.id, id));
}

/** Products (and variants) named by id or SKU. */
export function findProductsByIdOrSku(db: Db, ids: number[], skus: string[]) {
  const named = [
    ...(ids.length > 0 ? [inArray(products.id, ids)] : []),
    ...(skus.length > 0 ? [inArray(products.sku, skus)] : []),
  ];
  if (named.length === 0) return Promise.resolve([]);
  return db
    .select({ id: products.id, sku: products.sku, parentId: products.parentId })
    .from(products)
    .where(or(...named));
}
