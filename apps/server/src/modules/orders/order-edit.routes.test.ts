import type { Order } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/app';
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
 * PUT /api/orders/{orderNo} and POST /api/order/{id}/rows (issue 7): staff edit an order's addresses,
 * reference and ERP reason, change quantities of rows not shipped yet with stock reserved again, and add
 * rows priced for the order's customer; every refusal leaves the order, its rows and the stock as they were.
 */

let shop: Shop;
let admin: TestClient;
let visitor: TestClient;
beforeAll(async () => {
  shop = await openShop();
  admin = shop.clients.admin;
  visitor = shop.t.client();
  await visitor.get('/sanctum/csrf-cookie');
});
afterAll(() => shop.t.close());

/** Places a cash-on-delivery order (registered) as `who` and answers it. */
async function placed(who: Exclude<Who, 'admin'>, products: ReturnType<typeof line>[]): Promise<Order> {
  const res = await postOrder(shop, who, { products });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order;
}

const put = (order: Order, body: Record<string, unknown>, client = admin) =>
  client.put(`/api/orders/${order.orderNo}`, body);
const addRows = (order: Order, rows: Record<string, unknown>[], client = admin) =>
  client.post(`/api/order/${order.id}/rows`, { rows });
const read = async (order: Order): Promise<Order> => (await admin.get(`/api/orders/${order.orderNo}`)).json();

/** The order's ERP syncs queued by staff. */
async function syncsOf(order: Order) {
  return rowsOf<{ key: string; status: string; requested: boolean }>(
    shop.t.db,
    sql`select key, status, requested_by_user_id is not null as requested from erp_syncs
      where entity = 'order' and entity_id = ${order.id} order by id`,
  );
}

/** What a refusal must leave untouched: the order with its rows, the stock of its products. */
async function snapshot(order: Order, productIds: number[]) {
  return {
    order: await read(order),
    stock: await Promise.all(productIds.map((id) => stockOf(shop.t.db, id))),
  };
}

const quantities = (o: Order) => o.rows.map((r) => [r.product_sku, r.quantities.ordered, r.quantities.ready]);

const address = {
  company: null,
  firstname: 'Giulia',
  lastname: 'Neri',
  co: 'c/o Studio Verdi',
  address: 'Via Mazzini 12',
  postcode: '40121',
  city: 'Bologna',
  state: 'BO',
  country: 'it',
  phone: '+39 051 123456',
};

describe('who may edit an order', () => {
  it('refuses a customer with 403 and a visitor with 401, changing nothing', async () => {
    const cd = await addProduct(shop.t.db, { stock: 5 });
    const order = await placed('private', [line(cd.id, 1)]);
    for (const [client, status] of [
      [shop.clients.private, 403],
      [visitor, 401],
    ] as const) {
      expect((await put(order, { customer_reference: 'X' }, client)).statusCode).toBe(status);
      expect((await addRows(order, [{ sku: cd.sku, quantity: 1 }], client)).statusCode).toBe(status);
    }
    expect(await read(order)).toEqual(order);
  });
});

