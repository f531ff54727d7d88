import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { uploadFiles } from '../../test/multipart';
import { openShop, preview, readXlsx, run, type Shop, xlsx } from './imports.fixtures';

/** Product imports (issue 3 item 7): template, preview with every invalid cell, run, summary. */

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

describe('GET /api/imports/{resource}/template', () => {
  it('is an .xlsx with the header row', async () => {
    const res = await shop.admin.get('/api/imports/categories/template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(await readXlsx(res.rawPayload)).toEqual([['code', 'description', 'in_homepage']]);
  });

  it('is for administrators only', async () => {
    expect((await shop.customer.get('/api/imports/products/template')).statusCode).toBe(403);
    expect(
      (
        await uploadFiles(shop.t, shop.customer, '/api/imports/products', [
          { name: 'a.csv', content: Buffer.from('sku\nA-1') },
        ])
      ).statusCode,
    ).toBe(403);
    expect((await shop.customer.get('/api/exports/products')).statusCode).toBe(403);
  });
});

describe('importing products', () => {
  it('previews, then creates new SKUs and updates existing ones by SKU', async () => {
    await shop.t.db.insert(products).values({
      sku: 'MU-OLD-1',
      description: 'Vecchio titolo',
      price: 999,
      vatId: shop.ids.vat22,
      author: 'Resta',
    });
    const file = await xlsx([
      [
        'sku',
        'description',
        'category',
        'subcategory',
        'price',
        'vat',
        'isbn',
        'available',
        'brand',
        'release_date',
      ],
      ['MU-NEW-1', 'Notti di vento', 'MUSICA', 'CD', 15.9, 22, null, 1, 'aurora', '2026-03-01'],
      ['MU-NEW-2', 'Libro', null, 'DVD', '12,50', '4', '978-88-04-66823-7', 'no', null, null],
      ['MU-OLD-1', 'Nuovo titolo', null, null, 10, null, null, null, null, null],
    ]);
    const p = await preview(shop, 'products', 'products.xlsx', file);
    expect(p.status).toBe(201);
    expect(p.body).toMatchObject({
      resource: 'products',
      filename: 'products.xlsx',
      status: 'previewed',
      total_rows: 3,
      invalid_rows: 0,
      to_create: 2,
      to_update: 1,
      errors: [],
      summary: null,
    });
    const done = await run(shop, p.body.id);
    expect(done).toMatchObject({
      status: 'completed',
      summary: { created: 2, updated: 1, skipped: 0 },
      progress: { processed: 3, total: 3 },
      error: null,
    });
    const rows = await shop.t.db.select().from(products).where(sql`sku like 'MU-%'`).orderBy(products.sku);
    expect(
      rows.map((r) => [
        r.sku,
        r.description,
        r.price,
        r.vatId,
        r.categoryId,
        r.subcategoryId,
        r.isbn,
        r.available,
        r.author,
      ]),
    ).toEqual([
      ['MU-NEW-1', 'Notti di vento', 1590, shop.ids.vat22, shop.ids.music, shop.ids.cd, null, true, null],
      ['MU-NEW-2', 'Libro', 1250, shop.ids.vat4, shop.ids.video, shop.ids.dvd, '9788804668237', false, null],
      ['MU-OLD-1', 'Nuovo titolo', 1000, shop.ids.vat22, null, null, null, true, 'Resta'],
    ]);
    expect((await shop.admin.post(`/api/imports/${p.body.id}/run`, {})).statusCode).toBe(409);
  });
});

describe('a file with invalid cells', () => {
  let id: number;

  it('names every invalid cell by row, column and message', async () => {
    const file = await xlsx([
      ['sku', 'description', 'price', 'vat', 'isbn', 'category', 'weight', 'release_date'],
      ['BAD-1', 'Uno', 'abc', 22, null, null, null, null],
      ['BAD-2', 'Due', 0, 22, '9788804668238', 'NOPE', -3, '31/02/2026'],
      ['BAD-3', null, 10, 22, null, null, null, null],
      ['GOOD-1', 'Buono', '9,90', 22, null, 'MUSICA', 250, '01/03/2026'],
      ['GOOD-1', 'Doppio', 9, 22, null, null, null, null],
      ['12345', 'Numerico', 9, 22, null, null, null, null],
    ]);
    const p = await preview(shop, 'products', 'bad.xlsx', file);
    expect(p.status).toBe(201);
    id = p.body.id;
    expect(p.body).toMatchObject({
      total_rows: 6,
      invalid_rows: 5,
      to_create: 1,
      to_update: 0,
      errors_total: 9,
    });
    expect(p.body.errors).toEqual([
      { row: 2, column: 'price', message: 'Invalid value' },
      { row: 3, column: 'price', message: 'Must be greather than 0' },
      { row: 3, column: 'isbn', message: 'ISBN must be 10 or 13 digits' },
      { row: 3, column: 'weight', message: 'Must be greather than 0' },
      { row: 3, column: 'release_date', message: 'Invalid value' },
      { row: 3, column: 'category', message: 'Does not exist' },
      { row: 4, column: 'description', message: 'Required' },
      { row: 6, column: 'sku', message: 'Appears more than once in the file' },
      { row: 7, column: 'sku', message: 'Invalid value' },
    ]);
  });

  it('runs all or nothing only when every row is valid; skipping writes the valid rows', async () => {
    const refused = await shop.admin.post(`/api/imports/${id}/run`, { skip_invalid: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      skip_invalid: ['The file has invalid rows: correct them or skip them.'],
    });
    const before = await productCount();
    const done = await run(shop, id, true);
    expect(done).toMatchObject({
      status: 'completed',
      skip_invalid: true,
      summary: { created: 1, updated: 0, skipped: 5 },
    });
    expect(await productCount()).toBe(before + 1);
    const [good] = await shop.t.db.select().from(products).where(eq(products.sku, 'GOOD-1'));
    expect([good!.price, good!.weight, good!.releaseDate, good!.categoryId]).toEqual([
      990,
      250,
      '2026-03-01',
      shop.ids.music,
    ]);
  });
});

describe('files that cannot be imported', () => {
  const refused = (message: string) => ({ status: 422, body: { message, errors: { file: [message] } } });

  it.each([
    [
      'an unknown column',
      'x.csv',
      Buffer.from('sku;description;colour\nA-1;Uno;rosso\n'),
      'Unknown columns: colour.',
    ],
    ['no key column', 'x.csv', Buffer.from('description;price\nUno;10\n'), 'Missing columns: sku.'],
    ['only a header', 'x.csv', Buffer.from('sku;description\n\n;\n'), 'The file has no rows to import.'],
    [
      'an empty file',
      'x.xlsx',
      Buffer.alloc(0),
      'The file is not a spreadsheet: upload an .xlsx or a .csv file.',
    ],
    [
      'an image',
      'x.xlsx',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      'The file is not a spreadsheet: upload an .xlsx or a .csv file.',
    ],
    [
      'a zip that is no workbook',
      'x.xlsx',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]),
      'The file is not a spreadsheet: upload an .xlsx or a .csv file.',
    ],
  ])('%s is refused with a clear message, and nothing is recorded', async (_what, name, content, message) => {
    expect(await preview(shop, 'products', name, content)).toEqual(refused(message));
  });

  it('a multipart request without a file is refused', async () => {
    const res = await shop.admin.post('/api/imports/products', {});
    expect(res.statusCode).toBe(422);
  });
});

describe('CSV', () => {
  it('reads ; separated Italian CSV with decimal commas', async () => {
    const csv = Buffer.from(
      '\uFEFFsku;description;price;vat;available\r\nCSV-1;"Primo; con punto e virgola";12,90;22;si\r\nCSV-2;Secondo;7;4;no\r\n',
    );
    const p = await preview(shop, 'products', 'listino.csv', csv);
    expect(p.body).toMatchObject({ total_rows: 2, invalid_rows: 0, to_create: 2 });
    expect((await run(shop, p.body.id)).summary).toEqual({ created: 2, updated: 0, skipped: 0 });
    const rows = await shop.t.db.select().from(products).where(sql`sku like 'CSV-%'`).orderBy(products.sku);
    expect(rows.map((r) => [r.description, r.price, r.vatId, r.available])).toEqual([
      ['Primo; con punto e virgola', 1290, shop.ids.vat22, true],
      ['Secondo', 700, shop.ids.vat4, false],
    ]);
  });
});
