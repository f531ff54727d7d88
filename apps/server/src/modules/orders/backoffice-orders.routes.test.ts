import type { BackofficeOrderDetail, BackofficeOrderListItem, OrderStatus, PlacedOrder } from '@shop/domain';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  line,
  openShop,
  postOrder,
  rowsOf,
  type Shop,
  stockOf,
  type Who,
} from './checkout.fixtures';

/**
 * The back office's orders: GET /api/orders (filters, search, sort, pages), GET
 * /api/backoffice/orders/{orderNo}, POST /api/orders/{orderNo}/status through the status machine and
 * POST /api/order-rows/{id}/cancel. Shipments are in order-shipments.routes.test.ts.
 */

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.t.close());

type List = { data: BackofficeOrderListItem[]; meta: { total: number; page: number; per_page: number } };

const admin = () => shop.clients.admin;
const list = async (query: string): Promise<List> => {
  const res = await admin().get(`/api/orders?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as List;
};
const detail = async (orderNo: string): Promise<BackofficeOrderDetail> => {
  const res = await admin().get(`/api/backoffice/orders/${orderNo}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BackofficeOrderDetail;
};
const count = async (where: SQL) =>
  (
    await rowsOf<{ n: number }>(
      shop.t.db,
      sql`select count(*)::int as n from orders o join customers c on c.id = o.customer_id where ${where}`,
    )
  )[0]!.n;

/** Places an order (cash on delivery, so it starts registered) and answers it. */
async function place(who: Exclude<Who, 'admin'>, lines: ReturnType<typeof line>[]) {
  const res = await postOrder(shop, who, { products: lines });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as PlacedOrder).order;
}

const setStatus = (orderNo: string, status: OrderStatus) =>
  admin().post(`/api/orders/${orderNo}/status`, { status });

async function advance(orderNo: string, ...statuses: OrderStatus[]) {
  for (const status of statuses) {
    const res = await setStatus(orderNo, status);
    expect(res.statusCode, res.body).toBe(200);
  }
}
const TO_ON_SHIP: OrderStatus[] = ['confirmed', 'in_work', 'picking', 'ready_to_ship', 'on_ship'];

