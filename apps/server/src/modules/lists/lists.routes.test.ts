import {
  listMessages,
  MAX_CART_LINES,
  type QuickOrderReport,
  type ServerCart,
  type ShoppingList,
  type ShoppingListSummary,
  type StockAlert,
  tooManyLinesMessage,
} from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import type { TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import {
  addProduct,
  line,
  newKey,
  openShop,
  postOrder,
  rowsOf,
  type Shop,
} from '../orders/checkout.fixtures';
import { sendStockAlerts } from './stock-alerts.service';

/** Carts and lists on the server (issue 22 point 3): the cart, saved carts and lists, the wishlist. */

let shop: Shop;
let a: { id: number; sku: string; description: string };
let b: { id: number; sku: string; description: string };
let few: { id: number; sku: string; description: string };
let colleague: TestClient;
let stranger: TestClient;

beforeAll(async () => {
  shop = await openShop();
  a = await addProduct(shop.t.db, { stock: 50 });
  b = await addProduct(shop.t.db, { stock: 50 });
  few = await addProduct(shop.t.db, { stock: 4 });
  // A second user of the demo company (company accounts, issue 19) and a customer of his own.
  const mate = await createUser(shop.t.db, { customerId: shop.ids.company, role: 'buyer' });
  colleague = shop.t.client();
  expect((await colleague.login(mate.email, PASSWORD)).statusCode).toBe(200);
  const other = await createUser(shop.t.db);
  stranger = shop.t.client();
  expect((await stranger.login(other.email, PASSWORD)).statusCode).toBe(200);
});
afterAll(() => shop.t.close());

const company = () => shop.clients.company;
const patch = (client: TestClient, url: string, body: Record<string, unknown>) =>
  client.request('PATCH', url, body);
const manyLines = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, isVariant: false, quantity: 1 }));

