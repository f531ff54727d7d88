import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { changeOrderStatus } from '../orders/orders.service';
import { insertOrder, insertStripePayment, orderState } from './payments.fixtures';

/**
 * POST /api/payments/stripe/webhook (DESIGN §8): Checkout events signed with the webhook secret move
 * the order; the signature is checked on the raw body with the SDK, against the app's clock.
 */

const SECRET = 'whsec_test_secret_for_payments';
const URL = '/api/payments/stripe/webhook';
let t: TestApp;
let customerId: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ STRIPE_WEBHOOK_SECRET: SECRET });
  customerId = (await createUser(t.db, { customer: { type: 'G', company: 'Dischi Rossi S.r.l.' } }))
    .customerId!;
});
afterAll(() => t.close());

/** A Checkout event as Stripe sends it: pretty-printed, so only the raw bytes verify. */
function checkoutEvent(
  type: string,
  sessionId: string,
  paymentStatus: 'paid' | 'unpaid' = 'paid',
  amountTotal?: number,
) {
  seq += 1;
  const session = { id: sessionId, object: 'checkout.session', payment_status: paymentStatus };
  const event = {
    id: `evt_test_${process.pid}_${seq}`,
    object: 'event',
    type,
    created: Math.floor(t.clock.now.getTime() / 1000),
    data: { object: amountTotal === undefined ? session : { ...session, amount_total: amountTotal } },
  };
  return JSON.stringify(event, null, 2);
}

function send(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? Math.floor(t.clock.now.getTime() / 1000),
  });
  return t.client().post(URL, payload, { 'content-type': 'application/json', 'stripe-signature': signature });
}

/** An order with an open Checkout session; a SEPA order starts registered (DESIGN §6 rule 10). */
async function orderWithSession(paymentMethod: 'card' | 'sepa' = 'card') {
  const status = paymentMethod === 'sepa' ? 'registered' : 'pending';
  const order = await insertOrder(t.db, { customerId, status, paymentMethod });
  const payment = await insertStripePayment(t.db, order);
  return { order, sessionId: payment.externalId };
}

