import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { type Cell, importSheet, openShop, preview, readXlsx, type Shop, xlsx } from './imports.fixtures';

/**
 * Every importable list (SPEC §1 'most back-office lists'): a sheet imported, then exported with the
 * same columns, holds what was imported.
 */

let shop: Shop;
beforeAll(async () => {
  shop = await openShop(await createTestApp());
});
afterAll(() => shop.t.close());

/** The export of a list as objects by header, only the given headers. */
async function exported(resource: string, headers: string[], query = ''): Promise<Record<string, Cell>[]> {
  const res = await shop.admin.get(`/api/exports/${resource}${query}`);
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = await readXlsx(res.rawPayload);
  return rows.map((r) => Object.fromEntries(headers.map((h) => [h, r[header!.indexOf(h)] ?? null])));
}

const objects = (rows: Cell[][]) =>
  rows.slice(1).map((r) => Object.fromEntries(rows[0]!.map((h, i) => [h as string, r[i] ?? null])));

/** Imports a clean sheet and expects its summary. */
async function imported(resource: string, rows: Cell[][], summary: { created: number; updated: number }) {
  const done = await importSheet(shop, resource, rows);
  expect([done.status, done.summary]).toEqual(['completed', { ...summary, skipped: 0 }]);
}

describe('catalogue structure', () => {
  it('categories, subcategories, brands and units of measure', async () => {
    const categories: Cell[][] = [
      ['code', 'description', 'in_homepage'],
      ['EDITORIA', 'Editoria', 1],
      ['MUSICA', 'Musica e dischi', 0],
    ];
    await imported('categories', categories, { created: 1, updated: 1 });
    expect(await exported('categories', ['code', 'description', 'in_homepage'])).toEqual([
      { code: 'MUSICA', description: 'Musica e dischi', in_homepage: 0 },
      { code: 'HOME_VIDEO', description: 'Home video', in_homepage: 0 },
      { code: 'EDITORIA', description: 'Editoria', in_homepage: 1 },
    ]);
    // the list's search box and sort, as the screen sends them: the searched rows, in id order
    expect(await exported('categories', ['code'], '?q=dischi&sort=code&dir=desc')).toEqual([
      { code: 'MUSICA' },
    ]);

    const subs: Cell[][] = [
      ['code', 'description', 'category'],
      ['ROMANZI', 'Romanzi', 'EDITORIA'],
    ];
    await imported('subcategories', subs, { created: 1, updated: 0 });
    const editoria = (await shop.t.db.execute(
      sql`select id from categories where code = 'EDITORIA'`,
    )) as unknown as { rows: { id: number }[] };
    expect(
      await exported('subcategories', ['code', 'category'], `?category_id=${editoria.rows[0]!.id}`),
    ).toEqual([{ code: 'ROMANZI', category: 'EDITORIA' }]);

    await imported(
      'brands',
      [
        ['code', 'description', 'logo_url'],
        ['sole', 'Sole Records', 'https://example.com/sole.png'],
      ],
      { created: 1, updated: 0 },
    );
    expect((await exported('brands', ['code', 'logo_url'])).at(-1)).toEqual({
      code: 'sole',
      logo_url: 'https://example.com/sole.png',
    });

    const uoms: Cell[][] = [
      ['code', 'description', 'conversion_ratio'],
      ['CF', 'Confezione da 6', '1,5'],
    ];
    await imported('uoms', uoms, { created: 1, updated: 0 });
    expect(await exported('uoms', ['code', 'description', 'conversion_ratio'])).toEqual([
      { code: 'CF', description: 'Confezione da 6', conversion_ratio: 1.5 },
    ]);
  });

  it('attribute tags of a category or a subcategory, found by owner and code', async () => {
    const tags: Cell[][] = [
      ['category', 'subcategory', 'code', 'tag', 'type', 'options', 'full_text_search'],
      ['MUSICA', null, 'autore', 'Autore', 'text', null, 1],
      [null, 'CD', 'CONFEZIONE', 'Confezione', 'fixed_list', 'Jewel | Digipak', 0],
    ];
    await imported('attribute-tags', tags, { created: 2, updated: 0 });
    await imported(
      'attribute-tags',
      [
        ['subcategory', 'code', 'tag', 'options'],
        ['CD', 'CONFEZIONE', 'Confezione', 'Jewel|Digipak|Slipcase'],
      ],
      {
        created: 0,
        updated: 1,
      },
    );
    expect(
      await exported('attribute-tags', [
        'category',
        'subcategory',
        'code',
        'type',
        'options',
        'full_text_search',
      ]),
    ).toEqual([
      {
        category: 'MUSICA',
        subcategory: null,
        code: 'AUTORE',
        type: 'text',
        options: null,
        full_text_search: 1,
      },
      {
        category: null,
        subcategory: 'CD',
        code: 'CONFEZIONE',
        type: 'fixed_list',
        options: 'Jewel|Digipak|Slipcase',
        full_text_search: 0,
      },
    ]);
    const both = await preview(
      shop,
      'attribute-tags',
      't.xlsx',
      await xlsx([
        ['category', 'subcategory', 'code', 'tag', 'type'],
        ['MUSICA', 'CD', 'X', 'X', 'text'],
        ['MUSICA', null, 'Y', 'Y', 'list'],
      ]),
    );
    expect(both.body.errors).toEqual([
      { row: 2, column: 'category', message: 'Invalid value' },
      { row: 3, column: 'options', message: 'Invalid length' },
    ]);
  });
});

