import { messages, type Quote } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, line, openShop, rowsOf, type Shop, type Who } from '../orders/checkout.fixtures';

/** POST /api/cart/quote: whose prices, and bad input (a clear 4xx, or a line removed and named). */

let shop: Shop;
let cd: { id: number };
let lines: { id: number; isVariant: boolean; quantity: number }[];

beforeAll(async () => {
  shop = await openShop();
  cd = await addProduct(shop.t.db, { stock: 20 });
  const book = await addProduct(shop.t.db, { stock: 20, category: 'EDITORIA', vatRate: 400, price: 1800 });
  lines = [line(cd.id, 2), line(book.id, 1)];
});
afterAll(() => shop.t.close());

const quote = (who: Who, body: Record<string, unknown>) => shop.clients[who].post('/api/cart/quote', body);

describe('who is priced', () => {
  it('prices as the customer an administrator acts for, and requires one (422)', async () => {
    const asCompany = (await quote('company', { products: lines })).json();
    const res = await quote('admin', { products: lines, customer_id: shop.ids.company });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(asCompany);
    const missing = await quote('admin', { products: lines });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ customer_id: [messages.required] });
    expect((await quote('admin', { products: lines, customer_id: 999_999 })).statusCode).toBe(404);
  });

  it("refuses a customer's request naming another customer (403), accepts their own id", async () => {
    expect((await quote('private', { products: lines, customer_id: shop.ids.company })).statusCode).toBe(403);
    const own = await quote('private', { products: lines, customer_id: shop.ids.private });
    expect(own.statusCode).toBe(200);
    expect(own.json().customer_id).toBe(shop.ids.private);
  });

  it('answers 401 without a session', async () => {
    const anonymous = shop.t.client();
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.post('/api/cart/quote', { products: [] })).statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it.each([
    ['zero', 0],
    ['negative', -2],
    ['fractional', 1.5],
    ['huge', 100_001],
    ['a string', '3'],
  ])('refuses a %s quantity with 422', async (_name, quantity) => {
    const res = await quote('private', { products: [{ id: cd.id, isVariant: false, quantity }] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['products.0.quantity']);
  });

  it('refuses prices sent by the client (422): the server prices', async () => {
    const res = await quote('private', { products: [{ ...line(cd.id), price: 1, totalPrice: 1 }] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['products.0.price', 'products.0.totalPrice']);
  });

  it('removes unknown products and wrong variant flags as not found, and prices the rest', async () => {
    const p = await addProduct(shop.t.db, { price: 1000, stock: 3 });
    const body = (
      await quote('private', { products: [line(p.id), line(99_999_999), line(p.id + 0, 1, true)] })
    ).json() as Quote;
    expect(body.products.map((x) => x.id)).toEqual([p.id]);
    expect(body.removed).toEqual([
      { id: 99_999_999, isVariant: false, sku: null, title: null, reason: 'not_found' },
      { id: p.id, isVariant: true, sku: null, title: null, reason: 'not_found' },
    ]);
  });

  it('removes an out-of-stock product naming it, caps a quantity at the stock, leaves pre-orders uncapped', async () => {
    const gone = await addProduct(shop.t.db, { stock: 0 });
    const few = await addProduct(shop.t.db, { stock: 2, ext: 1 });
    const pre = await addProduct(shop.t.db, { preorder: true });
    const body = (
      await quote('private', { products: [line(gone.id), line(few.id, 9), line(pre.id, 40)] })
    ).json() as Quote;
    expect(body.removed).toEqual([
      { id: gone.id, isVariant: false, sku: gone.sku, title: gone.description, reason: 'out_of_stock' },
    ]);
    expect(body.products.map((x) => [x.id, x.quantity, x.requested_quantity, x.is_preorder])).toEqual([
      [few.id, 3, 9, false],
      [pre.id, 40, 40, true],
    ]);
  });

  it('adds up the same product sent twice into one line', async () => {
    const p = await addProduct(shop.t.db, { stock: 10 });
    const body = (await quote('private', { products: [line(p.id, 2), line(p.id, 3)] })).json() as Quote;
    expect(body.products).toHaveLength(1);
    expect(body.products[0]!.quantity).toBe(5);
  });

  it("refuses another customer's address id (404) and prices a new address abroad as international", async () => {
    const [other] = await rowsOf<{ id: number }>(
      shop.t.db,
      sql`select id from customer_addresses where customer_id = ${shop.ids.company} limit 1`,
    );
    const res = await quote('private', { products: lines, shipping: { address_id: other!.id } });
    expect(res.statusCode).toBe(404);
    const abroad = await quote('private', {
      products: [line(cd.id)],
      shipping: {
        address: {
          firstname: 'Mario',
          lastname: 'Bianchi',
          address: 'Rue 1',
          postcode: '75001',
          city: 'Paris',
          country: 'FR',
        },
      },
    });
    expect(abroad.json().shipping).toMatchObject({ slug: 'international', price: 1990 });
  });
});
