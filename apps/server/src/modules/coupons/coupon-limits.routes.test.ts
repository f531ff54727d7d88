import { type CouponOrder, messages } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { line, openShop, rowsOf, type Shop } from '../orders/checkout.fixtures';
import { createCoupon, orderWith, stockedProduct } from './coupon-limits.fixtures';

/**
 * Issue 20 point 5 at checkout, one order after another (PGlite): usage limits in total and per
 * customer counted from the orders not cancelled, restrictions, minimum order, and the usage report.
 * coupons.concurrency.test.ts races 20 orders on PostgreSQL.
 */

let shop: Shop;
let productId: number;

beforeAll(async () => {
  shop = await openShop();
  productId = (await stockedProduct(shop)).id;
});
afterAll(() => shop.t.close());

const statusOf = (res: { statusCode: number }) => res.statusCode;
const couponErrors = (res: { json: () => { errors?: unknown } }) => res.json().errors;

describe('coupon limits at checkout', () => {
  it('a usage limit of 3: three orders pass, the fourth is refused; a cancelled order frees its use', async () => {
    const id = await createCoupon(shop, { code: 'TRE-VOLTE', usage_limit: 3 });
    expect(statusOf(await orderWith(shop, 'private', productId, 'tre-volte'))).toBe(201);
    expect(statusOf(await orderWith(shop, 'private', productId, 'TRE-VOLTE'))).toBe(201);
    const third = await orderWith(shop, 'company', productId, 'TRE-VOLTE');
    expect(third.statusCode, third.body).toBe(201);
    expect(third.json().order).toMatchObject({ coupon_code: 'TRE-VOLTE' });

    const fourth = await orderWith(shop, 'extra', productId, 'TRE-VOLTE');
    expect(fourth.statusCode).toBe(422);
    expect(couponErrors(fourth)).toEqual({ coupon_code: [messages.couponUsedUp] });
    // whoever spent a use is told he used it
    expect(couponErrors(await orderWith(shop, 'private', productId, 'TRE-VOLTE'))).toEqual({
      coupon_code: [messages.couponUsed],
    });
    const quote = await shop.clients.extra.post('/api/cart/quote', {
      products: [line(productId)],
      coupon_code: 'TRE-VOLTE',
    });
    expect(quote.json()).toMatchObject({ coupon: null, coupon_error: messages.couponUsedUp });
    expect((await shop.clients.admin.get(`/api/coupons/${id}`)).json()).toMatchObject({ used: 3 });

    await shop.t.db.execute(sql`update orders set status = 'cancelled' where id = ${third.json().order.id}`);
    expect(statusOf(await orderWith(shop, 'extra', productId, 'TRE-VOLTE'))).toBe(201);
    expect(statusOf(await orderWith(shop, 'company', productId, 'TRE-VOLTE'))).toBe(422);
  });

  it('a per-customer limit of 1: his second order is refused, another customer passes', async () => {
    await createCoupon(shop, { code: 'UNA-VOLTA', per_customer_limit: 1 });
    expect(statusOf(await orderWith(shop, 'private', productId, 'UNA-VOLTA'))).toBe(201);
    const again = await orderWith(shop, 'private', productId, 'UNA-VOLTA');
    expect(again.statusCode).toBe(422);
    expect(couponErrors(again)).toEqual({ coupon_code: [messages.couponUsed] });
    expect(statusOf(await orderWith(shop, 'company', productId, 'UNA-VOLTA'))).toBe(201);
  });

  it('a coupon restricted to a customer or a group reads as unknown to the others', async () => {
    const [company] = await rowsOf<{ group: number }>(
      shop.t.db,
      sql`select customer_group_id as "group" from customers where id = ${shop.ids.company}`,
    );
    await createCoupon(shop, {
      code: 'SOLO-GRUPPO',
      customer_group_ids: company!.group ? [company!.group] : [],
      customer_ids: company!.group ? [] : [shop.ids.company],
    });
    const other = await orderWith(shop, 'private', productId, 'SOLO-GRUPPO');
    expect(couponErrors(other)).toEqual({ coupon_code: [messages.couponUnknown] });
    expect(statusOf(await orderWith(shop, 'company', productId, 'SOLO-GRUPPO'))).toBe(201);
  });

  it('a minimum order is judged on the net before the coupon, and named in the message', async () => {
    await createCoupon(shop, { code: 'DA-50', min_order: 4000 });
    const quote = (quantity: number) =>
      shop.clients.private.post('/api/cart/quote', {
        products: [line(productId, quantity)],
        coupon_code: 'DA-50',
      });
    const below = (await quote(1)).json();
    expect(below).toMatchObject({
      coupon: null,
      coupon_error: 'This coupon needs an order of at least €40.00 net.',
    });
    expect(below.products[0]).toMatchObject({ coupon_rate: 0, unit_price: 2000 });
    // €40.00 net before the coupon reaches it, though the coupon takes it below
    const reached = (await quote(2)).json();
    expect(reached).toMatchObject({ coupon: { code: 'DA-50' }, coupon_error: null });
    expect(reached.products[0]).toMatchObject({ coupon_rate: 1000, unit_price: 1800 });
    const refused = await orderWith(shop, 'private', productId, 'DA-50');
    expect(couponErrors(refused)).toEqual({
      coupon_code: ['This coupon needs an order of at least €40.00 net.'],
    });
  });

  it('lists the orders that used a coupon, newest first, with what it took off', async () => {
    const id = await createCoupon(shop, { code: 'REPORT', value: 2500 });
    const first = (await orderWith(shop, 'private', productId, 'REPORT')).json().order;
    const second = (await orderWith(shop, 'company', productId, 'REPORT')).json().order;
    const [written] = await rowsOf<{ coupon_id: number }>(
      shop.t.db,
      sql`select coupon_id from orders where id = ${first.id}`,
    );
    expect(written!.coupon_id).toBe(id);
    const report = await shop.clients.admin.get(`/api/coupons/${id}/orders`);
    expect(report.statusCode).toBe(200);
    const rows = report.json().data as CouponOrder[];
    expect(rows.map((r) => r.order_id)).toEqual([second.id, first.id]);
    expect(rows[1]).toEqual({
      order_id: first.id,
      order_no: first.orderNo,
      date: first.date,
      customer_id: shop.ids.private,
      customer: expect.any(String),
      status: first.status,
      total: first.total,
      discount: 500,
    });
    const refused = await shop.clients.admin.delete(`/api/coupons/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Orders used this coupon: end its validity instead of deleting it.');
  });
});
