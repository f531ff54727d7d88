import type { CustomerOrderRow, CustomerOrderSummary, Page } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct } from '../orders/checkout.fixtures';
import { type CustomerShop, openCustomerShop, orderAt } from './customer-orders.fixtures';

/**
 * GET /api/customer/{id}/orders, /api/customers/{id}/order-rows and /on-shipping-rows: the customer's
 * own lists, newest order first or oldest row first, paginated (DESIGN §5).
 */

let shop: CustomerShop;
let alice: number;
let bob: number;
type Placed = Awaited<ReturnType<typeof orderAt>>;
let first: Placed;
let second: Placed;
let third: Placed;

beforeAll(async () => {
  shop = await openCustomerShop();
  alice = shop.buyers.alice.customerId;
  bob = shop.buyers.bob.customerId;
  const cd = await addProduct(shop.t.db, { price: 1290, stock: 20 });
  const book = await addProduct(shop.t.db, { price: 1500, stock: 20, vatRate: 400, category: 'EDITORIA' });
  const preorder = await addProduct(shop.t.db, { price: 2000, stock: 1, preorder: true });
  first = await orderAt(shop, 'alice', '2026-11-01T09:00:00Z', [
    [cd.id, 3],
    [preorder.id, 4],
  ]);
  second = await orderAt(shop, 'alice', '2026-11-10T09:00:00Z', [[book.id, 1]], 'card');
  third = await orderAt(shop, 'alice', '2026-11-20T09:00:00Z', [[cd.id, 2]]);
  // The third is on its way; a shipped row and a cancelled order must not show as open.
  await shop.t.db.execute(sql`update orders set status = 'delivered' where id = ${third.id}`);
  await orderAt(shop, 'bob', '2026-11-12T09:00:00Z', [[cd.id, 1]]);
});
afterAll(() => shop.t.close());

const get = (who: 'alice' | 'bob', url: string) => shop.buyers[who].client.get(url);

describe('GET /api/customer/{id}/orders', () => {
  it('lists the customer’s orders newest first, two a page, with totals and tracking step', async () => {
    const res = await get('alice', `/api/customer/${alice}/orders?per_page=2`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page<CustomerOrderSummary>;
    expect(page.meta).toEqual({ total: 3, page: 1, per_page: 2 });
    expect(page.data).toEqual([
      {
        id: third.id,
        orderNo: third.orderNo,
        date: '2026-11-20T09:00:00.000Z',
        status: 'delivered',
        payment_method: 'cash_on_delivery',
        // 2 × 12.90 + 22% = 31.48; shipping 6.90 + VAT = 8.42; cash fee 5.00 + VAT = 6.10.
        total: 3148 + 842 + 610,
        total_without_taxes: 2580 + 690 + 500,
        tracking_step: 3,
        rows_count: 1,
        placed_by: 'alice@example.com',
      },
      {
        id: second.id,
        orderNo: second.orderNo,
        date: '2026-11-10T09:00:00.000Z',
        status: 'pending',
        payment_method: 'card',
        // 15.00 + 4% = 15.60; shipping 8.42; no cash fee.
        total: 1560 + 842,
        total_without_taxes: 1500 + 690,
        tracking_step: 1,
        rows_count: 1,
        placed_by: 'alice@example.com',
      },
    ]);
    const next = (await get('alice', `/api/customer/${alice}/orders?per_page=2&page=2`)).json();
    expect(next.meta).toEqual({ total: 3, page: 2, per_page: 2 });
    expect(next.data.map((o: CustomerOrderSummary) => [o.orderNo, o.rows_count, o.total])).toEqual([
      [first.orderNo, 2, first.total],
    ]);
  });

  it('filters by status', async () => {
    const page = (await get('alice', `/api/customer/${alice}/orders?status=pending`)).json();
    expect(page.meta).toEqual({ total: 1, page: 1, per_page: 25 });
    expect(page.data.map((o: CustomerOrderSummary) => o.orderNo)).toEqual([second.orderNo]);
    const none = (await get('alice', `/api/customer/${alice}/orders?status=cancelled`)).json();
    expect(none).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 25 } });
  });

  it('refuses an unknown status or page size with 422', async () => {
    const bad = await get('alice', `/api/customer/${alice}/orders?status=new`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ status: ['Invalid value'] });
    expect((await get('alice', `/api/customer/${alice}/orders?per_page=101`)).statusCode).toBe(422);
  });

  it('answers 404 for another customer’s id, any list to an admin, 401 to a visitor', async () => {
    expect((await get('bob', `/api/customer/${alice}/orders`)).statusCode).toBe(404);
    const bobs = (await get('bob', `/api/customer/${bob}/orders`)).json();
    expect(bobs.meta.total).toBe(1);
    const admin = await shop.clients.admin.get(`/api/customer/${alice}/orders`);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().meta.total).toBe(3);
    expect((await shop.visitor.get(`/api/customer/${alice}/orders`)).statusCode).toBe(401);
  });
});

