import type { OrderStatus, PaymentMethod } from '@shop/domain';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderStatusChanges, orders, paymentEvents, payments } from '../../db/schema';
import type { AddressSnapshot } from '../../db/schema/sales';

/** Test data for the payments tests: orders written directly, as checkout would have left them. */

const address: AddressSnapshot = {
  company: 'Dischi Rossi S.r.l.',
  firstname: null,
  lastname: null,
  co: null,
  address: 'Via Roma 1',
  postcode: '20100',
  city: 'Milano',
  state: 'MI',
  country: 'IT',
  phone: null,
};

let seq = 0;

export async function insertOrder(
  db: Db,
  options: { customerId: number; status?: OrderStatus; paymentMethod?: PaymentMethod; total?: number },
) {
  seq += 1;
  const total = options.total ?? 12_345;
  const [order] = await db
    .insert(orders)
    .values({
      orderNo: `PAY-${process.pid}-${seq}`,
      customerId: options.customerId,
      status: options.status ?? 'pending',
      paymentMethod: options.paymentMethod ?? 'card',
      shippingAddress: address,
      billingAddress: address,
      vat: Math.round((total * 22) / 122),
      total,
      totalWithoutTaxes: total - Math.round((total * 22) / 122),
    })
    .returning();
  return order!;
}

/** The order as a test asserts it, with its payments (oldest first) and the number of recorded events. */
export async function orderState(db: Db, orderId: number) {
  const [order] = await db
    .select({ status: orders.status, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  const attempts = await db
    .select({ id: payments.id, status: payments.status, amount: payments.amount, gateway: payments.gateway })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(payments.id);
  const [events] = await db
    .select({ n: count() })
    .from(paymentEvents)
    .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
    .where(eq(payments.orderId, orderId));
  const history = await db
    .select({ from: orderStatusChanges.fromStatus, to: orderStatusChanges.toStatus })
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(orderStatusChanges.id);
  return { ...order!, payments: attempts, events: events!.n, history };
}

/** An open Stripe Checkout attempt, as startPayment leaves it after Stripe created the session. */
export async function insertStripePayment(
  db: Db,
  order: { id: number; total: number; paymentMethod: PaymentMethod },
) {
  seq += 1;
  const [payment] = await db
    .insert(payments)
    .values({
      orderId: order.id,
      gateway: 'stripe',
      method: order.paymentMethod,
      amount: order.total,
      externalId: `cs_test_${process.pid}_${seq}`,
    })
    .returning();
  return payment!;
}
