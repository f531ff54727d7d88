import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceLists, products } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { type Cell, importSheet, openShop, preview, readXlsx, type Shop, xlsx } from './imports.fixtures';

/** Contract price list rows (issue 20 point 4) as a sheet: imported by list name, SKU and quantity. */

const HEADER = ['price_list', 'sku', 'min_quantity', 'price'];

let shop: Shop;
let ingrosso: number;
beforeAll(async () => {
  shop = await openShop(await createTestApp());
  await shop.t.db.insert(products).values([
    { sku: 'MU-910001', description: 'Canzoni', price: 1500, vatId: shop.ids.vat22 },
    { sku: 'MU-910002', description: 'Ballate', price: 2000, vatId: shop.ids.vat22 },
  ]);
  const [list] = await shop.t.db
    .insert(priceLists)
    .values([{ name: 'Ingrosso' }, { name: 'Catene' }])
    .returning();
  ingrosso = list!.id;
});
afterAll(() => shop.t.close());

async function exported(query = '') {
  const res = await shop.admin.get(`/api/exports/price-list-rows${query}`);
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = await readXlsx(res.rawPayload);
  return rows.map((r) => HEADER.map((h) => r[header!.indexOf(h)] ?? null));
}

async function problems(rows: Cell[][]) {
  const p = await preview(shop, 'price-list-rows', 'rows.xlsx', await xlsx([HEADER, ...rows]));
  expect(p.status).toBe(201);
  return p.body.errors;
}

describe('price list rows import and export', () => {
  it('imports rows by list name, SKU and quantity, a second file updating a price, and exports them back', async () => {
    const rows: Cell[][] = [
      ['Ingrosso', 'MU-910001', 1, 12.5],
      ['Ingrosso', 'MU-910001', 10, 11.9],
      ['Catene', 'MU-910002', 1, 17],
    ];
    await importSheet(shop, 'price-list-rows', [HEADER, ...rows]);
    const done = await importSheet(shop, 'price-list-rows', [HEADER, ['Ingrosso', 'MU-910001', 10, 11.5]]);
    expect(done.summary).toEqual({ created: 0, updated: 1, skipped: 0 });

    expect(await exported(`?price_list_id=${ingrosso}`)).toEqual([
      ['Ingrosso', 'MU-910001', 1, 12.5],
      ['Ingrosso', 'MU-910001', 10, 11.5],
    ]);
    // The whole export imports again unchanged.
    const all = await exported();
    expect(all).toHaveLength(3);
    const again = await importSheet(shop, 'price-list-rows', [HEADER, ...all]);
    expect([again.error, again.summary]).toEqual([null, { created: 0, updated: 3, skipped: 0 }]);
    const res = await shop.admin.get(`/api/price-lists/${ingrosso}/rows`);
    expect(
      res.json().data.map((r: { price: number; min_quantity: number }) => [r.min_quantity, r.price]),
    ).toEqual([
      [1, 1250],
      [10, 1150],
    ]);
  });

  it("names an unknown SKU, an unknown list and a price of zero or less as that row's error", async () => {
    expect(
      await problems([
        ['Ingrosso', 'XX-404', 1, 9.9],
        ['Nessuna', 'MU-910001', 1, 9.9],
        ['Ingrosso', 'MU-910002', 1, 0],
        ['Ingrosso', 'MU-910002', 5, -3],
        ['Catene', 'MU-910001', 0, 9.9],
      ]),
    ).toEqual([
      { row: 2, column: 'sku', message: 'Does not exist' },
      { row: 3, column: 'price_list', message: 'Does not exist' },
      { row: 4, column: 'price', message: 'Must be greather than 0' },
      { row: 5, column: 'price', message: 'Must be greather than 0' },
      { row: 6, column: 'min_quantity', message: 'Must be greather than 0' },
    ]);
  });

  it('refuses the same list, SKU and quantity twice in one file', async () => {
    expect(
      await problems([
        ['Catene', 'MU-910001', 3, 9],
        ['Catene', 'MU-910001', 3, 8],
      ]),
    ).toEqual([{ row: 3, column: expect.any(String), message: 'Appears more than once in the file' }]);
  });

  it('is staff only', async () => {
    expect((await shop.customer.get('/api/exports/price-list-rows')).statusCode).toBe(403);
  });
});
