import { messages, type ShippingRequest } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addProduct, rowsOf } from '../orders/checkout.fixtures';
import {
  type CustomerShop,
  countOf,
  openCustomerShop,
  orderAt,
  storedRows,
} from './customer-orders.fixtures';

/**
 * Shipping requests (DESIGN §6 rule 12, SPEC §9): ready rows go on_shipping in one transaction, the
 * request processed today when received by 14:00 Europe/Rome, else tomorrow; refusals change nothing.
 */

let shop: CustomerShop;
let alice: number;
let bob: number;
type Placed = Awaited<ReturnType<typeof orderAt>>;

beforeAll(async () => {
  shop = await openCustomerShop();
  alice = shop.buyers.alice.customerId;
  bob = shop.buyers.bob.customerId;
});
afterAll(() => shop.t.close());
beforeEach(() => {
  shop.t.clock.now = new Date('2026-11-21T10:00:00Z');
});

const post = (
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  who: 'alice' | 'bob' = 'alice',
  id = alice,
) => shop.buyers[who].client.post(`/api/customers/${id}/shipping-requests`, body, headers);

/** An order of Alice's with a fully ready row, a part-ready pre-order row and a row with nothing ready. */
async function aliceOrder(): Promise<Placed> {
  const cd = await addProduct(shop.t.db, { stock: 10 });
  const partly = await addProduct(shop.t.db, { stock: 2, preorder: true });
  const none = await addProduct(shop.t.db, { stock: 0, preorder: true });
  return orderAt(shop, 'alice', '2026-11-02T09:00:00Z', [
    [cd.id, 3],
    [partly.id, 5],
    [none.id, 1],
  ]);
}

describe('GET /api/customers/{id}/shipping-requests/processing-date', () => {
  it.each([
    ['2026-11-21T12:59:59Z', '2026-11-21'],
    ['2026-11-21T13:00:00Z', '2026-11-21'],
    ['2026-11-21T13:00:01Z', '2026-11-22'],
    ['2026-07-14T12:00:01Z', '2026-07-15'],
  ])('at %s answers %s', async (now, expected) => {
    shop.t.clock.now = new Date(now);
    const res = await shop.buyers.alice.client.get(
      `/api/customers/${alice}/shipping-requests/processing-date`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ processing_date: expected });
  });

  it('answers 404 for another customer’s id, an admin for anyone, 401 to a visitor', async () => {
    const url = `/api/customers/${alice}/shipping-requests/processing-date`;
    expect((await shop.buyers.bob.client.get(url)).statusCode).toBe(404);
    expect((await shop.clients.admin.get(url)).json()).toEqual({ processing_date: '2026-11-21' });
    expect((await shop.visitor.get(url)).statusCode).toBe(401);
  });
});

