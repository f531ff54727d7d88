import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { addProduct, openShop, rowsOf, type Shop } from '../orders/checkout.fixtures';

/**
 * Contract price lists and volume tiers in the back office (issue 20 point 4): staff create, edit and
 * delete lists with their groups, customers and rows, and set a product's tiers; every bad input is a
 * 422 on its field with the message staff read; customers get 403, visitors 401.
 */

let shop: Shop;
let admin: TestClient;
let customer: TestClient;
let visitor: TestClient;
let product: { id: number; sku: string };
let dealers: number;

beforeAll(async () => {
  shop = await openShop();
  admin = shop.clients.admin;
  customer = shop.t.client();
  const c = await createUser(shop.t.db);
  expect((await customer.login(c.email, PASSWORD)).statusCode).toBe(200);
  visitor = shop.t.client();
  await visitor.get('/sanctum/csrf-cookie');
  product = await addProduct(shop.t.db, { price: 2000, stock: 100, category: 'MERCHANDISE' });
  [{ id: dealers }] = (await rowsOf<{ id: number }>(
    shop.t.db,
    sql`select id from customer_groups where code = 'RIVENDITORI'`,
  )) as [{ id: number }];
});
afterAll(() => shop.t.close());

let n = 0;
const listBody = (over: Record<string, unknown> = {}) => ({
  name: `Contract ${++n}`,
  valid_from: '2026-01-01',
  valid_until: '2026-12-31',
  customer_group_ids: [dealers],
  customer_ids: [shop.ids.extra],
  ...over,
});
const newList = async (over: Record<string, unknown> = {}) => {
  const res = await admin.post('/api/price-lists', listBody(over));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string };
};

describe('price lists', () => {
  it('creates a list for a group and a customer, and reads it back', async () => {
    const res = await admin.post('/api/price-lists', listBody({ name: 'Alpen 2026' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Alpen 2026',
      currency: 'EUR',
      valid_from: '2026-01-01',
      valid_until: '2026-12-31',
      customer_groups: [{ id: dealers, name: 'RIVENDITORI' }],
      customers: [{ id: shop.ids.extra, name: 'Alpen Musik AG' }],
      rows_count: 0,
    });
    const read = await admin.get(`/api/price-lists/${res.json().id}`);
    expect(read.json().name).toBe('Alpen 2026');
    const page = await admin.get('/api/price-lists?q=alpen');
    expect(page.json()).toMatchObject({ data: [{ name: 'Alpen 2026' }], meta: { total: 1, page: 1 } });
  });

  it('edits a list: new name, open dates, nobody it applies to', async () => {
    const list = await newList();
    const res = await admin.put(`/api/price-lists/${list.id}`, {
      name: `${list.name} bis`,
      valid_from: null,
      valid_until: null,
      customer_group_ids: [],
      customer_ids: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      valid_from: null,
      valid_until: null,
      customer_groups: [],
      customers: [],
    });
    expect((await admin.put('/api/price-lists/999999', listBody())).statusCode).toBe(404);
  });

  it('refuses a reused name, an end before the start, an unknown group or customer, another currency', async () => {
    const taken = await newList();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: taken.name }, 'name', 'Another price list already has this name.'],
      [
        { valid_from: '2026-06-01', valid_until: '2026-05-31' },
        'valid_until',
        'The end of validity must not be before its start.',
      ],
      [{ customer_group_ids: [999999] }, 'customer_group_ids', 'Customer group 999999 not found.'],
      [{ customer_ids: [999999] }, 'customer_ids', 'Customer 999999 not found.'],
      [{ currency: 'USD' }, 'currency', expect.any(String)],
      [{ name: '' }, 'name', expect.any(String)],
    ];
    for (const [over, field, message] of cases) {
      const res = await admin.post('/api/price-lists', listBody(over));
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    // Its own name is no conflict when editing.
    expect((await admin.put(`/api/price-lists/${taken.id}`, listBody({ name: taken.name }))).statusCode).toBe(
      200,
    );
  });

  it('adds, edits, lists and deletes rows; a deleted list takes its rows', async () => {
    const list = await newList();
    const add = await admin.post(`/api/price-lists/${list.id}/rows`, { sku: product.sku, price: 1500 });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ sku: product.sku, list_price: 2000, price: 1500, min_quantity: 1 });
    const more = await admin.post(`/api/price-lists/${list.id}/rows`, {
      sku: product.sku,
      price: 1200,
      min_quantity: 10,
    });
    expect(more.statusCode).toBe(201);
    const edit = await admin.put(`/api/price-list-rows/${more.json().id}`, {
      sku: product.sku,
      price: 1100,
      min_quantity: 12,
    });
    expect(edit.json()).toMatchObject({ price: 1100, min_quantity: 12 });
    const rows = await admin.get(`/api/price-lists/${list.id}/rows`);
    expect(rows.json().data.map((r: { price: number }) => r.price)).toEqual([1500, 1100]);
    expect((await admin.get(`/api/price-lists/${list.id}`)).json().rows_count).toBe(2);
    expect((await admin.delete(`/api/price-list-rows/${add.json().id}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/price-list-rows/${add.json().id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/price-lists/${list.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/price-lists/${list.id}`)).statusCode).toBe(404);
    const [left] = await rowsOf<{ n: number }>(
      shop.t.db,
      sql`select count(*)::int as n from price_list_rows where price_list_id = ${list.id}`,
    );
    expect(left!.n).toBe(0);
  });

  it('refuses a row with an unknown SKU, a zero or negative price, a duplicate SKU and quantity', async () => {
    const list = await newList();
    await admin.post(`/api/price-lists/${list.id}/rows`, { sku: product.sku, price: 1500, min_quantity: 5 });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ sku: 'NO-SUCH-SKU', price: 100 }, 'sku', 'No product has the SKU NO-SUCH-SKU.'],
      [{ sku: product.sku, price: 0 }, 'price', 'Must be greather than 0'],
      [{ sku: product.sku, price: -100 }, 'price', 'Must be greather than 0'],
      [{ sku: product.sku, price: 100, min_quantity: 0 }, 'min_quantity', 'Must be greather than 0'],
      [
        { sku: product.sku, price: 1400, min_quantity: 5 },
        'min_quantity',
        `This list already has a row for ${product.sku} from 5 units.`,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post(`/api/price-lists/${list.id}/rows`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect(
      (await admin.post('/api/price-lists/999999/rows', { sku: product.sku, price: 1 })).statusCode,
    ).toBe(404);
  });

  it('is staff only: a customer gets 403, a visitor 401', async () => {
    const list = await newList();
    for (const [client, status] of [
      [customer, 403],
      [shop.clients.company, 403],
      [visitor, 401],
    ] as const) {
      expect((await client.get('/api/price-lists')).statusCode).toBe(status);
      expect((await client.post('/api/price-lists', listBody())).statusCode).toBe(status);
      expect((await client.get(`/api/price-lists/${list.id}/rows`)).statusCode).toBe(status);
      expect((await client.put(`/api/products/${product.id}/price-tiers`, { tiers: [] })).statusCode).toBe(
        status,
      );
    }
  });
});