describe('the order list', () => {
  it('lists every order newest first by default, in pages', async () => {
    const all = await list('per_page=100');
    expect(all.meta).toEqual({ total: await count(sql`true`), page: 1, per_page: 100 });
    const dates = all.data.map((o) => o.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await list('per_page=3&page=2');
    expect(second.data.map((o) => o.order_no)).toEqual(all.data.slice(3, 6).map((o) => o.order_no));
    expect(second.meta).toMatchObject({ page: 2, per_page: 3 });
  });

  it('answers each item with its customer, channel, payment method, status, total and ERP sync state', async () => {
    const product = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const placed = await place('private', [line(product.id, 2)]);
    const found = await list(`q=${placed.orderNo}`);
    expect(found.data).toEqual([
      {
        order_no: placed.orderNo,
        date: placed.date,
        customer: { id: shop.ids.private, name: expect.any(String) },
        channel: 'web',
        payment_method: 'cash_on_delivery',
        status: 'registered',
        total: placed.total,
        erp_sync: 'queued',
      },
    ]);
    expect(found.meta.total).toBe(1);
  });

  it.each([
    ['status=shipped', sql`o.status = 'shipped'`, (o: BackofficeOrderListItem) => o.status === 'shipped'],
    ['channel=web', sql`o.channel = 'web'`, (o: BackofficeOrderListItem) => o.channel === 'web'],
    [
      'payment_method=card',
      sql`o.payment_method = 'card'`,
      (o: BackofficeOrderListItem) => o.payment_method === 'card',
    ],
  ])('filters by %s', async (query, where, matches) => {
    const found = await list(`${query}&per_page=100`);
    expect(found.meta.total).toBe(await count(where));
    expect(found.meta.total).toBeGreaterThan(0);
    expect(found.data.every(matches)).toBe(true);
  });

  it('filters by customer', async () => {
    const found = await list(`customer_id=${shop.ids.company}&per_page=100`);
    expect(found.meta.total).toBe(await count(sql`o.customer_id = ${shop.ids.company}`));
    expect(found.data.every((o) => o.customer.id === shop.ids.company)).toBe(true);
    expect(found.data[0]!.customer.name).toBe('Dischi Rossi S.r.l.');
  });

  it('filters by business dates, both included', async () => {
    const [range] = await rowsOf<{ from: string; to: string }>(
      shop.t.db,
      sql`select min((date at time zone 'Europe/Rome')::date)::text as "from",
        max((date at time zone 'Europe/Rome')::date)::text as "to" from orders`,
    );
    const day = range!.to;
    const found = await list(`date_from=${day}&date_to=${day}&per_page=100`);
    expect(found.meta.total).toBe(await count(sql`(o.date at time zone 'Europe/Rome')::date = ${day}`));
    expect(found.meta.total).toBeGreaterThan(0);
    const since = await list(`date_from=${range!.from}`);
    expect(since.meta.total).toBe(await count(sql`true`));
    expect((await list('date_to=2000-01-01')).meta.total).toBe(0);
  });

  it('filters by ERP sync state, never sent included', async () => {
    const queued = await list('erp_sync=queued&per_page=100');
    const notSent = await list('erp_sync=not_sent&per_page=100');
    expect(queued.data.every((o) => o.erp_sync === 'queued')).toBe(true);
    expect(notSent.data.every((o) => o.erp_sync === 'not_sent')).toBe(true);
    expect(queued.meta.total).toBeGreaterThan(0);
    const synced = await count(
      sql`exists (select 1 from erp_syncs s where s.entity = 'order' and s.entity_id = o.id)`,
    );
    expect(notSent.meta.total).toBe((await count(sql`true`)) - synced);
  });

  it('searches by order number, customer name and e-mail', async () => {
    const byEmail = await list('q=private@example&per_page=100');
    expect(byEmail.meta.total).toBe(await count(sql`c.email = 'private@example.com'`));
    expect(byEmail.data.every((o) => o.customer.id === shop.ids.private)).toBe(true);
    const byCompany = await list('q=dischi rossi&per_page=100');
    expect(byCompany.data.every((o) => o.customer.id === shop.ids.company)).toBe(true);
    expect(byCompany.meta.total).toBeGreaterThan(0);
    expect((await list('q=nobody-matches-this')).meta.total).toBe(0);
  });

  it('sorts by total, order number and customer, both ways', async () => {
    const totals = (await list('sort=total&dir=asc&per_page=100')).data.map((o) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const numbers = (await list('sort=order_no&dir=desc&per_page=100')).data.map((o) => o.order_no);
    expect(numbers).toEqual([...numbers].sort().reverse());
    const names = (await list('sort=customer&dir=asc&per_page=100')).data.map((o) => o.customer.name);
    expect(names[0]! <= names.at(-1)!).toBe(true);
    const statuses = (await list('sort=status&dir=asc&per_page=100')).data.map((o) => o.status);
    expect(statuses).toEqual([...statuses].sort());
  });

  it('refuses a bad filter with 422', async () => {
    expect((await admin().get('/api/orders?status=lost')).statusCode).toBe(422);
    expect((await admin().get('/api/orders?date_from=21/11/2026')).statusCode).toBe(422);
    expect((await admin().get('/api/orders?per_page=101')).statusCode).toBe(422);
  });
});

describe('the order detail', () => {
  it('answers the order, its rows, totals, history and next statuses to the cent', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const book = await addProduct(shop.t.db, { price: 2500, stock: 5, vatRate: 400, category: 'EDITORIA' });
    const placed = await place('private', [line(cd.id, 3), line(book.id, 1)]);
    const order = await detail(placed.orderNo);
    expect(order).toMatchObject({
      order_no: placed.orderNo,
      status: 'registered',
      channel: 'web',
      payment_method: 'cash_on_delivery',
      total: placed.total,
      total_without_taxes: placed.total_without_taxes,
      vat: placed.vat,
      shipping_costs: placed.shipping_costs,
      payment_fee: 500,
      billing_address: placed.billing_address,
      shipping_address: placed.shipping_address,
      customer: { id: shop.ids.private, email: 'private@example.com', type: 'P' },
      payments: [],
      documents: [],
      next_statuses: ['confirmed', 'cancelled'],
      erp_sync: 'queued',
    });
    // 3 × 10.00 + 1 × 25.00 = 55.00 net; VAT 6.60 + 1.00; shipping 6.90 and the fee 5.00, each + 22%.
    expect(order.total_without_taxes).toBe(5500 + order.shipping_costs + 500);
    expect(order.rows).toEqual([
      {
        id: expect.any(Number),
        sku: cd.sku,
        description: cd.description,
        ordered: 3,
        shipped: 0,
        cancelled: 0,
        residual: 3,
        ready: 3,
        discount: 0,
        price: 1000,
        subtotal: 3000,
        vat_rate: 2200,
        status: 'not_shipped',
      },
      {
        id: expect.any(Number),
        sku: book.sku,
        description: book.description,
        ordered: 1,
        shipped: 0,
        cancelled: 0,
        residual: 1,
        ready: 1,
        discount: 0,
        price: 2500,
        subtotal: 2500,
        vat_rate: 400,
        status: 'not_shipped',
      },
    ]);
    expect(order.history).toEqual([
      { from: null, to: 'registered', by: 'private@example.com', at: expect.any(String) },
    ]);
  });

  it('answers 404 for an unknown order', async () => {
    expect((await admin().get('/api/backoffice/orders/1999-000001')).statusCode).toBe(404);
  });
});

describe('status changes', () => {
  it('takes an order through each allowed step and records who, from, to and when', async () => {
    const product = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const placed = await place('private', [line(product.id, 1)]);
    const res = await setStatus(placed.orderNo, 'confirmed');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'confirmed', next_statuses: ['in_work', 'cancelled'] });
    await advance(placed.orderNo, 'in_work', 'picking', 'ready_to_ship', 'on_ship');
    const order = await detail(placed.orderNo);
    expect(order.status).toBe('on_ship');
    // Nothing shipped yet: neither 'shipped' nor 'partially_shipped' is offered (the server refuses both).
    expect(order.next_statuses).toEqual([]);
    expect(order.history.map((h) => [h.from, h.to, h.by])).toEqual([
      [null, 'registered', 'private@example.com'],
      ['registered', 'confirmed', 'admin@example.com'],
      ['confirmed', 'in_work', 'admin@example.com'],
      ['in_work', 'picking', 'admin@example.com'],
      ['picking', 'ready_to_ship', 'admin@example.com'],
      ['ready_to_ship', 'on_ship', 'admin@example.com'],
    ]);
    expect(order.history.every((h) => !Number.isNaN(Date.parse(h.at)))).toBe(true);
  });

  it.each([
    [[], 'shipped', 'The order cannot go from registered to shipped.'],
    [[], 'on_ship', 'The order cannot go from registered to on_ship.'],
    [['confirmed', 'in_work', 'picking'], 'cancelled', 'The order cannot go from picking to cancelled.'],
    [['confirmed'], 'closed', 'The order cannot go from confirmed to closed.'],
    [['cancelled'], 'confirmed', 'The order cannot go from cancelled to confirmed.'],
  ] as [OrderStatus[], OrderStatus, string][])(
    'after %j refuses %s with 409 and changes nothing',
    async (steps, to, message) => {
      const product = await addProduct(shop.t.db, { price: 1000, stock: 5 });
      const placed = await place('private', [line(product.id, 2)]);
      await advance(placed.orderNo, ...steps);
      const before = await detail(placed.orderNo);
      const stock = await stockOf(shop.t.db, product.id);
      const res = await setStatus(placed.orderNo, to);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message });
      expect(await detail(placed.orderNo)).toEqual(before);
      expect(await stockOf(shop.t.db, product.id)).toEqual(stock);
    },
  );

  it('refuses shipped while units are left and partially_shipped before anything shipped', async () => {
    const product = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const placed = await place('private', [line(product.id, 2)]);
    await advance(placed.orderNo, ...TO_ON_SHIP);
    const before = await detail(placed.orderNo);
    const shipped = await setStatus(placed.orderNo, 'shipped');
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().message).toBe('The order still has 2 units to ship: it cannot be marked shipped.');
    const partially = await setStatus(placed.orderNo, 'partially_shipped');
    expect(partially.statusCode).toBe(409);
    expect(partially.json().message).toBe('Nothing of this order has been shipped yet.');
    expect(await detail(placed.orderNo)).toEqual(before);
  });

  it('offers only the steps the rows allow, and counts one unit left in the singular', async () => {
    const product = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const placed = await place('private', [line(product.id, 2)]);
    await advance(placed.orderNo, ...TO_ON_SHIP);
    const row = (await detail(placed.orderNo)).rows[0]!;
    const shipment = await admin().post(`/api/orders/${placed.orderNo}/shipments`, {
      rows: [{ id: row.id, quantity: 1 }],
    });
    expect(shipment.statusCode, shipment.body).toBe(201);
    const partly = await detail(placed.orderNo);
    expect([partly.status, partly.next_statuses]).toEqual(['partially_shipped', ['on_ship', 'closed']]);
    const shipped = await setStatus(placed.orderNo, 'shipped');
    expect([shipped.statusCode, shipped.json().message]).toEqual([
      409,
      'The order still has 1 unit to ship: it cannot be marked shipped.',
    ]);
    expect((await setStatus(placed.orderNo, 'on_ship')).statusCode).toBe(200);
    expect((await detail(placed.orderNo)).next_statuses).toEqual(['partially_shipped']);
  });

  it('cancelling releases exactly the reserved units and cancels every row', async () => {
    const a = await addProduct(shop.t.db, { price: 1000, stock: 10 });
    const b = await addProduct(shop.t.db, { price: 1500, stock: 4, ext: 3 });
    const placed = await place('private', [line(a.id, 3), line(b.id, 6)]);
    expect(await stockOf(shop.t.db, a.id)).toMatchObject({ available: 7, ordered: 3 });
    expect(await stockOf(shop.t.db, b.id)).toMatchObject({ available: 1, ordered: 6 });
    await advance(placed.orderNo, 'confirmed', 'in_work');
    const res = await setStatus(placed.orderNo, 'cancelled');
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json() as BackofficeOrderDetail;
    expect(order.status).toBe('cancelled');
    expect(order.next_statuses).toEqual([]);
    expect(order.rows.map((r) => [r.cancelled, r.residual, r.ready, r.status])).toEqual([
      [3, 0, 0, 'cancelled'],
      [6, 0, 0, 'cancelled'],
    ]);
    expect(await stockOf(shop.t.db, a.id)).toMatchObject({ available: 10, ordered: 0 });
    expect(await stockOf(shop.t.db, b.id)).toMatchObject({ available: 7, ordered: 0 });
    expect(order.history.at(-1)).toMatchObject({ from: 'in_work', to: 'cancelled', by: 'admin@example.com' });
  });

  it('closing a partially shipped order cancels the residual and releases its stock', async () => {
    const a = await addProduct(shop.t.db, { price: 1000, stock: 10 });
    const placed = await place('private', [line(a.id, 5)]);
    await advance(placed.orderNo, ...TO_ON_SHIP);
    const [row] = (await detail(placed.orderNo)).rows;
    const shipped = await admin().post(`/api/orders/${placed.orderNo}/shipments`, {
      rows: [{ id: row!.id, quantity: 2 }],
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    expect(await stockOf(shop.t.db, a.id)).toMatchObject({ available: 5, ordered: 3 });
    const res = await setStatus(placed.orderNo, 'closed');
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json() as BackofficeOrderDetail;
    expect(order.status).toBe('closed');
    expect(order.rows[0]).toMatchObject({
      ordered: 5,
      shipped: 2,
      cancelled: 3,
      residual: 0,
      status: 'shipped',
    });
    expect(await stockOf(shop.t.db, a.id)).toMatchObject({ available: 8, ordered: 0 });
  });
});

