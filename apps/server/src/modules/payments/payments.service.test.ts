import { messages } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { orders, payments } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import type { PaymentGateway } from './payment-gateway';
import { insertOrder, orderState } from './payments.fixtures';
import { configuredGateway, startPayment } from './payments.service';
import { refundOrder } from './refunds.service';
import { createStripeGateway, type StripeCheckoutClient } from './stripe-gateway';

/** startPayment against the Stripe adapter with a fake client: the Checkout session it asks Stripe for. */

let t: TestApp;
let ctx: Ctx;
let customerId: number;
let email: string;
let sessions = 0;

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://shop.example.com' });
  ctx = { ...t.app.deps, log: t.app.log, actor: null };
  ({ customerId, email } = (await createUser(t.db, { customer: { type: 'G', company: 'Dischi Rossi' } })) as {
    customerId: number;
    email: string;
  });
});
afterAll(() => t.close());

/** Records the session parameters and refunds, and answers like Stripe, without any network. */
function fakeStripe() {
  const created: unknown[] = [];
  const refunds: { payment_intent: string; amount: number; idempotencyKey: string }[] = [];
  const client: StripeCheckoutClient = {
    checkout: {
      sessions: {
        async create(params) {
          created.push(params);
          sessions += 1;
          return { id: `cs_test_${sessions}`, url: `https://checkout.stripe.com/c/pay/cs_test_${sessions}` };
        },
        async retrieve(id) {
          return { id, payment_intent: `pi_${id}` };
        },
      },
    },
    refunds: {
      async create(params, options) {
        refunds.push({ ...params, idempotencyKey: options.idempotencyKey });
        return { id: `re_${refunds.length}` };
      },
    },
  };
  return { created, refunds, gateway: createStripeGateway({ client, appUrl: t.app.deps.config.appUrl }) };
}

describe('startPayment with Stripe Checkout', () => {
  it.each([
    ['card', ['card']],
    ['paypal', ['paypal']],
    ['sepa', ['sepa_debit']],
    ['bank_redirect', ['ideal', 'bancontact', 'eps']],
  ] as const)(
    'asks Stripe for a %s session of the order total and sends the browser there',
    async (method, types) => {
      // As checkout leaves them: a SEPA order starts registered, the others pending (DESIGN §6 rule 10).
      const status = method === 'sepa' ? 'registered' : 'pending';
      const order = await insertOrder(t.db, { customerId, status, paymentMethod: method, total: 24_390 });
      const stripe = fakeStripe();
      const result = await startPayment(ctx, { orderId: order.id }, stripe.gateway);

      expect(result).toEqual({ redirect_url: `https://checkout.stripe.com/c/pay/cs_test_${sessions}` });
      expect(stripe.created).toEqual([
        {
          mode: 'payment',
          allowed_payment_method_types: types,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: 24_390,
                product_data: { name: `Order ${order.orderNo}` },
              },
            },
          ],
          client_reference_id: order.orderNo,
          metadata: { order_no: order.orderNo },
          customer_email: email,
          success_url: `https://shop.example.com/checkout/complete/${order.orderNo}`,
          cancel_url: `https://shop.example.com/checkout/complete/${order.orderNo}`,
        },
      ]);
      expect(await orderState(t.db, order.id)).toMatchObject({
        status,
        payments: [{ id: expect.any(Number), status: 'pending', amount: 24_390, gateway: 'stripe' }],
      });
      // The webhook finds the attempt again by its session id.
      const [stored] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(stored?.externalId).toBe(`cs_test_${sessions}`);
    },
  );

  it('refuses an order cancelled while the gateway was answering, and records no payment', async () => {
    const order = await insertOrder(t.db, { customerId });
    const cancelling: PaymentGateway = {
      name: 'test',
      async createCheckout() {
        await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
        return { externalId: 'cancelled-meanwhile', redirectUrl: '/payments/test/cancelled-meanwhile' };
      },
    };
    await expect(startPayment(ctx, { orderId: order.id }, cancelling)).rejects.toMatchObject({
      status: 409,
      message: messages.orderNotPayable,
    });
    expect((await orderState(t.db, order.id)).payments).toEqual([]);
  });

  it.each(['cash_on_delivery', 'as_agreed'] as const)(
    'never asks the gateway for a registered %s order',
    async (method) => {
      const order = await insertOrder(t.db, { customerId, status: 'registered', paymentMethod: method });
      const stripe = fakeStripe();
      await expect(startPayment(ctx, { orderId: order.id }, stripe.gateway)).rejects.toMatchObject({
        status: 409,
        message: messages.orderNotPaidOnline,
      });
      expect(stripe.created).toEqual([]);
      expect((await orderState(t.db, order.id)).payments).toEqual([]);
    },
  );
});

describe('refundOrder with Stripe', () => {
  it('refunds what a cancelled order collected through the payment intent, once, and records it', async () => {
    const { refunds, gateway } = fakeStripe();
    const order = await insertOrder(t.db, { customerId, status: 'cancelled', total: 4321 });
    const [paid] = await t.db
      .insert(payments)
      .values({
        orderId: order.id,
        gateway: 'stripe',
        method: 'card',
        amount: 4321,
        amountPaid: 4321,
        status: 'approved',
        externalId: 'cs_test_paid_after_cancel',
      })
      .returning();
    const staff = { ...ctx, actor: { userId: 1, customerId: null, isSuperAdmin: true } } as unknown as Ctx;

    expect(await refundOrder(staff, order.orderNo, gateway)).toEqual({ refunded: 4321, via: 'gateway' });
    expect(refunds).toEqual([
      {
        payment_intent: 'pi_cs_test_paid_after_cancel',
        amount: 4321,
        idempotencyKey: `refund-${paid!.id}-0`,
      },
    ]);
    const [after] = await t.db.select().from(payments).where(eq(payments.id, paid!.id));
    expect([after!.refundedAmount, after!.refundReference]).toEqual([4321, 're_1']);
    await expect(refundOrder(staff, order.orderNo, gateway)).rejects.toThrow(messages.nothingToRefund);
    expect(refunds).toHaveLength(1);
  });
});

describe('configuredGateway', () => {
  it('uses Stripe when STRIPE_SECRET_KEY is set, else the built-in test gateway', () => {
    expect(
      configuredGateway(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' }))
        ?.name,
    ).toBe('stripe');
    expect(configuredGateway(loadConfig({}))?.name).toBe('test');
  });

  it('has no gateway in production without Stripe, unless PAYMENTS_TEST_MODE=true', () => {
    expect(configuredGateway(loadConfig({ NODE_ENV: 'production' }))).toBeNull();
    expect(configuredGateway(loadConfig({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' }))?.name).toBe(
      'test',
    );
  });

  it('refuses to start with a Stripe key but no webhook secret, which would leave orders pending', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(
      'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
    );
  });
});
