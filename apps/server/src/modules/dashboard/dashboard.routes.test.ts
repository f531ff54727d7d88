import type { Dashboard, OrderStatus } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpSyncs, imports, orderRows, orders } from '../../db/schema';
import { ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/demo';
import type { TestClient } from '../../test/app';
import { addProduct, openShop, rowsOf, type Shop } from '../orders/checkout.fixtures';

/**
 * The back office's home (issue 22 point 6): sales today and this month against last year on Europe/Rome
 * days, orders waiting for staff, failed payments, ERP failures, imports running, products running out,
 * pre-orders of the week, sales by day and category; and each figure's link, asked of its list's API,
 * answers the same total (issue 22 Proof: 'the dashboard's figures equal the lists they link to').
 */

let shop: Shop;
// Monday 31 March 2031, noon in Rome: summer time began on Sunday the 30th; in 2030 it began on the 31st.
const NOW = new Date('2031-03-31T10:00:00Z');
let seq = 0;
let productId: number;
let admin: TestClient;
let customer: TestClient;

const address = {
  firstname: 'Ada',
  lastname: 'Test',
  company: null,
  co: null,
  address: 'Via Roma 1',
  postcode: '00100',
  city: 'Roma',
  state: null,
  country: 'IT',
  phone: null,
};

/** An order placed at `at` (an instant) in `status` for `total` cents, with one row of `productId`. */
async function placeOrder(at: string, total: number, status: OrderStatus = 'confirmed') {
  seq += 1;
  const [order] = await shop.t.db
    .insert(orders)
    .values({
      orderNo: `DASH-${String(seq).padStart(4, '0')}`,
      customerId: shop.ids.company,
      date: new Date(at),
      status,
      paymentMethod: 'as_agreed',
      shippingAddress: address,
      billingAddress: address,
      vat: 0,
      total,
      totalWithoutTaxes: total,
    })
    .returning({ id: orders.id, orderNo: orders.orderNo });
  await shop.t.db.insert(orderRows).values({
    orderId: order!.id,
    productId,
    productSku: 'DASH',
    description: 'Dashboard test row',
    orderedQty: 1,
    price: total,
    vatRate: 0,
    subtotal: total,
  });
  return order!;
}

/** The dashboard now, past its few seconds of cache (the clock moves on 10 s, the day stays the same). */
async function dashboard(): Promise<Dashboard> {
  shop.t.clock.now = new Date(shop.t.clock.now.getTime() + 10_000);
  const res = await admin.get('/api/backoffice/dashboard');
  expect(res.statusCode).toBe(200);
  return res.json() as Dashboard;
}

/** The total of the list a dashboard link opens, asked of that list's API. */
async function listTotal(link: string): Promise<number> {
  const url = new URL(link, 'http://shop.test');
  const api = { '/backoffice/orders': '/api/orders', '/backoffice/products': '/api/backoffice/products' }[
    url.pathname
  ];
  expect(api, link).toBeDefined();
  url.searchParams.set('per_page', '1');
  const res = await admin.get(`${api}?${url.searchParams}`);
  expect(res.statusCode, link).toBe(200);
  return (res.json() as { meta: { total: number } }).meta.total;
}

beforeAll(async () => {
  shop = await openShop();
  shop.t.clock.now = NOW;
  // Sessions opened at the demo's date have expired by 2031: sign in again.
  admin = shop.t.client();
  customer = shop.t.client();
  expect((await admin.login(ACCOUNTS.admin, DEMO_PASSWORD)).statusCode).toBe(200);
  expect((await customer.login(ACCOUNTS.company, DEMO_PASSWORD)).statusCode).toBe(200);
  productId = (await addProduct(shop.t.db, { category: 'HI_FI', stock: 100 })).id;
});
afterAll(() => shop.t.close());

describe('who may see it', () => {
  it('refuses a customer with 403 and a visitor with 401', async () => {
    expect((await customer.get('/api/backoffice/dashboard')).statusCode).toBe(403);
    expect((await shop.t.client().get('/api/backoffice/dashboard')).statusCode).toBe(401);
  });
});

describe('sales against last year, on Europe/Rome days', () => {
  it('counts orders and revenue to the cent, today and this month, and the same days last year', async () => {
    // Today (31 March 2031, CEST): 00:30 in Rome is 22:30Z the day before; 23:59 the day before is not today.
    await placeOrder('2031-03-30T22:30:00Z', 12_345);
    await placeOrder('2031-03-31T09:59:00Z', 1, 'awaiting_approval');
    await placeOrder('2031-03-31T08:00:00Z', 99_999, 'cancelled');
    await placeOrder('2031-03-30T21:59:00Z', 500);
    // This month: 1 March 00:30 in Rome (CET) is 23:30Z on 28 February; 23:59 on the 28th is February.
    await placeOrder('2031-02-28T23:30:00Z', 700, 'shipped');
    await placeOrder('2031-02-28T22:59:00Z', 10_000);
    // Last year's 31 March (CET until 01:00Z): 00:30 in Rome is 23:30Z on the 30th.
    await placeOrder('2030-03-30T23:30:00Z', 4_321, 'closed');
    await placeOrder('2030-03-30T22:30:00Z', 1_000, 'delivered');
    await placeOrder('2030-03-01T00:00:00Z', 50);
    await placeOrder('2030-04-01T00:00:00Z', 77_777);

    const d = await dashboard();
    expect(d.today).toBe('2031-03-31');
    expect(d.today_sales.current).toMatchObject({ from: '2031-03-31', orders: 2, revenue: 12_346 });
    expect(d.today_sales.last_year).toMatchObject({ from: '2030-03-31', orders: 1, revenue: 4_321 });
    expect(d.month_sales.current).toMatchObject({
      from: '2031-03-01',
      to: '2031-03-31',
      orders: 4,
      revenue: 13_546,
    });
    expect(d.month_sales.last_year).toMatchObject({
      from: '2030-03-01',
      to: '2030-03-31',
      orders: 3,
      revenue: 5_371,
    });
    expect(d.sales_by_day).toHaveLength(30);
    expect(d.sales_by_day[0]!.date).toBe('2031-03-02');
    expect(d.sales_by_day.at(-1)).toEqual({ date: '2031-03-31', orders: 2, revenue: 12_346 });
    expect(d.sales_by_day.find((s) => s.date === '2031-03-30')).toEqual({
      date: '2031-03-30',
      orders: 1,
      revenue: 500,
    });
    expect(d.sales_by_category).toEqual([{ category: expect.any(String), revenue: 13_546 }]);

    for (const p of [
      d.today_sales.current,
      d.today_sales.last_year,
      d.month_sales.current,
      d.month_sales.last_year,
    ]) {
      expect(await listTotal(p.link), p.link).toBe(p.orders);
    }
  });
});

describe('what waits for staff', () => {
  it('counts each figure as its list does, and a new record moves both by one', async () => {
    const before = await dashboard();
    const failed = await placeOrder('2031-03-29T10:00:00Z', 2_000, 'failed_payment');
    await placeOrder('2031-03-29T11:00:00Z', 2_000, 'ready_to_ship');
    const synced = await placeOrder('2031-03-29T12:00:00Z', 2_000, 'registered');
    await shop.t.db
      .insert(erpSyncs)
      .values([{ entity: 'order', entityId: synced.id, key: synced.orderNo, status: 'failed' }]);
    // A failure followed by a newer sync that went through is no longer a failure.
    await shop.t.db
      .insert(erpSyncs)
      .values([{ entity: 'order', entityId: failed.id, key: failed.orderNo, status: 'failed' }]);
    await shop.t.db
      .insert(erpSyncs)
      .values([{ entity: 'order', entityId: failed.id, key: failed.orderNo, status: 'sent' }]);
    await addProduct(shop.t.db, { stock: 3 });
    await addProduct(shop.t.db, { stock: 0 });
    const preorder = await addProduct(shop.t.db, { preorder: true });
    // The week of Monday 31 March 2031 ends on Sunday 6 April.
    await shop.t.db.execute(sql`update products set release_date = '2031-04-06' where id = ${preorder.id}`);
    await shop.t.db.insert(imports).values({
      resource: 'customers',
      filename: 'clienti.xlsx',
      storedFile: 'x.xlsx',
      status: 'running',
      totalRows: 10,
      processed: 4,
    });

    const d = await dashboard();
    const waiting = (x: Dashboard, s: OrderStatus) => x.waiting.find((w) => w.status === s)!.count;
    expect(d.waiting.map((w) => w.status)).toEqual([
      'awaiting_approval',
      'registered',
      'confirmed',
      'in_work',
      'picking',
      'ready_to_ship',
    ]);
    expect(waiting(d, 'ready_to_ship')).toBe(waiting(before, 'ready_to_ship') + 1);
    expect(waiting(d, 'registered')).toBe(waiting(before, 'registered') + 1);
    expect(d.failed_payments.count).toBe(before.failed_payments.count + 1);
    expect(d.failed_payments.recent[0]).toMatchObject({
      order_no: failed.orderNo,
      total: 2_000,
      link: `/backoffice/orders/${failed.orderNo}`,
    });
    expect(d.erp_failures.count).toBe(before.erp_failures.count + 1);
    expect(d.low_stock).toMatchObject({ threshold: 5, count: before.low_stock.count + 1 });
    expect(d.preorders_this_week).toMatchObject({
      from: '2031-03-31',
      to: '2031-04-06',
      count: before.preorders_this_week.count + 1,
    });
    expect(d.imports_running).toEqual([
      expect.objectContaining({
        resource: 'customers',
        filename: 'clienti.xlsx',
        processed: 4,
        total_rows: 10,
        link: '/backoffice/customers',
      }),
    ]);

    const figures = [...d.waiting, d.failed_payments, d.erp_failures, d.low_stock, d.preorders_this_week];
    for (const figure of figures) {
      expect(await listTotal(figure.link), figure.link).toBe(figure.count);
    }
  });

  it('answers from a few seconds of cache, then computes again', async () => {
    const first = await dashboard();
    await placeOrder('2031-03-31T09:00:00Z', 300, 'picking');
    const cached = await admin.get('/api/backoffice/dashboard');
    expect((cached.json() as Dashboard).today_sales.current.orders).toBe(first.today_sales.current.orders);
    expect((await dashboard()).today_sales.current.orders).toBe(first.today_sales.current.orders + 1);
  });

  it('reads every figure from the database, none made up by the web', async () => {
    const [{ n }] = (await rowsOf<{ n: number }>(
      shop.t.db,
      sql`select count(*)::integer as n from orders where status = 'ready_to_ship'`,
    )) as [{ n: number }];
    const d = await dashboard();
    expect(d.waiting.find((w) => w.status === 'ready_to_ship')!.count).toBe(n);
  });
});
