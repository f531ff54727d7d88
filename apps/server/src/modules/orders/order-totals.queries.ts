import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentRows, documents, orderRows, orders, products } from '../../db/schema';

/** What recomputing an order's money reads of it, the order row locked until the transaction ends. */
export async function lockOrderForTotals(db: Db, orderId: number) {
  const [order] = await db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      paymentMethod: orders.paymentMethod,
      shippingAddress: orders.shippingAddress,
      shippingCosts: orders.shippingCosts,
      paymentFee: orders.paymentFee,
      couponAmount: orders.couponAmount,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return order;
}

/** The invoices' `column` of an order row less its credit notes'. */
const invoicedOf = (column: 'quantity' | 'coupon_share') =>
  sql<number>`(select coalesce(sum(case d.type when 'invoice' then dr.${sql.raw(column)}
    when 'credit_note' then -dr.${sql.raw(column)} end), 0)
    from ${documentRows} dr join ${documents} d on d.id = dr.document_id
    where dr.order_row_id = ${orderRows.id})::int`;

/**
 * Each row's stored price and VAT rate, the quantity it still charges, its product's shipping price,
 * and the units and fixed coupon share its invoices carry (less its credit notes).
 */
export function listRowsToCharge(db: Db, orderId: number) {
  return db
    .select({
      id: orderRows.id,
      orderedQty: orderRows.orderedQty,
      price: orderRows.price,
      vatRate: orderRows.vatRate,
      quantity: sql<number>`(${orderRows.orderedQty} - ${orderRows.cancelledQty})::int`,
      shippingPrice: products.shippingPrice,
      invoiced: invoicedOf('quantity'),
      invoicedShare: invoicedOf('coupon_share'),
    })
    .from(orderRows)
    .innerJoin(products, eq(products.id, orderRows.productId))
    .where(eq(orderRows.orderId, orderId))
    .orderBy(asc(orderRows.id));
}

/** Each row's share of the order's fixed coupon, and its subtotal net of it, one statement per row. */
export async function updateCouponShares(
  db: Db,
  rows: readonly { id: number; couponShare: number; subtotal: number }[],
) {
  for (const { id, ...values } of rows) await db.update(orderRows).set(values).where(eq(orderRows.id, id));
}

export async function hasInvoice(db: Db, orderId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.orderId, orderId), eq(documents.type, 'invoice')))
    .limit(1);
  return found !== undefined;
}

export type OrderMoney = {
  shippingCosts: number;
  paymentFee: number;
  vat: number;
  total: number;
  totalWithoutTaxes: number;
};

/** Writes the order's money and raises its version: payment attempts opened before are void. */
export async function updateOrderMoney(db: Db, orderId: number, money: OrderMoney) {
  await db
    .update(orders)
    .set({ ...money, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** An order change that moves no money (the order cancelled) still voids the attempts opened before it. */
export async function raiseOrderVersion(db: Db, orderId: number) {
  await db
    .update(orders)
    .set({ version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}