describe('GET/PUT /api/cart', () => {
  it('keeps the cart on the server: another browser of the same user reads it', async () => {
    const put = await company().put('/api/cart', {
      products: [line(a.id, 2), { ...line(b.id, 1), note: 'gift' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    const elsewhere = shop.t.client();
    await elsewhere.login('company@example.com', PASSWORD);
    const res = await elsewhere.get('/api/cart');
    expect(res.statusCode).toBe(200);
    expect((res.json() as ServerCart).products).toEqual([
      { id: a.id, isVariant: false, quantity: 2, sku: a.sku, title: a.description },
      { id: b.id, isVariant: false, quantity: 1, note: 'gift', sku: b.sku, title: b.description },
    ]);
  });

  it('merges a browser cart at sign-in: same lines raise the quantity, new ones are added', async () => {
    await company().put('/api/cart', { products: [line(a.id, 2)] });
    const res = await company().put('/api/cart', { products: [line(a.id, 3), line(few.id, 1)], merge: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ServerCart).products.map((p) => [p.id, p.quantity])).toEqual([
      [a.id, 5],
      [few.id, 1],
    ]);
  });

  it('stores no price and drops lines naming no product, so a forged line cannot stay', async () => {
    const res = await company().put('/api/cart', {
      products: [line(a.id, 1), line(999_999, 1), line(a.id + 0, 1, true)],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as ServerCart).products.map((p) => [p.id, p.isVariant, p.quantity])).toEqual([
      [a.id, false, 1],
    ]);
    const priced = await company().put('/api/cart', { products: [{ ...line(a.id, 1), price: 1 }] });
    expect(priced.statusCode).toBe(422);
  });

  it(`refuses a cart of 1,000 lines with 422 naming the limit of ${MAX_CART_LINES}, quickly`, async () => {
    const started = Date.now();
    const res = await company().put('/api/cart', { products: manyLines(1000) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: tooManyLinesMessage(),
      errors: { products: [tooManyLinesMessage()] },
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('keeps each user his own cart, and refuses guests (401) and staff (403)', async () => {
    await company().put('/api/cart', { products: [line(a.id, 7)] });
    expect(((await colleague.get('/api/cart')).json() as ServerCart).products).toEqual([]);
    expect((await shop.t.client().get('/api/cart')).statusCode).toBe(401);
    expect((await shop.clients.admin.get('/api/cart')).statusCode).toBe(403);
  });
});

async function createList(client: TestClient, body: Record<string, unknown>) {
  const res = await client.post('/api/lists', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ShoppingList;
}

describe('saved carts and shopping lists', () => {
  it('saves the cart as a list its owner reads, renames, fills and empties', async () => {
    const list = await createList(company(), {
      name: 'Usual assortment',
      kind: 'saved_cart',
      products: [line(a.id, 2), line(b.id, 1)],
    });
    expect(list).toMatchObject({ name: 'Usual assortment', kind: 'saved_cart', own: true, shared: false });
    expect(list.products.map((p) => [p.sku, p.quantity])).toEqual([
      [a.sku, 2],
      [b.sku, 1],
    ]);
    const added = await company().post(`/api/lists/${list.id}/items`, line(a.id, 3));
    expect((added.json() as ShoppingList).products.map((p) => p.quantity)).toEqual([5, 1]);
    const renamed = await patch(company(), `/api/lists/${list.id}`, { name: 'Monday' });
    expect((renamed.json() as ShoppingList).name).toBe('Monday');
    const removed = await company().delete(`/api/lists/${list.id}/items/${b.id}`);
    expect((removed.json() as ShoppingList).products.map((p) => p.sku)).toEqual([a.sku]);
    const all = (await company().get('/api/lists')).json() as { data: ShoppingListSummary[] };
    expect(all.data.find((l) => l.id === list.id)).toMatchObject({ lines: 1, items: 5 });
    expect((await company().delete(`/api/lists/${list.id}`)).statusCode).toBe(204);
    expect((await company().get(`/api/lists/${list.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another customer's list, to read, change, delete or add to the cart", async () => {
    const list = await createList(company(), { name: 'Private', products: [line(a.id, 1)] });
    for (const res of [
      await stranger.get(`/api/lists/${list.id}`),
      await patch(stranger, `/api/lists/${list.id}`, { name: 'Mine' }),
      await stranger.delete(`/api/lists/${list.id}`),
      await stranger.post(`/api/lists/${list.id}/items`, line(b.id, 1)),
      await stranger.post(`/api/lists/${list.id}/cart`),
      // Not shared: the colleague does not see it either.
      await colleague.get(`/api/lists/${list.id}`),
    ])
      expect(res.statusCode).toBe(404);
    expect(((await stranger.get('/api/lists')).json() as { data: unknown[] }).data).toEqual([]);
  });

  it("shows a shared list to the company's other users read-only; they may add it to their cart", async () => {
    const list = await createList(company(), { name: 'Shop shelf', shared: true, products: [line(a.id, 2)] });
    const seen = (await colleague.get('/api/lists')).json() as { data: ShoppingListSummary[] };
    expect(seen.data.find((l) => l.id === list.id)).toMatchObject({
      own: false,
      shared: true,
      owner_email: 'company@example.com',
    });
    const change = await patch(colleague, `/api/lists/${list.id}`, { name: 'Mine' });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({ message: listMessages.listReadOnly });
    expect((await colleague.post(`/api/lists/${list.id}/cart`)).statusCode).toBe(200);
    expect((await stranger.get(`/api/lists/${list.id}`)).statusCode).toBe(404);
  });

  it('adds all to the cart with the quick-order report: a line over the stock is capped', async () => {
    const list = await createList(company(), { name: 'Reorder', products: [line(a.id, 2), line(few.id, 9)] });
    const res = await company().post(`/api/lists/${list.id}/cart`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as QuickOrderReport;
    expect(report.products).toEqual([line(a.id, 2), line(few.id, 4)]);
    expect(report.lines.map((l) => [l.sku, l.requested, l.quantity, l.status])).toEqual([
      [a.sku, 2, 2, 'added'],
      [few.sku, 9, 4, 'capped'],
    ]);
  });

  it('creates a list from an own order, and 404 from an order of another customer', async () => {
    const placed = await postOrder(shop, 'company', { products: [line(b.id, 3)] }, newKey());
    expect(placed.statusCode, placed.body).toBe(201);
    const orderNo = (placed.json() as { order: { orderNo: string } }).order.orderNo;
    const list = await createList(company(), { name: 'From order', order_no: orderNo });
    expect(list.products.map((p) => [p.sku, p.quantity])).toEqual([[b.sku, 3]]);
    expect((await stranger.post('/api/lists', { name: 'Theirs', order_no: orderNo })).statusCode).toBe(404);
  });

  it('refuses a list of 1,000 lines with 422, and a product beyond the limit', async () => {
    const res = await company().post('/api/lists', { name: 'Huge', products: manyLines(1000) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: tooManyLinesMessage() });
  });
});

describe('wishlist of coming releases', () => {
  const deps = () => shop.t.app.deps;

  it('mails once when stock arrives for an out-of-stock product, and lists it as notified', async () => {
    const soldOut = await addProduct(shop.t.db, { stock: 0 });
    const res = await company().post('/api/wishlist', { product_id: soldOut.id });
    expect(res.statusCode, res.body).toBe(204);
    shop.t.mails.length = 0;
    expect(await sendStockAlerts(deps())).toBe(0);

    const load = await shop.clients.admin.post('/api/warehouse-transactions', {
      operation: 'load',
      warehouse: 'MAIN',
      sku: soldOut.sku,
      quantity: 5,
      document_date: '2026-11-20',
      document_number: 'DDT-W-1',
    });
    expect(load.statusCode, load.body).toBe(201);
    expect(await sendStockAlerts(deps())).toBe(1);
    expect(await sendStockAlerts(deps())).toBe(0);
    expect(shop.t.mails).toHaveLength(1);
    expect(shop.t.mails[0]).toMatchObject({ to: 'company@example.com' });
    expect(shop.t.mails[0]!.text).toContain(`/products/${soldOut.sku}`);
    // in the customer's language (Italian here), as the shop's other mails to customers
    expect(shop.t.mails[0]!.subject).toContain(`${soldOut.description} è ordinabile`);
    expect(shop.t.mails[0]!.text).toContain('è ora ordinabile');
    expect(shop.t.mails[0]!.text).not.toContain('can now be ordered');

    const list = (await company().get('/api/wishlist')).json() as { data: StockAlert[] };
    expect(list.data.find((w) => w.product_id === soldOut.id)).toMatchObject({
      sku: soldOut.sku,
      notified_at: expect.any(String),
    });
  });

  it('mails when a pre-order opens for a coming release', async () => {
    const coming = await addProduct(shop.t.db, { stock: 0 });
    await shop.t.db
      .update(products)
      .set({ releaseDate: '2027-02-01', availableForPreorders: false })
      .where(sql`id = ${coming.id}`);
    expect((await colleague.post('/api/wishlist', { product_id: coming.id })).statusCode).toBe(204);
    shop.t.mails.length = 0;
    expect(await sendStockAlerts(deps())).toBe(0);
    await shop.t.db.update(products).set({ availableForPreorders: true }).where(sql`id = ${coming.id}`);
    const customerOf = sql`(select u.customer_id from stock_alerts a join users u on u.id = a.user_id
      where a.product_id = ${coming.id})`;
    await shop.t.db.execute(sql`update customers set language = 'en' where id = ${customerOf}`);
    try {
      expect(await sendStockAlerts(deps())).toBe(1);
    } finally {
      await shop.t.db.execute(sql`update customers set language = 'it' where id = ${customerOf}`);
    }
    expect(shop.t.mails.map((m) => m.subject)).toEqual([
      expect.stringContaining(`${coming.description} can be ordered`),
    ]);
    expect(shop.t.mails[0]!.text).toContain('can now be ordered');
    expect(shop.t.mails[0]!.text).not.toContain('ordinabile');
  });

  it('refuses an alert for a product that can be ordered now (422) or does not exist (404)', async () => {
    const res = await company().post('/api/wishlist', { product_id: a.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: listMessages.alertNotNeeded });
    expect((await company().post('/api/wishlist', { product_id: 999_999 })).statusCode).toBe(404);
    expect((await company().delete('/api/wishlist/999999')).statusCode).toBe(404);
  });

  it('keeps alerts per user: removing one leaves the others', async () => {
    const soldOut = await addProduct(shop.t.db, { stock: 0 });
    await company().post('/api/wishlist', { product_id: soldOut.id });
    expect((await stranger.get('/api/wishlist')).json()).toEqual({ data: [] });
    expect((await company().delete(`/api/wishlist/${soldOut.id}`)).statusCode).toBe(204);
    const rows = await rowsOf<{ n: number }>(
      shop.t.db,
      sql`select count(*)::integer as n from stock_alerts where product_id = ${soldOut.id}`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