describe('POST /api/customers/{id}/shipping-requests', () => {
  it('puts ready rows on shipping, processed today when asked by 14:00 Europe/Rome', async () => {
    const order = await aliceOrder();
    const [full, partly] = order.rows;
    shop.t.clock.now = new Date('2026-11-21T12:59:00Z'); // 13:59 in Rome
    const res = await post({ row_ids: [partly!.id, full!.id] });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as ShippingRequest;
    expect(body.processing_date).toBe('2026-11-21');
    expect(body.requested_by).toBe('alice@example.com');
    expect(
      body.rows.map((r) => [r.id, r.status, r.processing_date, r.quantities.residual, r.quantities.ready]),
    ).toEqual([
      [full!.id, 'on_shipping', '2026-11-21', 3, 3],
      [partly!.id, 'on_shipping', '2026-11-21', 5, 2],
    ]);
    expect(
      (await storedRows(shop, [full!.id, partly!.id])).map((r) => [r.status, r.shipping_request_id]),
    ).toEqual([
      ['on_shipping', body.id],
      ['on_shipping', body.id],
    ]);
    const [request] = await rowsOf<{ customer_id: number; processing_date: string }>(
      shop.t.db,
      sql`select customer_id, processing_date::text from shipping_requests where id = ${body.id}`,
    );
    expect(request).toEqual({ customer_id: alice, processing_date: '2026-11-21' });
    // The part-ready row moved whole: its 3 units not ready stay a backorder.
    const backorders = (await shop.buyers.alice.client.get(`/api/customers/${alice}/backorders`)).json();
    expect(backorders.data.find((r: { id: number }) => r.id === partly!.id)).toMatchObject({
      status: 'on_shipping',
      backorder: 3,
    });
  });

  it('dates a request received after 14:00 Europe/Rome the next day', async () => {
    const order = await aliceOrder();
    shop.t.clock.now = new Date('2026-11-21T13:00:01Z'); // 14:00:01 in Rome
    const res = await post({ row_ids: [order.rows[0]!.id] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().processing_date).toBe('2026-11-22');
    expect(res.json().rows[0].processing_date).toBe('2026-11-22');
  });

  it('answers a replay with the same Idempotency-Key with the same request, writing nothing again', async () => {
    const order = await aliceOrder();
    const key = { 'idempotency-key': 'ship-once' };
    const first = await post({ row_ids: [order.rows[0]!.id] }, key);
    expect(first.statusCode).toBe(201);
    const requests = await countOf(shop, 'shipping_requests');
    shop.t.clock.now = new Date('2026-11-21T15:00:00Z');
    const again = await post({ row_ids: [order.rows[0]!.id] }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // The same key with other rows is a client's mistake, not a retry: 422, and nothing else moves.
    const other = await post({ row_ids: [order.rows[1]!.id] }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      message: messages.idempotencyKeyReused,
      errors: { 'idempotency-key': [messages.idempotencyKeyReused] },
    });
    expect(await countOf(shop, 'shipping_requests')).toBe(requests);
    expect((await storedRows(shop, [order.rows[1]!.id]))[0]!.status).toBe('not_shipped');
  });

  it('refuses a row with nothing ready with 422 naming it, changing nothing', async () => {
    const order = await aliceOrder();
    const [full, , none] = order.rows;
    const requests = await countOf(shop, 'shipping_requests');
    const res = await post({ row_ids: [full!.id, none!.id] });
    expect(res.statusCode).toBe(422);
    const message = `Row ${none!.product_sku} of order ${order.orderNo} is not ready for shipping`;
    expect(res.json()).toEqual({ message, errors: { row_ids: [message] } });
    expect(
      (await storedRows(shop, [full!.id, none!.id])).map((r) => [r.status, r.shipping_request_id]),
    ).toEqual([
      ['not_shipped', null],
      ['not_shipped', null],
    ]);
    expect(await countOf(shop, 'shipping_requests')).toBe(requests);
  });

  it('refuses a row already on shipping, and one of an order awaiting payment', async () => {
    const order = await aliceOrder();
    expect((await post({ row_ids: [order.rows[0]!.id] })).statusCode).toBe(201);
    const twice = await post({ row_ids: [order.rows[0]!.id] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(
      `Row ${order.rows[0]!.product_sku} of order ${order.orderNo} is not ready for shipping`,
    );
    const cd = await addProduct(shop.t.db, { stock: 5 });
    const unpaid = await orderAt(shop, 'alice', '2026-11-20T09:00:00Z', [[cd.id, 1]], 'card');
    expect(unpaid.status).toBe('pending');
    const res = await post({ row_ids: [unpaid.rows[0]!.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`Row ${cd.sku} of order ${unpaid.orderNo} is not ready for shipping`);
  });

  it('refuses another customer’s row without telling anything of it, changing nothing', async () => {
    const mine = await aliceOrder();
    const cd = await addProduct(shop.t.db, { stock: 5 });
    const bobs = await orderAt(shop, 'bob', '2026-11-03T09:00:00Z', [[cd.id, 2]]);
    const requests = await countOf(shop, 'shipping_requests');
    const res = await post({ row_ids: [mine.rows[0]!.id, bobs.rows[0]!.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Invalid value', errors: { row_ids: ['Invalid value'] } });
    expect((await post({ row_ids: [999_999] })).json().message).toBe('Invalid value');
    expect((await storedRows(shop, [mine.rows[0]!.id, bobs.rows[0]!.id])).map((r) => r.status)).toEqual([
      'not_shipped',
      'not_shipped',
    ]);
    expect(await countOf(shop, 'shipping_requests')).toBe(requests);
  });

  it('answers 404 on another customer’s id, 401 to a visitor; an admin may ask for a customer', async () => {
    const order = await aliceOrder();
    const body = { row_ids: [order.rows[0]!.id] };
    expect((await post(body, {}, 'bob', alice)).statusCode).toBe(404);
    expect((await storedRows(shop, [order.rows[0]!.id]))[0]!.status).toBe('not_shipped');
    await shop.visitor.get('/sanctum/csrf-cookie');
    expect((await shop.visitor.post(`/api/customers/${alice}/shipping-requests`, body)).statusCode).toBe(401);
    const admin = await shop.clients.admin.post(`/api/customers/${alice}/shipping-requests`, body);
    expect(admin.statusCode).toBe(201);
    expect(admin.json().rows.map((r: { status: string }) => r.status)).toEqual(['on_shipping']);
    expect(
      (await shop.buyers.bob.client.get(`/api/customers/${bob}/on-shipping-rows`)).json().meta.total,
    ).toBe(0);
  });

  it('refuses an empty or malformed body with 422', async () => {
    expect((await post({ row_ids: [] })).json().errors).toEqual({ row_ids: ['Invalid length'] });
    expect((await post({ row_ids: ['x'] })).statusCode).toBe(422);
    expect((await post({})).statusCode).toBe(422);
  });
});