describe('PUT /api/orders/{orderNo}', () => {
  it('saves the addresses, the customer reference and date and the ERP reason, and queues the ERP sync', async () => {
    const cd = await addProduct(shop.t.db, { stock: 5 });
    const order = await placed('private', [line(cd.id, 1)]);
    const res = await put(order, {
      shipping_address: address,
      billing_address: { ...address, company: 'Neri Dischi srl', firstname: null, lastname: null, co: null },
      customer_reference: '  PO-2026-118 ',
      customer_reference_date: '2026-03-02',
      erp_order_reason: 'replacement',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as Order;
    expect(saved).toMatchObject({
      shipping_address: { ...address, country: 'IT' },
      billing_address: {
        ...address,
        company: 'Neri Dischi srl',
        firstname: null,
        lastname: null,
        co: null,
        country: 'IT',
      },
      customer_reference: 'PO-2026-118',
      customer_reference_date: '2026-03-02',
      erp_order_reason: 'replacement',
      total: order.total,
      vat: order.vat,
      rows: order.rows,
    });
    expect(await read(order)).toEqual(saved);
    expect(await syncsOf(order)).toEqual([
      { key: order.orderNo, status: 'queued', requested: false },
      { key: order.orderNo, status: 'queued', requested: true },
    ]);

    // What is absent stays; null clears.
    const cleared = (await put(order, { customer_reference: null, erp_order_reason: null })).json() as Order;
    expect(cleared).toMatchObject({
      customer_reference: null,
      customer_reference_date: '2026-03-02',
      erp_order_reason: null,
      shipping_address: { city: 'Bologna', co: 'c/o Studio Verdi' },
    });
  });

  it('refuses bad addresses and an unknown ERP reason with 422 on the fields, saving nothing', async () => {
    const cd = await addProduct(shop.t.db, { stock: 5 });
    const order = await placed('private', [line(cd.id, 1)]);
    const res = await put(order, {
      shipping_address: { ...address, postcode: '4012' },
      billing_address: { ...address, country: 'XX', firstname: null },
      customer_reference: 'PO-1',
      erp_order_reason: 'gift',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'shipping_address.postcode': ['Invalid value'],
      'billing_address.country': ['Invalid value'],
      'billing_address.firstname': ['Required'],
      erp_order_reason: ['Invalid value'],
    });
    expect(await read(order)).toEqual(order);
  });

  it('raises a quantity within stock: reserved exactly, all ready, totals to the cent', async () => {
    const cd = await addProduct(shop.t.db, { price: 1290, stock: 10 });
    const order = await placed('private', [line(cd.id, 2)]);
    // 2 × 12.90 = 25.80 + VAT 5.68; shipping 6.90 + 1.52, fee 5.00 + 1.10.
    expect(order.total).toBe(2580 + 568 + 690 + 152 + 500 + 110);
    const res = await put(order, { rows: [{ id: order.rows[0]!.id, quantity: 5 }] });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as Order;
    expect(quantities(edited)).toEqual([[cd.sku, 5, 5]]);
    expect(edited.rows[0]).toMatchObject({ price: 1290, subtotal: 6450, status: 'not_shipped' });
    // 5 × 12.90 = 64.50 + VAT 14.19; shipping and fee as they were.
    expect(edited).toMatchObject({
      total_without_taxes: 6450 + 690 + 500,
      vat: 1419 + 152 + 110,
      total: 6450 + 1419 + 690 + 152 + 500 + 110,
      shipping_costs: 690,
      payment_fee: 500,
    });
    // The same as the cart prices 5 units for this customer.
    const quote = (
      await shop.clients.private.post('/api/cart/quote', {
        products: [line(cd.id, 5)],
        payment_method: 'cash_on_delivery',
      })
    ).json();
    expect([edited.total, edited.vat, edited.total_without_taxes]).toEqual([
      quote.total,
      quote.vat,
      quote.total_without_taxes,
    ]);
    expect(await stockOf(shop.t.db, cd.id)).toEqual({ available: 5, ordered: 5, listed: 5 });
    expect(await read(order)).toEqual(edited);
  });

  it('refuses to raise a quantity beyond stock with 409, changing nothing', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 3 });
    const order = await placed('private', [line(cd.id, 2)]);
    const before = await snapshot(order, [cd.id]);
    const res = await put(order, { rows: [{ id: order.rows[0]!.id, quantity: 6 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Only 1 more of ${cd.sku} is available.`);
    expect(await snapshot(order, [cd.id])).toEqual(before);
  });

  it('raises a pre-order quantity beyond stock: the part stock covers is ready, the rest a backorder', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 3, preorder: true });
    const order = await placed('private', [line(cd.id, 2)]);
    const edited = (await put(order, { rows: [{ id: order.rows[0]!.id, quantity: 6 }] })).json() as Order;
    expect(edited.rows[0]!.quantities).toEqual({
      ordered: 6,
      shipped: 0,
      cancelled: 0,
      residual: 6,
      ready: 3,
    });
    expect(await stockOf(shop.t.db, cd.id)).toMatchObject({ ordered: 6, available: -3 });
    // 60.00 + VAT 13.20; shipping 6.90 + 1.52, fee 5.00 + 1.10.
    expect(edited.total).toBe(6000 + 1320 + 690 + 152 + 500 + 110);

    // Lowering gives back the backorder first: 6 → 4 keeps the 3 ready units.
    const lowered = (await put(order, { rows: [{ id: order.rows[0]!.id, quantity: 4 }] })).json() as Order;
    expect(lowered.rows[0]!.quantities).toMatchObject({ ordered: 4, residual: 4, ready: 3 });
    expect(await stockOf(shop.t.db, cd.id)).toMatchObject({ ordered: 4, available: -1 });
    expect(lowered.total).toBe(4000 + 880 + 690 + 152 + 500 + 110);
  });

  it('lowers a quantity: reservation and ready units released exactly, totals to the cent', async () => {
    const cd = await addProduct(shop.t.db, { price: 1290, stock: 4, ext: 6 });
    const book = await addProduct(shop.t.db, { price: 1500, stock: 3, vatRate: 400, category: 'EDITORIA' });
    const order = await placed('company', [line(cd.id, 7), line(book.id, 2)]);
    expect(await stockOf(shop.t.db, cd.id)).toMatchObject({ available: 3, ordered: 7 });
    const res = await put(order, {
      rows: [
        { id: order.rows[0]!.id, quantity: 2 },
        { id: order.rows[1]!.id, quantity: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as Order;
    expect(quantities(edited)).toEqual([
      [cd.sku, 2, 2],
      [book.sku, 2, 2],
    ]);
    expect(await stockOf(shop.t.db, cd.id)).toEqual({ available: 8, ordered: 2, listed: 8 });
    expect(await stockOf(shop.t.db, book.id)).toMatchObject({ available: 1, ordered: 2 });
    const cdRow = edited.rows[0]!;
    const bookRow = edited.rows[1]!;
    expect(cdRow.subtotal).toBe(cdRow.price * 2);
    // Shipping and fee keep their amounts; the rows' net and VAT replace the old ones.
    const before = order.rows;
    const vatOf = (price: number, qty: number, rate: number) => Math.round((price * qty * rate) / 10000);
    expect(edited.total_without_taxes).toBe(order.total_without_taxes - before[0]!.subtotal + cdRow.subtotal);
    expect(edited.vat).toBe(order.vat - vatOf(before[0]!.price, 7, 2200) + vatOf(cdRow.price, 2, 2200));
    expect(edited.total).toBe(edited.total_without_taxes + edited.vat);
    expect(bookRow).toEqual(order.rows[1]);
  });

  it('refuses quantities of shipped and on-shipping rows, below one and of other orders, changing nothing', async () => {
    const cd = await addProduct(shop.t.db, { stock: 10 });
    const lp = await addProduct(shop.t.db, { stock: 10 });
    const order = await placed('private', [line(cd.id, 2), line(lp.id, 2)]);
    const other = await placed('private', [line(cd.id, 1)]);
    await shop.t.db.execute(
      sql`update order_rows set status = 'on_shipping' where id = ${order.rows[0]!.id}`,
    );
    await shop.t.db.execute(
      sql`update order_rows set shipped_qty = 1, status = 'not_shipped' where id = ${order.rows[1]!.id}`,
    );
    const before = await snapshot(order, [cd.id, lp.id]);
    const res = await put(order, {
      customer_reference: 'PO-9',
      rows: [
        { id: order.rows[0]!.id, quantity: 3 },
        { id: order.rows[1]!.id, quantity: 1 },
        { id: other.rows[0]!.id, quantity: 4 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'rows.0.quantity': ['This row can no longer be changed: it is on_shipping.'],
      'rows.1.quantity': ['This row can no longer be changed: 1 of it already shipped.'],
      'rows.2.id': ['This row is not part of the order.'],
    });
    const otherBefore = await read(other);
    const twice = await put(other, {
      rows: [
        { id: other.rows[0]!.id, quantity: 2 },
        { id: other.rows[0]!.id, quantity: 3 },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ 'rows.1.id': ['Invalid value'] });
    expect(await read(other)).toEqual(otherBefore);
    const zero = await put(order, { rows: [{ id: order.rows[1]!.id, quantity: 0 }] });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors).toEqual({ 'rows.0.quantity': ['Must be greather than 0'] });
    expect(await snapshot(order, [cd.id, lp.id])).toEqual(before);
  });

  it('refuses an order being picked with 409, changing nothing', async () => {
    const cd = await addProduct(shop.t.db, { stock: 10 });
    const order = await placed('private', [line(cd.id, 2)]);
    await shop.t.db.execute(sql`update orders set status = 'picking' where id = ${order.id}`);
    const before = await snapshot(order, [cd.id]);
    const res = await put(order, {
      customer_reference: 'PO-7',
      rows: [{ id: order.rows[0]!.id, quantity: 3 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order can no longer be edited: it is picking.');
    const add = await addRows(order, [{ sku: cd.sku, quantity: 1 }]);
    expect(add.statusCode).toBe(409);
    expect(await snapshot(order, [cd.id])).toEqual(before);
    expect(await syncsOf(order)).toHaveLength(1);
  });

  it('answers 404 for an unknown order', async () => {
    expect((await admin.put('/api/orders/2026-999999', { customer_reference: 'X' })).statusCode).toBe(404);
    expect(
      (await admin.post('/api/order/999999/rows', { rows: [{ sku: 'X', quantity: 1 }] })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/order/{id}/rows', () => {
  /** The cart's price of these lines for the order's customer, as the administrator acting for them. */
  const quoteFor = async (customerId: number, lines: ReturnType<typeof line>[]) =>
    (await admin.post('/api/cart/quote', { customer_id: customerId, products: lines })).json();

  it('adds a new SKU priced like the cart for the customer, reserved like checkout', async () => {
    const cd = await addProduct(shop.t.db, { price: 1290, stock: 10 });
    const lp = await addProduct(shop.t.db, { price: 2490, stock: 2, ext: 3 });
    const order = await placed('company', [line(cd.id, 1)]);
    const quoted = (await quoteFor(shop.ids.company, [line(lp.id, 4)])).products[0];
    const res = await addRows(order, [{ sku: lp.sku, quantity: 4 }]);
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as Order;
    expect(edited.rows).toHaveLength(2);
    expect(edited.rows[1]).toMatchObject({
      product_id: lp.id,
      product_sku: lp.sku,
      price: quoted.unit_price,
      discount: expect.any(Number),
      subtotal: quoted.totalPrice,
      vat_rate: quoted.vatRate,
      status: 'not_shipped',
      quantities: { ordered: 4, shipped: 0, cancelled: 0, residual: 4, ready: 4 },
    });
    // The company's discount applies: below the list price.
    expect(quoted.unit_price).toBeLessThan(2490);
    expect(edited.total_without_taxes).toBe(order.total_without_taxes + quoted.totalPrice);
    expect(edited.vat).toBe(order.vat + quoted.vat);
    expect(edited.total).toBe(order.total + quoted.totalPrice + quoted.vat);
    expect(await stockOf(shop.t.db, lp.id)).toMatchObject({ available: 1, ordered: 4 });
    expect(await syncsOf(order)).toHaveLength(2);
    expect(await read(order)).toEqual(edited);
  });

  it('raises the row of a SKU already in the order at its own price instead of adding one', async () => {
    const cd = await addProduct(shop.t.db, { price: 1290, stock: 10 });
    const order = await placed('private', [line(cd.id, 2)]);
    const res = await addRows(order, [
      { product_id: cd.id, quantity: 1 },
      { sku: cd.sku, quantity: 2 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as Order;
    expect(quantities(edited)).toEqual([[cd.sku, 5, 5]]);
    expect(edited.rows[0]).toMatchObject({ id: order.rows[0]!.id, price: 1290, subtotal: 6450 });
    expect(edited.total).toBe(6450 + 1419 + 690 + 152 + 500 + 110);
    expect(await stockOf(shop.t.db, cd.id)).toMatchObject({ available: 5, ordered: 5 });
  });

  it('adds a new row when the SKU is only on a row already shipping', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 10 });
    const order = await placed('private', [line(cd.id, 2)]);
    await shop.t.db.execute(
      sql`update order_rows set status = 'on_shipping' where id = ${order.rows[0]!.id}`,
    );
    const edited = (await addRows(order, [{ sku: cd.sku, quantity: 1 }])).json() as Order;
    expect(quantities(edited)).toEqual([
      [cd.sku, 2, 2],
      [cd.sku, 1, 1],
    ]);
    expect(edited.rows[1]!.status).toBe('not_shipped');
  });

  it('refuses an unknown SKU with 422 naming it and a product out of stock with 409, writing nothing', async () => {
    const cd = await addProduct(shop.t.db, { stock: 10 });
    const scarce = await addProduct(shop.t.db, { stock: 1 });
    const order = await placed('private', [line(cd.id, 1)]);
    const before = await snapshot(order, [cd.id, scarce.id]);
    const unknown = await addRows(order, [
      { sku: cd.sku, quantity: 2 },
      { sku: 'NOPE-000', quantity: 1 },
    ]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'rows.1.sku': ['Unknown product: NOPE-000'] });
    const beyond = await addRows(order, [
      { sku: cd.sku, quantity: 2 },
      { sku: scarce.sku, quantity: 2 },
    ]);
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().message).toBe(
      `Only 1 of ${scarce.description} can be ordered now. Please check the cart.`,
    );
    const none = await addRows(order, []);
    expect(none.statusCode).toBe(422);
    expect(await snapshot(order, [cd.id, scarce.id])).toEqual(before);
    expect(await syncsOf(order)).toHaveLength(1);
  });
});