describe('GET /api/customers/{id}/order-rows', () => {
  it('lists the rows still to ship of open orders, with their quantities', async () => {
    const res = await get('alice', `/api/customers/${alice}/order-rows`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page<CustomerOrderRow>;
    expect(page.meta).toEqual({ total: 3, page: 1, per_page: 25 });
    const [cd, preorder] = first.rows;
    expect(page.data.map((r) => [r.orderNo, r.product_sku, r.quantities, r.status, r.order_status])).toEqual([
      [
        first.orderNo,
        cd!.product_sku,
        { ordered: 3, shipped: 0, cancelled: 0, residual: 3, ready: 3 },
        'not_shipped',
        'registered',
      ],
      [
        first.orderNo,
        preorder!.product_sku,
        { ordered: 4, shipped: 0, cancelled: 0, residual: 4, ready: 1 },
        'not_shipped',
        'registered',
      ],
      [
        second.orderNo,
        second.rows[0]!.product_sku,
        { ordered: 1, shipped: 0, cancelled: 0, residual: 1, ready: 1 },
        'not_shipped',
        'pending',
      ],
    ]);
    expect(page.data[0]).toMatchObject({
      order_date: '2026-11-01T09:00:00.000Z',
      description: cd!.description,
      processing_date: null,
      is_preorder: false,
    });
  });

  it('keeps only rows with a ready quantity when ready=true, leaves out shipped and cancelled ones', async () => {
    await shop.t.db.execute(sql`update order_rows set ready_qty = 0 where id = ${first.rows[1]!.id}`);
    try {
      const ready = (await get('alice', `/api/customers/${alice}/order-rows?ready=true`)).json();
      expect(ready.data.map((r: CustomerOrderRow) => r.id)).toEqual([first.rows[0]!.id, second.rows[0]!.id]);
      expect(ready.meta.total).toBe(2);
      await shop.t.db.execute(
        sql`update order_rows set shipped_qty = 1, cancelled_qty = 2, status = 'shipped' where id = ${first.rows[0]!.id}`,
      );
      const open = (await get('alice', `/api/customers/${alice}/order-rows`)).json();
      expect(open.data.map((r: CustomerOrderRow) => r.id)).toEqual([first.rows[1]!.id, second.rows[0]!.id]);
    } finally {
      await shop.t.db.execute(sql`update order_rows set ready_qty = 1 where id = ${first.rows[1]!.id}`);
      await shop.t.db.execute(
        sql`update order_rows set shipped_qty = 0, cancelled_qty = 0, status = 'not_shipped' where id = ${first.rows[0]!.id}`,
      );
    }
  });

  it('refuses a ready flag other than true or false with 422', async () => {
    const res = await get('alice', `/api/customers/${alice}/order-rows?ready=yes`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ ready: ['Invalid value'] });
  });

  it('answers 404 for another customer’s id, the list to an admin, 401 to a visitor', async () => {
    expect((await get('bob', `/api/customers/${alice}/order-rows`)).statusCode).toBe(404);
    expect((await get('bob', `/api/customers/${bob}/order-rows`)).json().meta.total).toBe(1);
    const admin = await shop.clients.admin.get(`/api/customers/${alice}/order-rows?ready=true`);
    expect(admin.json().meta.total).toBe(3);
    expect((await shop.visitor.get(`/api/customers/${alice}/order-rows`)).statusCode).toBe(401);
  });
});

describe('GET /api/customers/{id}/on-shipping-rows', () => {
  it('lists the rows of shipping requests with their processing date', async () => {
    const post = await shop.buyers.alice.client.post(`/api/customers/${alice}/shipping-requests`, {
      row_ids: [first.rows[0]!.id],
    });
    expect(post.statusCode, post.body).toBe(201);
    const page = (
      await get('alice', `/api/customers/${alice}/on-shipping-rows`)
    ).json() as Page<CustomerOrderRow>;
    expect(page.meta).toEqual({ total: 1, page: 1, per_page: 25 });
    expect(page.data.map((r) => [r.id, r.status, r.processing_date, r.quantities.ready])).toEqual([
      [first.rows[0]!.id, 'on_shipping', '2026-11-21', 3],
    ]);
    const open = (await get('alice', `/api/customers/${alice}/order-rows`)).json();
    expect(open.data.map((r: CustomerOrderRow) => r.id)).not.toContain(first.rows[0]!.id);
  });

  it('answers 404 for another customer’s id, the list to an admin, 401 to a visitor', async () => {
    expect((await get('bob', `/api/customers/${alice}/on-shipping-rows`)).statusCode).toBe(404);
    expect((await get('bob', `/api/customers/${bob}/on-shipping-rows`)).json().meta.total).toBe(0);
    expect((await shop.clients.admin.get(`/api/customers/${alice}/on-shipping-rows`)).json().meta.total).toBe(
      1,
    );
    expect((await shop.visitor.get(`/api/customers/${alice}/on-shipping-rows`)).statusCode).toBe(401);
  });
});
