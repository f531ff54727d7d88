import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { bigXlsx, openShop, preview, readXlsx, run, type Shop, xlsx } from './imports.fixtures';

/** Imports of thousands of rows (all or nothing, progress) and exports of a filtered list. */

let shop: Shop;
beforeAll(async () => {
  shop = await openShop(await createTestApp());
});
afterAll(() => shop.t.close());

const productCount = async () =>
  (
    (await shop.t.db.execute(sql`select count(*)::int as n from products`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

describe('large files', () => {
  const header = ['sku', 'description', 'category', 'subcategory', 'brand', 'price', 'vat', 'author'];
  const line = (prefix: string, brand: (i: number) => string) => (i: number) => [
    `${prefix}-${String(i).padStart(5, '0')}`,
    `Titolo ${i}`,
    'MUSICA',
    'CD',
    brand(i),
    (1000 + i) / 100,
    22,
    `Autore ${i % 97}`,
  ];

  it('one row going bad before the run rolls the whole import back: nothing is written', async () => {
    await shop.t.db.execute(sql`insert into brands (code, description) values ('effimera', 'Effimera')`);
    const file = await bigXlsx(
      header,
      5000,
      line('ROLL', (i) => (i === 4500 ? 'effimera' : 'aurora')),
    );
    const p = await preview(shop, 'products', 'big.xlsx', file);
    expect(p.body).toMatchObject({ total_rows: 5000, invalid_rows: 0, to_create: 5000 });
    await shop.t.db.execute(sql`delete from brands where code = 'effimera'`);
    const before = await productCount();
    const done = await run(shop, p.body.id);
    expect(done).toMatchObject({ status: 'failed', summary: null, error: 'Row 4502, brand: Does not exist' });
    expect(await productCount()).toBe(before);
  });

  it('imports 5,000 rows in one go, with progress up to the total', async () => {
    const file = await bigXlsx(
      header,
      5000,
      line('HUGE', () => 'aurora'),
    );
    const p = await preview(shop, 'products', 'huge.xlsx', file);
    const done = await run(shop, p.body.id);
    expect(done).toMatchObject({
      status: 'completed',
      progress: { processed: 5000, total: 5000 },
      summary: { created: 5000, updated: 0, skipped: 0 },
    });
    const [last] = await shop.t.db.select().from(products).where(eq(products.sku, 'HUGE-04999'));
    expect([last!.description, last!.price, last!.brandId, last!.author]).toEqual([
      'Titolo 4999',
      5999,
      shop.ids.brand,
      'Autore 52',
    ]);
  });
});

describe('GET /api/exports/products', () => {
  it('exports exactly the filtered list, with the import columns, money in euros', async () => {
    const listed = await xlsx([
      ['sku', 'description', 'category', 'subcategory', 'price', 'vat', 'isbn'],
      ['MU-NEW-2', 'Libro', null, 'DVD', '12,50', '4', '978-88-04-66823-7'],
      ['MU-NEW-3', 'Altro', 'MUSICA', null, 3, 22, null],
    ]);
    await run(shop, (await preview(shop, 'products', 'x.xlsx', listed)).body.id);
    const res = await shop.admin.get(`/api/exports/products?category_id=${shop.ids.video}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="products-2026-11-21.xlsx"');
    const rows = await readXlsx(res.rawPayload);
    const header = rows[0]!;
    const col = (name: string) => header.indexOf(name);
    expect(
      rows
        .slice(1)
        .map((r) => [
          r[col('sku')],
          r[col('category')],
          r[col('subcategory')],
          r[col('price')],
          r[col('vat')],
          r[col('isbn')],
        ]),
    ).toEqual([['MU-NEW-2', 'HOME_VIDEO', 'DVD', 12.5, 4, '9788804668237']]);
    const searched = await readXlsx((await shop.admin.get('/api/exports/products?q=HUGE-04999')).rawPayload);
    expect(searched.slice(1).map((r) => r[0])).toEqual(['HUGE-04999']);
    expect((await shop.admin.get('/api/exports/products?colour=red')).statusCode).toBe(422);
  });
});
