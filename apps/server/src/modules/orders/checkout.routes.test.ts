import { messages, type PlacedOrder } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  addressesOf,
  line,
  newKey,
  openShop,
  postOrder,
  type Shop,
  stockOf,
  type Who,
  writtenRows,
} from './checkout.fixtures';

/**
 * POST /api/orders refusals and retries: each bad request gets a clear 4xx and writes nothing (no order,
 * no row, no reservation); the Idempotency-Key turns retries into the same order.
 */

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.t.close());

const order = (who: Who, body: Record<string, unknown>, headers?: Record<string, string>) =>
  postOrder(shop, who, body, headers);

describe('refusals change nothing', () => {
  it('refuses a product that ran out with 409 naming it, writing nothing', async () => {
    const ok = await addProduct(shop.t.db, { stock: 5 });
    const gone = await addProduct(shop.t.db, { stock: 1 });
    await shop.t.db.execute(sql`update stocks set on_hand = 0 where product_id = ${gone.id}`);
    const before = await writtenRows(shop.t.db);
    const res = await order('private', { products: [line(ok.id), line(gone.id)] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.outOfStock.replace(':product', gone.description));
    expect(await writtenRows(shop.t.db)).toEqual(before);
    expect(await stockOf(shop.t.db, ok.id)).toMatchObject({ available: 5, ordered: 0 });
  });

  it('refuses more than the stock with 409 saying how many can be ordered', async () => {
    const few = await addProduct(shop.t.db, { stock: 2 });
    const before = await writtenRows(shop.t.db);
    const res = await order('private', { products: [line(few.id, 3)] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      messages.quantityChanged.replace(':quantity', '2').replace(':product', few.description),
    );
    expect(await writtenRows(shop.t.db)).toEqual(before);
  });

  it('refuses a total different from the one shown (409) and writes nothing', async () => {
    const p = await addProduct(shop.t.db, { stock: 5 });
    const before = await writtenRows(shop.t.db);
    const res = await order('private', { products: [line(p.id)], expected_total: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.totalChanged);
    expect(await writtenRows(shop.t.db)).toEqual(before);
  });

  it('refuses the same Idempotency-Key with a different cart (422) and writes nothing (issue 16, defect 7)', async () => {
    const first = await addProduct(shop.t.db, { stock: 5 });
    const other = await addProduct(shop.t.db, { stock: 5 });
    const key = newKey();
    const placed = await order('private', { products: [line(first.id)] }, key);
    expect(placed.statusCode).toBe(201);
    const before = await writtenRows(shop.t.db);
    const reused = await order('private', { products: [line(other.id, 2)] }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      message: messages.idempotencyKeyReused,
      errors: { 'idempotency-key': [messages.idempotencyKeyReused] },
    });
    expect(await writtenRows(shop.t.db)).toEqual(before);
    expect(await stockOf(shop.t.db, other.id)).toMatchObject({ available: 5, ordered: 0 });
    // The same order again, its fields in another order, is still a replay.
    const addresses = await addressesOf(shop, 'private');
    const replay = await order(
      'private',
      { shipping: addresses.shipping, billing: addresses.billing, products: [line(first.id)] },
      key,
    );
    expect(replay.statusCode).toBe(200);
    expect((replay.json() as PlacedOrder).order.orderNo).toBe((placed.json() as PlacedOrder).order.orderNo);
  });

  it("refuses another customer's address id (404) and writes nothing", async () => {
    const p = await addProduct(shop.t.db, { stock: 5 });
    const theirs = await addressesOf(shop, 'company');
    const before = await writtenRows(shop.t.db);
    const res = await order('private', { products: [line(p.id)], shipping: theirs.shipping });
    expect(res.statusCode).toBe(404);
    const billed = await order('private', { products: [line(p.id)], billing: theirs.billing });
    expect(billed.statusCode).toBe(404);
    expect(await writtenRows(shop.t.db)).toEqual(before);
  });

  it.each([
    ['no Idempotency-Key', {}],
    ['an empty Idempotency-Key', { 'idempotency-key': '' }],
    ['a 201-character Idempotency-Key', { 'idempotency-key': 'k'.repeat(201) }],
  ])('refuses %s with 422', async (_name, headers) => {
    const p = await addProduct(shop.t.db, { stock: 5 });
    const before = await writtenRows(shop.t.db);
    expect((await order('private', { products: [line(p.id)] }, headers)).statusCode).toBe(422);
    expect(await writtenRows(shop.t.db)).toEqual(before);
  });

  it.each([
    ['a negative quantity', [{ id: 1, isVariant: false, quantity: -1 }]],
    ['a fractional quantity', [{ id: 1, isVariant: false, quantity: 0.5 }]],
    ['a price', [{ id: 1, isVariant: false, quantity: 1, price: 1 }]],
    ['no products', []],
  ])('refuses %s with 422', async (_name, products) => {
    expect((await order('private', { products })).statusCode).toBe(422);
  });

  it('refuses an unknown product with 422', async () => {
    const before = await writtenRows(shop.t.db);
    const res = await order('private', { products: [line(99_999_999)] });
    expect(res.statusCode).toBe(422);
    expect(await writtenRows(shop.t.db)).toEqual(before);
  });

  it('uses a one-customer coupon once: a second order with it is refused (422) and writes nothing', async () => {
    const p = await addProduct(shop.t.db, { price: 2000, stock: 5, category: 'HI_FI' });
    const first = await order('company', { products: [line(p.id)], coupon_code: 'DISCHIROSSI15' });
    expect(first.statusCode).toBe(201);
    expect(first.json().order).toMatchObject({
      coupon_code: 'DISCHIROSSI15',
      total_without_taxes: 1666 + 690 + 500,
    });
    const before = await writtenRows(shop.t.db);
    const again = await order('company', { products: [line(p.id)], coupon_code: 'DISCHIROSSI15' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ coupon_code: [messages.couponUsed] });
    expect(await writtenRows(shop.t.db)).toEqual(before);
    const quote = await shop.clients.company.post('/api/cart/quote', {
      products: [line(p.id)],
      coupon_code: 'DISCHIROSSI15',
    });
    expect(quote.json().coupon_error).toBe(messages.couponUsed);
  });

  it('keeps a shop-wide coupon valid after use', async () => {
    const p = await addProduct(shop.t.db, { stock: 5 });
    expect((await order('private', { products: [line(p.id)], coupon_code: 'BENVENUTO10' })).statusCode).toBe(
      201,
    );
    expect((await order('private', { products: [line(p.id)], coupon_code: 'BENVENUTO10' })).statusCode).toBe(
      201,
    );
  });
});

describe('Idempotency-Key', () => {
  it('returns the same order for 20 retries with one key (200), reserving and mailing once', async () => {
    const p = await addProduct(shop.t.db, { stock: 50 });
    const key = newKey();
    const mails = shop.t.mails.length;
    const first = await order('private', { products: [line(p.id, 2)] }, key);
    expect(first.statusCode).toBe(201);
    const before = await writtenRows(shop.t.db);
    for (let i = 0; i < 20; i++) {
      const retry = await order('private', { products: [line(p.id, 2)] }, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
    }
    expect(await writtenRows(shop.t.db)).toEqual(before);
    expect(await stockOf(shop.t.db, p.id)).toMatchObject({ available: 48, ordered: 2 });
    expect(shop.t.mails.length).toBe(mails + 1);
  });

  it('scopes keys per customer: the same key from another customer is another order', async () => {
    const p = await addProduct(shop.t.db, { stock: 5 });
    const key = newKey();
    const a = (await order('private', { products: [line(p.id)] }, key)).json() as PlacedOrder;
    const b = (await order('company', { products: [line(p.id)] }, key)).json() as PlacedOrder;
    expect(a.order.orderNo).not.toBe(b.order.orderNo);
  });
});
