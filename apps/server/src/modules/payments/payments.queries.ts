import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { customers, orders, paymentEvents, payments, returns } from '../../db/schema';
import type { PaymentStatus } from '../../db/schema/payments';
import type { GatewayName } from './payment-gateway';

export type PaymentRecord = typeof payments.$inferSelect;

/**
 * What the order's returns gave back (issue 21 point 5): the balance no longer counts it as owed. The
 * orders' back-office detail reads it too.
 */
export function returnsRefunded(orderId: AnyPgColumn) {
  return sql<number>`(select coalesce(sum(${returns.refundAmount}), 0) from ${returns}
    where ${returns.orderId} = ${orderId} and ${returns.refundedAt} is not null)::integer`;
}

/** What paying an order needs to know about it; `lock` holds the order row until the transaction ends. */
export async function findOrderToPay(db: Db, orderId: number, lock = false) {
  const query = db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      total: orders.total,
      version: orders.version,
      customerId: orders.customerId,
      paymentMethod: orders.paymentMethod,
      paidAt: orders.paidAt,
      customerEmail: customers.email,
      customerLanguage: customers.language,
      returnsRefunded: returnsRefunded(orders.id),
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  const [order] = await (lock ? query.for('update', { of: orders }) : query);
  return order;
}

/** The same, found by the order's number (staff name orders by number). */
export async function findOrderToPayByNo(db: Db, orderNo: string) {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
  return order && findOrderToPay(db, order.id);
}

export async function insertPayment(db: Db, values: typeof payments.$inferInsert) {
  const [payment] = await db.insert(payments).values(values).returning();
  return payment!;
}

/** Every attempt on the order, oldest first: what its balance is made of. */
export function listPayments(db: Db, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}

/** Earlier attempts still open are superseded by a new one: their links stop working. */
export async function cancelPendingPayments(db: Db, orderId: number) {
  await db
    .update(payments)
    .set({ status: 'cancelled' })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
}

/** A payment and its order's number, the payment row locked until the transaction ends. */
export async function lockPayment(db: Db, by: { id: number } | { gateway: GatewayName; externalId: string }) {
  const where =
    'id' in by
      ? eq(payments.id, by.id)
      : and(eq(payments.gateway, by.gateway), eq(payments.externalId, by.externalId));
  const [row] = await db
    .select({ payment: payments, orderNo: orders.orderNo })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(where)
    .for('update', { of: payments });
  return row;
}

export async function findPaymentByExternalId(db: Db, gateway: GatewayName, externalId: string) {
  const [row] = await db
    .select({
      payment: payments,
      orderNo: orders.orderNo,
      orderVersion: orders.version,
      paymentMethod: orders.paymentMethod,
      customerLanguage: customers.language,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(payments.gateway, gateway), eq(payments.externalId, externalId)));
  return row;
}

/** Records a gateway event once; false when its id was already recorded (a replay). */
export async function insertPaymentEvent(
  db: Db,
  values: typeof paymentEvents.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing({ target: [paymentEvents.gateway, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

export async function updatePaymentStatus(
  db: Db,
  id: number,
  status: PaymentStatus,
  completedAt: Date,
  amountPaid: number | null = null,
) {
  await db
    .update(payments)
    .set({ status, completedAt, ...(amountPaid !== null && { amountPaid }) })
    .where(eq(payments.id, id));
}

/** Adds a refund to a payment, unless another refund was recorded since `before` was read (then false). */
export async function recordRefund(
  db: Db,
  payment: { id: number; before: number },
  refund: { amount: number; at: Date; reference: string | null },
): Promise<boolean> {
  const updated = await db
    .update(payments)
    .set({
      refundedAmount: payment.before + refund.amount,
      refundedAt: refund.at,
      refundReference: refund.reference,
    })
    .where(and(eq(payments.id, payment.id), eq(payments.refundedAmount, payment.before)))
    .returning({ id: payments.id });
  return updated.length > 0;
}

/** The orders module has no operation for this yet: the only writer of orders.paid_at is a payment. */
export async function setOrderPaidAt(db: Db, orderId: number, paidAt: Date) {
  await db.update(orders).set({ paidAt, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
}
