import type { PlacedOrder } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../../db/seed/demo';
import {
  addProduct,
  addressesOf,
  line,
  openShop,
  postOrder,
  rowsOf,
  type Shop,
  stockOf,
  type Who,
} from './checkout.fixtures';

/**
 * POST /api/orders, GET /api/orders/{orderNo} and reorder: one transaction re-prices the cart,
 * reserves stock and writes the order, its rows and first status; refusals are in checkout.routes.test.ts.
 */

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.t.close());

const order = (who: Who, body: Record<string, unknown>, headers?: Record<string, string>) =>
  postOrder(shop, who, body, headers);

describe('placing an order', () => {
  it('writes the order, its rows and the reservation, answers 201 and mails a confirmation', async () => {
    const cd = await addProduct(shop.t.db, { price: 1290, stock: 4, ext: 6 });
    const book = await addProduct(shop.t.db, { price: 1500, stock: 3, vatRate: 400, category: 'EDITORIA' });
    const quote = (
      await shop.clients.private.post('/api/cart/quote', {
        products: [line(cd.id, 5), line(book.id, 1)],
        payment_method: 'cash_on_delivery',
      })
    ).json();
    const res = await order('private', {
      products: [line(cd.id, 5), line(book.id, 1)],
      expected_total: quote.total,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order: placed, payment } = res.json() as PlacedOrder;
    expect(payment).toBeNull();
    expect(placed).toMatchObject({
      orderNo: expect.stringMatching(/^2026-\d{6}$/),
      channel: 'web',
      customer_id: shop.ids.private,
      status: 'registered',
      payment_method: 'cash_on_delivery',
      payment_fee: 500,
      shipping_costs: 690,
      total: quote.total,
      vat: quote.vat,
      total_without_taxes: quote.total_without_taxes,
      shipping_address: expect.objectContaining({ city: 'Bologna', country: 'IT' }),
    });
    // 5 × 12.90 + 15.00 = 79.50 net; VAT 14.19 + 0.60; shipping 8.42 and fee 6.10 with VAT.
    expect(placed.total).toBe(6450 + 1419 + 1500 + 60 + 842 + 610);
    expect(
      placed.rows.map((r) => [r.product_sku, r.quantities.ordered, r.quantities.ready, r.price, r.subtotal]),
    ).toEqual([
      [cd.sku, 5, 5, 1290, 6450],
      [book.sku, 1, 1, 1500, 1500],
    ]);
    // The warehouse with most available (EXT, 6) is used first: 5 there, MAIN keeps its 4.
    const stock = await rowsOf<{ code: string; ordered: number }>(
      shop.t.db,
      sql`select w.code, s.ordered from stocks s join warehouses w on w.id = s.warehouse_id where s.product_id = ${cd.id} order by w.code`,
    );
    expect(stock).toEqual([
      { code: 'EXT', ordered: 5 },
      { code: 'MAIN', ordered: 0 },
    ]);
    expect(await stockOf(shop.t.db, cd.id)).toEqual({ available: 5, ordered: 5, listed: 5 });
    expect(await stockOf(shop.t.db, book.id)).toMatchObject({ available: 2, listed: 2 });
    const [change] = await rowsOf<{ from_status: string | null; to_status: string }>(
      shop.t.db,
      sql`select from_status, to_status from order_status_changes where order_id = ${placed.id}`,
    );
    expect(change).toEqual({ from_status: null, to_status: 'registered' });
    const mail = shop.t.mails.at(-1)!;
    expect(mail.to).toBe(ACCOUNTS.private);
    expect(mail.subject).toContain(placed.orderNo);
    expect(mail.text).toContain(cd.sku);
    expect(mail.text).toContain(
      `Totale / Total (IVA incl. / VAT incl.): EUR ${Math.trunc(placed.total / 100)}.${String(placed.total % 100).padStart(2, '0')}`,
    );
  });

  it('reads the order back for its customer and admins; another customer gets 404', async () => {
    const p = await addProduct(shop.t.db, { stock: 5 });
    const placed = (await order('company', { products: [line(p.id, 2)] })).json() as PlacedOrder;
    const mine = await shop.clients.company.get(`/api/orders/${placed.order.orderNo}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(placed.order);
    expect((await shop.clients.admin.get(`/api/orders/${placed.order.orderNo}`)).json()).toEqual(
      placed.order,
    );
    expect((await shop.clients.private.get(`/api/orders/${placed.order.orderNo}`)).statusCode).toBe(404);
    expect((await shop.clients.company.get('/api/orders/2026-999999')).statusCode).toBe(404);
  });

  it('starts card payments pending with a payment page to go to', async () => {
    const p = await addProduct(shop.t.db, { stock: 5 });
    const res = await order('company', { products: [line(p.id)], payment_method: 'card' });
    expect(res.statusCode).toBe(201);
    const placed = res.json() as PlacedOrder;
    expect(placed.order.status).toBe('pending');
    expect(placed.payment?.redirect_url).toMatch(/^\/payments\/test\/[\w-]+$/);
  });

  it.each([
    ['sepa', 'registered'],
    ['as_agreed', 'registered'],
    ['paypal', 'pending'],
    ['bank_redirect', 'pending'],
  ] as const)('starts a %s order %s', async (method, status) => {
    const p = await addProduct(shop.t.db, { stock: 5 });
    const res = await order('company', { products: [line(p.id)], payment_method: method });
    expect(res.json().order.status).toBe(status);
  });

  it('starts a SEPA order registered with the mandate page to go to; an as-agreed order needs none', async () => {
    const p = await addProduct(shop.t.db, { stock: 5 });
    const sepa = (
      await order('company', { products: [line(p.id)], payment_method: 'sepa' })
    ).json() as PlacedOrder;
    expect(sepa.order.status).toBe('registered');
    expect(sepa.payment?.redirect_url).toMatch(/^\/payments\/test\/[\w-]+$/);
    const agreed = (await order('company', { products: [line(p.id)], payment_method: 'as_agreed' })).json();
    expect(agreed.payment).toBeNull();
  });

  it('lets an administrator order for a customer: channel backoffice, 0% VAT for extra-EU, placed by the admin', async () => {
    const p = await addProduct(shop.t.db, { price: 10000, stock: 5 });
    const addresses = await addressesOf(shop, 'extra');
    const res = await order('admin', {
      products: [line(p.id, 2)],
      customer_id: shop.ids.extra,
      ...addresses,
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = (res.json() as PlacedOrder).order;
    expect(placed).toMatchObject({
      channel: 'backoffice',
      customer_id: shop.ids.extra,
      vat: 0,
      total: 20000 + 1990 + 500,
    });
    const [row] = await rowsOf<{ email: string }>(
      shop.t.db,
      sql`select u.email from orders o join users u on u.id = o.placed_by_user_id where o.id = ${placed.id}`,
    );
    expect(row!.email).toBe(ACCOUNTS.admin);
    expect((await order('admin', { products: [line(p.id)], ...addresses })).statusCode).toBe(422);
  });

  it('takes pre-orders beyond stock as backorder rows (nothing ready)', async () => {
    const pre = await addProduct(shop.t.db, { preorder: true, stock: 1 });
    const res = await order('company', { products: [line(pre.id, 4)] });
    expect(res.statusCode).toBe(201);
    const [row] = (res.json() as PlacedOrder).order.rows;
    expect(row).toMatchObject({
      is_preorder: true,
      quantities: expect.objectContaining({ ordered: 4, ready: 1 }),
    });
    expect(await stockOf(shop.t.db, pre.id)).toMatchObject({ available: -3, ordered: 4 });
    const onRequest = await addProduct(shop.t.db, { onRequest: true });
    expect((await order('company', { products: [line(onRequest.id, 2)] })).statusCode).toBe(201);
    expect(await stockOf(shop.t.db, onRequest.id)).toMatchObject({ available: -2, ordered: 2 });
  });
});

describe('reorder', () => {
  it("puts an order's rows back as cart lines at today's stock, and refuses another customer's order", async () => {
    const a = await addProduct(shop.t.db, { stock: 10 });
    const b = await addProduct(shop.t.db, { stock: 10 });
    const placed = (
      await order('company', { products: [line(a.id, 3), line(b.id, 4)] })
    ).json() as PlacedOrder;
    await shop.t.db.execute(sql`update stocks set on_hand = 6 where product_id = ${b.id}`);
    await shop.t.db.execute(sql`update stocks set on_hand = 3 where product_id = ${a.id}`);
    const res = await shop.clients.company.post(`/api/orders/${placed.order.orderNo}/reorder`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      products: [line(b.id, 2)],
      lines: [
        {
          line: 1,
          code: a.sku,
          requested: 3,
          quantity: 0,
          status: 'out_of_stock',
          sku: a.sku,
          title: a.description,
        },
        {
          line: 2,
          code: b.sku,
          requested: 4,
          quantity: 2,
          status: 'capped',
          sku: b.sku,
          title: b.description,
        },
      ],
    });
    expect((await shop.clients.private.post(`/api/orders/${placed.order.orderNo}/reorder`)).statusCode).toBe(
      404,
    );
  });
});
