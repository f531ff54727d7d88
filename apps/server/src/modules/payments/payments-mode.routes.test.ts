import { messages } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, line, openShop, postOrder, type Shop, writtenRows } from '../orders/checkout.fixtures';
import { insertOrder } from './payments.fixtures';

/**
 * Issue 18 point 1: in production without Stripe the built-in test gateway takes no payment unless
 * PAYMENTS_TEST_MODE=true says so; GET /api/shop tells the web which way payments run.
 */

const production = { NODE_ENV: 'production', TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('production without a payment provider', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop(production);
  });
  afterAll(() => shop.t.close());

  it('says payments are off', async () => {
    expect((await shop.t.client().get('/api/shop')).json().payments_mode).toBe('off');
  });

  it.each(['card', 'paypal', 'sepa', 'bank_redirect'])(
    'refuses a %s checkout on payment_method, writing no order',
    async (method) => {
      const p = await addProduct(shop.t.db, { stock: 5 });
      const before = await writtenRows(shop.t.db);
      const res = await postOrder(shop, 'company', { products: [line(p.id)], payment_method: method });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        message: 'Online payments are not available: no payment provider is configured.',
        errors: { payment_method: [messages.onlinePaymentsOff] },
      });
      expect(await writtenRows(shop.t.db)).toEqual(before);
    },
  );

  it('still takes cash on delivery', async () => {
    const p = await addProduct(shop.t.db, { stock: 5 });
    const res = await postOrder(shop, 'company', { products: [line(p.id)] });
    expect(res.statusCode).toBe(201);
    expect(res.json().payment).toBeNull();
  });

  it('refuses to pay again an order awaiting an online payment, opening no attempt', async () => {
    const order = await insertOrder(shop.t.db, { customerId: shop.ids.company });
    const res = await shop.clients.company.post(`/api/orders/${order.orderNo}/payments`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.onlinePaymentsOff);
    expect((await shop.clients.company.get(`/api/orders/${order.orderNo}/payments`)).json().paid).toBe(0);
  });

  it("answers the test gateway's page and callback with the same refusal", async () => {
    const page = await shop.t.client().get(`/payments/test/${'a'.repeat(43)}`);
    expect(page.statusCode).toBe(409);
    expect(page.json().message).toBe(messages.onlinePaymentsOff);
    const decided = await shop.t.client().post(`/payments/test/${'a'.repeat(43)}`, 'outcome=approved', form);
    expect(decided.statusCode).toBe(409);
    const callback = await shop.t
      .client()
      .post(
        `/api/payments/test/callback?payment_id=1&outcome=approved&amount=100&event_id=${'e'.repeat(16)}&signature=x`,
      );
    expect(callback.statusCode).toBe(409);
    expect(callback.json().message).toBe(messages.onlinePaymentsOff);
  });
});

describe('production with PAYMENTS_TEST_MODE=true', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ ...production, PAYMENTS_TEST_MODE: 'true' });
  });
  afterAll(() => shop.t.close());

  it('takes card payments through the test gateway and says so', async () => {
    expect((await shop.t.client().get('/api/shop')).json().payments_mode).toBe('test');
    const p = await addProduct(shop.t.db, { stock: 5 });
    const res = await postOrder(shop, 'company', { products: [line(p.id)], payment_method: 'card' });
    expect(res.statusCode).toBe(201);
    expect(res.json().payment.redirect_url).toMatch(/^\/payments\/test\/[\w-]+$/);
  });
});