describe('freed stock', () => {
  it('gives the ready units of a cancelled order, then of a cancelled row, to the rows waiting for them', async () => {
    const lp = await addProduct(shop.t.db, { price: 2000, stock: 3, onRequest: true });
    const first = await place('private', [line(lp.id, 2)]);
    const second = await place('private', [line(lp.id, 2)]);
    const third = await place('private', [line(lp.id, 2)]);
    const ready = async (orderNo: string) => (await detail(orderNo)).rows[0]!.ready;
    expect([await ready(first.orderNo), await ready(second.orderNo), await ready(third.orderNo)]).toEqual([
      2, 1, 0,
    ]);
    expect((await setStatus(first.orderNo, 'cancelled')).statusCode).toBe(200);
    expect([await ready(second.orderNo), await ready(third.orderNo)]).toEqual([2, 1]);
    const row = (await detail(second.orderNo)).rows[0]!;
    expect((await admin().post(`/api/order-rows/${row.id}/cancel`, { quantity: 1 })).statusCode).toBe(200);
    expect([await ready(second.orderNo), await ready(third.orderNo)]).toEqual([1, 2]);
    expect(await stockOf(shop.t.db, lp.id)).toMatchObject({ ordered: 3 });
  });
});

describe('cancelling a row', () => {
  it('cancels part of the residual, then the rest, releasing the reserved units each time', async () => {
    const a = await addProduct(shop.t.db, { price: 1000, stock: 10 });
    const placed = await place('private', [line(a.id, 4)]);
    const [row] = (await detail(placed.orderNo)).rows;
    const part = await admin().post(`/api/order-rows/${row!.id}/cancel`, { quantity: 1 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ cancelled: 1, residual: 3, ready: 3, status: 'not_shipped' });
    expect(await stockOf(shop.t.db, a.id)).toMatchObject({ available: 7, ordered: 3 });
    const rest = await admin().post(`/api/order-rows/${row!.id}/cancel`, {});
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ cancelled: 4, residual: 0, ready: 0, status: 'cancelled' });
    expect(await stockOf(shop.t.db, a.id)).toMatchObject({ available: 10, ordered: 0 });
  });

  it('refuses more than the residual with 422 on quantity and changes nothing', async () => {
    const a = await addProduct(shop.t.db, { price: 1000, stock: 10 });
    const placed = await place('private', [line(a.id, 3)]);
    const before = await detail(placed.orderNo);
    const res = await admin().post(`/api/order-rows/${before.rows[0]!.id}/cancel`, { quantity: 4 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'At most 3 can be cancelled: the residual of this row.',
      errors: { quantity: ['At most 3 can be cancelled: the residual of this row.'] },
    });
    expect(await detail(placed.orderNo)).toEqual(before);
    expect(await stockOf(shop.t.db, a.id)).toMatchObject({ available: 7, ordered: 3 });
    expect(
      (await admin().post(`/api/order-rows/${before.rows[0]!.id}/cancel`, { quantity: 0 })).statusCode,
    ).toBe(422);
  });

  it('refuses rows of a cancelled order with 409, and answers 404 for an unknown row', async () => {
    const a = await addProduct(shop.t.db, { price: 1000, stock: 10 });
    const placed = await place('private', [line(a.id, 3)]);
    await advance(placed.orderNo, 'cancelled');
    const [row] = (await detail(placed.orderNo)).rows;
    const res = await admin().post(`/api/order-rows/${row!.id}/cancel`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The rows of a cancelled order cannot be changed.');
    expect((await admin().post('/api/order-rows/999999/cancel', {})).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('answers 403 to a customer and 401 to a visitor on every route', async () => {
    const product = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const placed = await place('company', [line(product.id, 1)]);
    const rowId = (await detail(placed.orderNo)).rows[0]!.id;
    const visitor = shop.t.client();
    await visitor.get('/sanctum/csrf-cookie');
    const calls = [
      ['GET', '/api/orders', undefined],
      ['GET', `/api/backoffice/orders/${placed.orderNo}`, undefined],
      ['POST', `/api/orders/${placed.orderNo}/status`, { status: 'confirmed' }],
      ['POST', `/api/order-rows/${rowId}/cancel`, {}],
      ['POST', `/api/orders/${placed.orderNo}/shipments`, { rows: [{ id: rowId, quantity: 1 }] }],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await shop.clients.company.request(method, url, body)).statusCode, url).toBe(403);
      expect((await visitor.request(method, url, body)).statusCode, url).toBe(401);
    }
    expect((await detail(placed.orderNo)).status).toBe('registered');
  });
});