describe('volume tiers', () => {
  it("replaces a product's tiers and reads them back by quantity", async () => {
    const put = await admin.put(`/api/products/${product.id}/price-tiers`, {
      tiers: [
        { min_quantity: 50, price: 1600 },
        { min_quantity: 10, price: 1800 },
      ],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      list_price: 2000,
      tiers: [
        { min_quantity: 10, price: 1800 },
        { min_quantity: 50, price: 1600 },
      ],
    });
    await admin.put(`/api/products/${product.id}/price-tiers`, { tiers: [{ min_quantity: 5, price: 1900 }] });
    expect((await admin.get(`/api/products/${product.id}/price-tiers`)).json().tiers).toEqual([
      { min_quantity: 5, price: 1900 },
    ]);
    expect((await admin.get('/api/products/999999/price-tiers')).statusCode).toBe(404);
  });

  it('refuses tiers from 1 unit, twice the same quantity, prices not falling, a tier above the list price', async () => {
    const cases: [{ min_quantity: number; price: number }[], string, string][] = [
      [
        [{ min_quantity: 1, price: 1500 }],
        'tiers.0.min_quantity',
        'A tier starts from 2 units or more: one unit pays the list price.',
      ],
      [
        [
          { min_quantity: 10, price: 1800 },
          { min_quantity: 10, price: 1700 },
        ],
        'tiers.1.min_quantity',
        'Two tiers start from the same quantity.',
      ],
      [
        [
          { min_quantity: 50, price: 1800 },
          { min_quantity: 10, price: 1700 },
        ],
        'tiers.0.price',
        'Each tier’s price must be lower than the list price and the tier below it.',
      ],
      [
        [{ min_quantity: 10, price: 2000 }],
        'tiers.0.price',
        'Each tier’s price must be lower than the list price and the tier below it.',
      ],
      [[{ min_quantity: 10, price: 0 }], 'tiers.0.price', 'Must be greather than 0'],
    ];
    for (const [tiers, field, message] of cases) {
      const res = await admin.put(`/api/products/${product.id}/price-tiers`, { tiers });
      expect(res.statusCode, JSON.stringify(tiers)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
  });
});
