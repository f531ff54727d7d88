import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRows, campaigns, categories, products, vats } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

/** The back office's campaigns (SPEC §7 campaign calls, §3 Campaign, DESIGN §6 rule 3), admin only. */

let t: TestApp;
let admin: TestClient;
let customer: TestClient;
let visitor: TestClient;
let musicId: number;
const ids: Record<string, number> = {};

const countOf = async (table: typeof campaigns | typeof campaignRows) =>
  (await t.db.select().from(table)).length;

const autumn = {
  title: "Vinili d'autunno",
  description: 'Ristampe in vinile a prezzo speciale',
  start_date: '2026-11-01',
  end_date: '2026-12-16',
  in_home: true,
  is_featured: false,
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.db, { isSuperAdmin: true });
  const c = await createUser(t.db, { customer: { type: 'G', discount: 0 } });
  admin = t.client();
  customer = t.client();
  visitor = t.client();
  expect((await admin.login(a.email, PASSWORD)).statusCode).toBe(200);
  expect((await customer.login(c.email, PASSWORD)).statusCode).toBe(200);
  await visitor.get('/sanctum/csrf-cookie');
  const [vat] = await t.db.insert(vats).values({ rate: 2200, description: 'IVA 22%' }).returning();
  const [music] = await t.db.insert(categories).values({ code: 'MUSICA', description: 'Musica' }).returning();
  musicId = music!.id;
  const rows = await t.db
    .insert(products)
    .values(
      ['MU-100001', 'MU-100002', 'MU-100003'].map((sku, i) => ({
        sku,
        description: `Disco ${i + 1}`,
        price: 2000 + i * 500,
        vatId: vat!.id,
        categoryId: musicId,
      })),
    )
    .returning();
  for (const p of rows) ids[p.sku] = p.id;
});
afterAll(() => t.close());

describe('who may manage campaigns', () => {
  it.each([
    ['GET', '/api/backoffice/campaigns'],
    ['GET', '/api/backoffice/campaigns/1'],
    ['GET', '/api/backoffice/campaigns/1/rows'],
    ['POST', '/api/campaigns'],
    ['PUT', '/api/campaign/1'],
    ['POST', '/api/campaigns/1/rows'],
    ['DELETE', '/api/campaign-rows/1/delete'],
  ] as const)('%s %s: a customer gets 403, a visitor 401', async (method, url) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    expect((await customer.request(method, url, body)).statusCode).toBe(403);
    expect((await visitor.request(method, url, body)).statusCode).toBe(401);
  });
});

