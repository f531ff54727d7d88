import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, products } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { type Cell, importSheet, openShop, preview, readXlsx, type Shop, xlsx } from './imports.fixtures';

/** The customer and sales lists as sheets: imported, then exported with the same columns. */

let shop: Shop;
beforeAll(async () => {
  shop = await openShop(await createTestApp());
  await shop.t.db
    .insert(products)
    .values({ sku: 'MU-900001', description: 'Canzoni', price: 1500, vatId: shop.ids.vat22 });
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

describe('customers and sales lists', () => {
  it('customer groups, customers, warehouses, shipping methods, discount rules, campaign rows', async () => {
    await imported(
      'customer-groups',
      [
        ['code', 'description', 'external_group_id'],
        ['RIV', 'Rivenditori', 'G-01'],
      ],
      { created: 1, updated: 0 },
    );
    const customers: Cell[][] = [
      ['email', 'type', 'company', 'country', 'discount', 'customer_group', 'newsletter'],
      ['Negozio@Example.com', 'G', 'Negozio Srl', 'it', 5.5, 'RIV', 1],
    ];
    await imported('customers', customers, { created: 1, updated: 0 });
    const group = (await shop.t.db.execute(
      sql`select id from customer_groups where code = 'RIV'`,
    )) as unknown as { rows: { id: number }[] };
    const query = `?customer_group_id=${group.rows[0]!.id}`;
    expect(
      await exported(
        'customers',
        ['email', 'type', 'company', 'country', 'discount', 'customer_group', 'newsletter'],
        query,
      ),
    ).toEqual([
      {
        email: 'negozio@example.com',
        type: 'G',
        company: 'Negozio Srl',
        country: 'IT',
        discount: 5.5,
        customer_group: 'RIV',
        newsletter: 1,
      },
    ]);

    await imported(
      'warehouses',
      [
        ['code', 'description'],
        ['EXT', 'Esterno'],
      ],
      { created: 1, updated: 0 },
    );
    expect((await exported('warehouses', ['code', 'management_type'])).map((w) => w.code)).toEqual([
      'MAIN',
      'EXT',
    ]);

    const methods: Cell[][] = [
      ['code', 'slug', 'description', 'price', 'free_shipping', 'vat'],
      ['IT', 'national', 'Corriere Italia', 6.9, 150, 22],
    ];
    await imported('shipping-methods', methods, { created: 1, updated: 0 });
    expect(
      await exported('shipping-methods', ['code', 'slug', 'description', 'price', 'free_shipping', 'vat']),
    ).toEqual(objects(methods));

    const rules: Cell[][] = [
      ['customer_group', 'category', 'priority', 'rate', 'block_others'],
      ['RIV', 'MUSICA', 1, 10, 0],
      ['RIV', 'MUSICA', 2, 2.5, 0],
    ];
    await imported('discount-rules', rules, { created: 2, updated: 0 });
    await imported(
      'discount-rules',
      [
        ['customer_group', 'category', 'priority', 'rate'],
        ['RIV', 'MUSICA', 2, 3],
      ],
      { created: 0, updated: 1 },
    );
    expect(
      await exported('discount-rules', ['customer_group', 'category', 'priority', 'rate', 'block_others']),
    ).toEqual([
      { customer_group: 'RIV', category: 'MUSICA', priority: 1, rate: 10, block_others: 0 },
      { customer_group: 'RIV', category: 'MUSICA', priority: 2, rate: 3, block_others: 0 },
    ]);

    const [campaign] = await shop.t.db
      .insert(campaigns)
      .values({ title: 'Natale', startDate: '2026-12-01', endDate: '2026-12-31' })
      .returning();
    const rows: Cell[][] = [
      ['campaign_id', 'sku', 'price'],
      [campaign!.id, 'MU-900001', 9.9],
    ];
    await imported('campaign-rows', rows, { created: 1, updated: 0 });
    expect(
      await exported('campaign-rows', ['campaign_id', 'sku', 'price'], `?campaign_id=${campaign!.id}`),
    ).toEqual(objects(rows));
    const unknown = await preview(
      shop,
      'campaign-rows',
      'c.xlsx',
      await xlsx([
        ['campaign_id', 'sku', 'price'],
        [999, 'MU-900001', 1],
      ]),
    );
    expect(unknown.body.errors).toEqual([{ row: 2, column: 'campaign_id', message: 'Does not exist' }]);
  });

  it('every list has a template and a description of its columns', async () => {
    const res = await shop.admin.get('/api/import-resources');
    const resources = res.json().data as { resource: string; key: string[] }[];
    expect(resources.map((r) => [r.resource, r.key.join('+')])).toEqual([
      ['products', 'sku'],
      ['variants', 'sku'],
      ['attributes', 'sku+code'],
      ['stock', 'sku+warehouse'],
      ['categories', 'code'],
      ['subcategories', 'code'],
      ['brands', 'code'],
      ['uoms', 'code'],
      ['attribute-tags', 'category+subcategory+code'],
      ['customers', 'email'],
      ['customer-groups', 'code'],
      ['discount-rules', 'customer_group+category+priority'],
      ['campaign-rows', 'campaign_id+sku'],
      ['price-list-rows', 'price_list+sku+min_quantity'],
      ['coupons', 'code'],
      ['shipping-methods', 'code'],
      ['warehouses', 'code'],
      // Every row of a movements sheet is a new movement: no key.
      ['stock-movements', ''],
    ]);
    for (const { resource } of resources) {
      const template = await shop.admin.get(`/api/imports/${resource}/template`);
      expect([resource, template.statusCode]).toEqual([resource, 200]);
    }
  });
});