describe('Stripe webhook', () => {
  it('a completed, paid Checkout session confirms the order and sets paid_at', async () => {
    const { order, sessionId } = await orderWithSession();
    const res = await send(checkoutEvent('checkout.session.completed', sessionId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const state = await orderState(t.db, order.id);
    expect(state).toMatchObject({ status: 'confirmed', paidAt: t.clock.now, events: 1 });
    expect(state.payments.map((p) => p.status)).toEqual(['approved']);
  });

  it('a session paid for one cent less than the order owes is recorded but does not confirm it', async () => {
    const { order, sessionId } = await orderWithSession();
    const res = await send(checkoutEvent('checkout.session.completed', sessionId, 'paid', order.total - 1));
    expect(res.statusCode).toBe(200);
    const state = await orderState(t.db, order.id);
    expect(state).toMatchObject({ status: 'pending', paidAt: null, events: 1 });
    const [paid] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect([paid!.status, paid!.amountPaid]).toEqual(['approved', order.total - 1]);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { order, sessionId } = await orderWithSession();
    const payload = checkoutEvent('checkout.session.completed', sessionId);
    const wrongSecret = await send(payload, { secret: 'whsec_someone_else' });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({ message: 'The webhook signature is not valid.' });
    // Signed ten minutes ago by the app's clock: outside Stripe's five-minute tolerance.
    const stale = await send(payload, { timestamp: Math.floor(t.clock.now.getTime() / 1000) - 600 });
    expect(stale.statusCode).toBe(400);
    const unsigned = await t.client().post(URL, payload, { 'content-type': 'application/json' });
    expect(unsigned.statusCode).toBe(400);
    expect(await orderState(t.db, order.id)).toMatchObject({ status: 'pending', paidAt: null, events: 0 });
  });

  it('a replayed event id changes nothing', async () => {
    const { order, sessionId } = await orderWithSession();
    const payload = checkoutEvent('checkout.session.expired', sessionId);
    expect((await send(payload)).statusCode).toBe(200);
    const before = await orderState(t.db, order.id);
    expect(before).toMatchObject({ status: 'failed_payment', events: 1 });

    expect((await send(payload)).statusCode).toBe(200);
    expect(await orderState(t.db, order.id)).toEqual(before);
  });

  it('a SEPA debit waits for settlement: registered on completion, confirmed when the payment succeeds', async () => {
    const { order, sessionId } = await orderWithSession('sepa');
    await send(checkoutEvent('checkout.session.completed', sessionId, 'unpaid'));
    let state = await orderState(t.db, order.id);
    expect(state).toMatchObject({ status: 'registered', paidAt: null, events: 1 });
    expect(state.payments.map((p) => p.status)).toEqual(['pending']);

    await send(checkoutEvent('checkout.session.async_payment_succeeded', sessionId, 'paid'));
    state = await orderState(t.db, order.id);
    expect(state).toMatchObject({ status: 'confirmed', paidAt: t.clock.now, events: 2 });
    expect(state.payments.map((p) => p.status)).toEqual(['approved']);
    expect(state.history).toEqual([{ from: 'registered', to: 'confirmed' }]);
  });

  it('a failed SEPA debit declines the payment and leaves the order registered', async () => {
    const { order, sessionId } = await orderWithSession('sepa');
    await send(checkoutEvent('checkout.session.completed', sessionId, 'unpaid'));
    await send(checkoutEvent('checkout.session.async_payment_failed', sessionId, 'unpaid'));
    const state = await orderState(t.db, order.id);
    expect(state).toMatchObject({ status: 'registered', paidAt: null, events: 2, history: [] });
    expect(state.payments.map((p) => p.status)).toEqual(['declined']);
  });

  it('a SEPA debit settling after staff confirmed the order records it as paid', async () => {
    const { order, sessionId } = await orderWithSession('sepa');
    await changeOrderStatus({ db: t.db }, order.id, 'confirmed', null);
    await send(checkoutEvent('checkout.session.async_payment_succeeded', sessionId, 'paid'));
    const state = await orderState(t.db, order.id);
    expect(state).toMatchObject({ status: 'confirmed', paidAt: t.clock.now, events: 1 });
    expect(state.payments.map((p) => p.status)).toEqual(['approved']);
    expect(state.history).toEqual([{ from: 'registered', to: 'confirmed' }]);
  });

  it('a superseded session: its expiry changes nothing, but a payment completed on it still counts', async () => {
    const { order, sessionId: oldSession } = await orderWithSession();
    await t.db.update(payments).set({ status: 'cancelled' }).where(eq(payments.externalId, oldSession));
    const current = await insertStripePayment(t.db, order);

    await send(checkoutEvent('checkout.session.expired', oldSession));
    expect(await orderState(t.db, order.id)).toMatchObject({ status: 'pending', events: 1 });

    await send(checkoutEvent('checkout.session.completed', oldSession));
    const state = await orderState(t.db, order.id);
    expect(state).toMatchObject({ status: 'confirmed', paidAt: t.clock.now, events: 2 });
    expect(state.payments.map((p) => p.status)).toEqual(['approved', 'pending']);

    // The newer session expiring later leaves the paid order alone.
    await send(checkoutEvent('checkout.session.expired', current.externalId));
    expect(await orderState(t.db, order.id)).toMatchObject({ status: 'confirmed', events: 3 });
  });

  it('acknowledges events it does not handle without changing the order', async () => {
    const { order, sessionId } = await orderWithSession();
    const res = await send(checkoutEvent('customer.created', sessionId));
    expect(res.statusCode).toBe(200);
    expect(await orderState(t.db, order.id)).toMatchObject({ status: 'pending', events: 0 });
  });
});