describe('campaigns', () => {
  it('creates a campaign with exact values and edits it', async () => {
    const created = await admin.post('/api/campaigns', { ...autumn, category_id: musicId });
    expect(created.statusCode).toBe(201);
    ids.autumn = created.json().id;
    expect(created.json()).toEqual({
      id: ids.autumn,
      ...autumn,
      category_id: musicId,
      category: 'MUSICA',
      rows_count: 0,
    });

    const edited = await admin.put(`/api/campaign/${ids.autumn}`, {
      title: 'Vinili di fine anno',
      start_date: '2026-11-10',
      end_date: '2026-12-31',
      is_featured: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      id: ids.autumn,
      title: 'Vinili di fine anno',
      description: null,
      category_id: null,
      category: null,
      start_date: '2026-11-10',
      end_date: '2026-12-31',
      in_home: false,
      is_featured: true,
      rows_count: 0,
    });
    expect((await admin.get(`/api/backoffice/campaigns/${ids.autumn}`)).json()).toEqual(edited.json());
    const missing = await admin.put('/api/campaign/9999', autumn);
    expect(missing.statusCode).toBe(404);
  });

  it('refuses an end before the start, a missing title and a bad date, writing nothing', async () => {
    const before = await countOf(campaigns);
    const reversed = await admin.post('/api/campaigns', { ...autumn, start_date: '2026-12-20' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json()).toEqual({
      message: 'The end date must not be before the start date',
      errors: { end_date: ['The end date must not be before the start date'] },
    });
    const bad = await admin.post('/api/campaigns', {
      ...autumn,
      title: ' ',
      start_date: '01/11/2026',
      category_id: 9999,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ title: ['Invalid length'], start_date: ['Invalid value'] });
    const unknownCategory = await admin.post('/api/campaigns', { ...autumn, category_id: 9999 });
    expect(unknownCategory.json()).toEqual({
      message: 'Invalid value',
      errors: { category_id: ['Invalid value'] },
    });
    expect(await countOf(campaigns)).toBe(before);

    const edit = await admin.put(`/api/campaign/${ids.autumn}`, { ...autumn, end_date: '2026-10-31' });
    expect(edit.statusCode).toBe(422);
    expect((await admin.get(`/api/backoffice/campaigns/${ids.autumn}`)).json().end_date).toBe('2026-12-31');
  });

  it('lists every campaign, whatever its dates, searched by title', async () => {
    const past = await admin.post('/api/campaigns', {
      title: 'Saldi estivi',
      start_date: '2026-07-01',
      end_date: '2026-07-31',
    });
    ids.summer = past.json().id;
    const list = await admin.get('/api/backoffice/campaigns');
    expect(list.json().data.map((c: { title: string }) => c.title)).toEqual([
      'Vinili di fine anno',
      'Saldi estivi',
    ]);
    expect(list.json().meta).toEqual({ total: 2, page: 1, per_page: 25 });
    const found = await admin.get('/api/backoffice/campaigns?q=estiv&sort=title&dir=asc');
    expect(found.json().data).toEqual([expect.objectContaining({ id: ids.summer, title: 'Saldi estivi' })]);
    expect((await admin.get('/api/backoffice/campaigns?sort=colour')).statusCode).toBe(422);
  });
});

describe('campaign rows', () => {
  const rowsOf = async (id: number) => (await admin.get(`/api/backoffice/campaigns/${id}/rows`)).json();

  it('adds one row by SKU, then many by SKU and id', async () => {
    const one = await admin.post(`/api/campaigns/${ids.autumn}/rows`, {
      rows: [{ sku: 'MU-100001', price: 1590 }],
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      created: 1,
      updated: 0,
      data: [
        {
          id: expect.any(Number),
          campaign_id: ids.autumn,
          product_id: ids['MU-100001'],
          sku: 'MU-100001',
          description: 'Disco 1',
          list_price: 2000,
          price: 1590,
        },
      ],
    });
    const many = await admin.post(`/api/campaigns/${ids.autumn}/rows`, {
      rows: [
        { sku: 'MU-100002', price: 1990 },
        { product_id: ids['MU-100003'], price: 2490 },
      ],
    });
    expect(many.json()).toMatchObject({ created: 2, updated: 0 });
    const page = await rowsOf(ids.autumn!);
    expect(page.data.map((r: { sku: string; price: number }) => [r.sku, r.price])).toEqual([
      ['MU-100001', 1590],
      ['MU-100002', 1990],
      ['MU-100003', 2490],
    ]);
    expect(page.meta.total).toBe(3);
    expect((await admin.get(`/api/backoffice/campaigns/${ids.autumn}`)).json().rows_count).toBe(3);
  });

  it('updates the price of a product already in the campaign instead of adding a row', async () => {
    const again = await admin.post(`/api/campaigns/${ids.autumn}/rows`, {
      rows: [
        { sku: 'MU-100001', price: 1490 },
        { sku: 'MU-100002', price: 1990 },
      ],
    });
    expect(again.json()).toMatchObject({ created: 0, updated: 2 });
    const page = await rowsOf(ids.autumn!);
    expect(page.meta.total).toBe(3);
    expect(page.data[0]).toMatchObject({ sku: 'MU-100001', price: 1490 });
  });

  it('refuses an unknown SKU, naming it, and writes none of the rows', async () => {
    const before = await t.db.select().from(campaignRows).orderBy(campaignRows.id);
    const res = await admin.post(`/api/campaigns/${ids.autumn}/rows`, {
      rows: [
        { sku: 'MU-100001', price: 990 },
        { sku: 'XX-404', price: 990 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'No product has the SKU XX-404',
      errors: { 'rows.1.sku': ['No product has the SKU XX-404'] },
    });
    expect(await t.db.select().from(campaignRows).orderBy(campaignRows.id)).toEqual(before);
  });

  it('refuses a price of zero, a product named twice and an unknown campaign', async () => {
    const zero = await admin.post(`/api/campaigns/${ids.autumn}/rows`, {
      rows: [{ sku: 'MU-100001', price: 0 }],
    });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors).toEqual({ 'rows.0.price': ['Must be greather than 0'] });
    const twice = await admin.post(`/api/campaigns/${ids.autumn}/rows`, {
      rows: [
        { sku: 'MU-100001', price: 900 },
        { product_id: ids['MU-100001'], price: 800 },
      ],
    });
    expect(twice.json()).toEqual({
      message: 'Invalid value',
      errors: { 'rows.1.product_id': ['Invalid value'] },
    });
    expect((await admin.post(`/api/campaigns/${ids.autumn}/rows`, { rows: [] })).statusCode).toBe(422);
    const unknown = await admin.post('/api/campaigns/9999/rows', {
      rows: [{ sku: 'MU-100001', price: 900 }],
    });
    expect(unknown.statusCode).toBe(404);
    expect((await rowsOf(ids.autumn!)).data[0]).toMatchObject({ sku: 'MU-100001', price: 1490 });
  });

  it('deletes a row, and a second delete is 404', async () => {
    const row = (await rowsOf(ids.autumn!)).data.find((r: { sku: string }) => r.sku === 'MU-100003');
    const res = await admin.delete(`/api/campaign-rows/${row.id}/delete`);
    expect(res.statusCode).toBe(204);
    expect((await rowsOf(ids.autumn!)).data.map((r: { sku: string }) => r.sku)).toEqual([
      'MU-100001',
      'MU-100002',
    ]);
    expect((await admin.delete(`/api/campaign-rows/${row.id}/delete`)).statusCode).toBe(404);
    const [kept] = await t.db.select().from(products).where(eq(products.id, ids['MU-100003']!));
    expect(kept?.sku).toBe('MU-100003');
  });
});

describe('the storefront prices with the campaigns at once', () => {
  const priceOf = async (sku: string) => (await customer.get(`/api/products/${sku}`)).json().price;

  it('prices a product in two running campaigns at the lower campaign price, to the cent', async () => {
    // Read first, so the product page is cached; the writes below must show through at once.
    expect(await priceOf('MU-100002')).toMatchObject({ campaign_price: 1990, unit_price: 1990 });
    const winter = await admin.post('/api/campaigns', {
      title: 'Natale in musica',
      start_date: '2026-11-15',
      end_date: '2026-12-24',
    });
    ids.winter = winter.json().id;
    await admin.post(`/api/campaigns/${ids.winter}/rows`, { rows: [{ sku: 'MU-100002', price: 1745 }] });
    expect(await priceOf('MU-100002')).toEqual({
      list_price: 2500,
      discount_rate: 0,
      discounted_price: 2500,
      campaign_price: 1745,
      is_under_campaign: true,
      tier_price: null,
      contract_price: null,
      price_source: 'campaign',
      unit_price: 1745,
      vat_rate: 2200,
      unit_price_with_vat: 2129,
      display: 'net',
    });
    // The other campaign now the lower one.
    await admin.post(`/api/campaigns/${ids.autumn}/rows`, { rows: [{ sku: 'MU-100002', price: 1699 }] });
    expect(await priceOf('MU-100002')).toMatchObject({ campaign_price: 1699, unit_price: 1699 });
  });

  it('drops a campaign price when its campaign ends or its row is deleted', async () => {
    await admin.put(`/api/campaign/${ids.autumn}`, {
      title: 'Vinili di fine anno',
      start_date: '2026-11-01',
      end_date: '2026-11-20',
    });
    expect(await priceOf('MU-100002')).toMatchObject({ campaign_price: 1745, unit_price: 1745 });
    const row = (await admin.get(`/api/backoffice/campaigns/${ids.winter}/rows`)).json().data[0];
    await admin.delete(`/api/campaign-rows/${row.id}/delete`);
    expect(await priceOf('MU-100002')).toMatchObject({
      campaign_price: null,
      is_under_campaign: false,
      unit_price: 2500,
    });
  });
});