describe('products, variants, attributes, stock', () => {
  it('variants join their product, which gains has_variants and a default variant', async () => {
    await imported(
      'products',
      [
        ['sku', 'description', 'category', 'subcategory', 'price', 'vat'],
        ['MU-900001', 'Canzoni', 'MUSICA', 'CD', 15, 22],
      ],
      { created: 1, updated: 0 },
    );
    const variants: Cell[][] = [
      ['sku', 'parent_sku', 'variant_value', 'price', 'is_default'],
      ['MU-900001-J', 'MU-900001', 1, null, null],
      ['MU-900001-D', 'MU-900001', 2, 19.5, 1],
    ];
    await imported('variants', variants, { created: 2, updated: 0 });
    expect(
      await exported('variants', [
        'sku',
        'parent_sku',
        'variant_value',
        'description',
        'price',
        'is_default',
      ]),
    ).toEqual([
      {
        sku: 'MU-900001-J',
        parent_sku: 'MU-900001',
        variant_value: 1,
        description: 'Canzoni',
        price: 15,
        is_default: 0,
      },
      {
        sku: 'MU-900001-D',
        parent_sku: 'MU-900001',
        variant_value: 2,
        description: 'Canzoni',
        price: 19.5,
        is_default: 1,
      },
    ]);
    const product = await shop.admin.get('/api/products/MU-900001');
    expect(product.json().admin).toMatchObject({ has_variants: true });
    const bad = await preview(
      shop,
      'variants',
      'v.xlsx',
      await xlsx([
        ['sku', 'parent_sku', 'variant_value'],
        ['MU-900001-X', 'MU-900001', 5],
        ['MU-900001-Y', 'MU-900001-J', 3],
      ]),
    );
    expect(bad.body.errors).toEqual([
      { row: 2, column: 'variant_value', message: 'Must be between 1 and 4' },
      { row: 3, column: 'parent_sku', message: 'Invalid value' },
    ]);
  });

  it("attributes must be tags of the product's category or subcategory; list types take an option", async () => {
    const rows: Cell[][] = [
      ['sku', 'code', 'value'],
      ['MU-900001', 'AUTORE', 'Lucio Bianchi'],
      ['MU-900001-D', 'CONFEZIONE', 'Digipak'],
    ];
    await imported('attributes', rows, { created: 2, updated: 0 });
    expect(await exported('attributes', ['sku', 'code', 'value'])).toEqual(objects(rows));
    const bad = await preview(
      shop,
      'attributes',
      'a.xlsx',
      await xlsx([
        ['sku', 'code', 'value'],
        ['MU-900001', 'CONFEZIONE', 'Scatola'],
        ['MU-900001', 'TAGLIA', 'M'],
        ['NOPE-1', 'AUTORE', 'x'],
      ]),
    );
    expect(bad.body.errors).toEqual([
      { row: 2, column: 'value', message: 'Invalid value' },
      { row: 3, column: 'code', message: 'Invalid value' },
      { row: 4, column: 'sku', message: 'Does not exist' },
    ]);
  });

  it('stock: on hand and on order per warehouse; each on-hand change is a warehouse transaction', async () => {
    await imported(
      'stock',
      [
        ['sku', 'warehouse', 'on_hand', 'on_order'],
        ['MU-900001-J', 'MAIN', 12, 5],
      ],
      { created: 1, updated: 0 },
    );
    const done = await importSheet(shop, 'stock', [
      ['sku', 'warehouse', 'on_hand'],
      ['MU-900001-J', 'MAIN', 20],
    ]);
    expect(done.summary).toEqual({ created: 0, updated: 1, skipped: 0 });
    expect(await exported('stock', ['sku', 'warehouse', 'on_hand', 'on_order'])).toEqual([
      { sku: 'MU-900001-J', warehouse: 'MAIN', on_hand: 20, on_order: 5 },
    ]);
    const moves = (await shop.t.db.execute(
      sql`select document_number, previous_stock, result_stock, quantity from warehouse_transactions order by id`,
    )) as unknown as { rows: unknown[] };
    expect(moves.rows).toEqual([
      {
        document_number: expect.stringMatching(/^IMP-\d+$/),
        previous_stock: 0,
        result_stock: 12,
        quantity: 12,
      },
      { document_number: `IMP-${done.id}`, previous_stock: 12, result_stock: 20, quantity: 8 },
    ]);
    const product = await shop.admin.get('/api/products/MU-900001');
    expect(product.json().admin.available_quantity).toBe(20);
  });
});
