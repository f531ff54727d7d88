import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, subcategories } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let ids: { music: number; video: number; cd: number; lp: number; dvd: number; brand: number };

beforeAll(async () => {
  t = await createTestApp();
  const [music, video] = await t.db
    .insert(categories)
    .values([
      { code: 'MUSICA', description: 'Musica', inHomepage: true },
      { code: 'HOME_VIDEO', description: 'Home video', inHomepage: false },
    ])
    .returning();
  const [cd, lp, dvd] = await t.db
    .insert(subcategories)
    .values([
      { code: 'CD', description: 'CD', categoryId: music!.id, inHomepage: true },
      { code: 'LP', description: 'LP e vinili', categoryId: music!.id },
      { code: 'DVD', description: 'DVD', categoryId: video!.id, inHomepage: true },
    ])
    .returning();
  const [brand] = await t.db
    .insert(brands)
    .values([
      {
        code: 'vinile-nero',
        description: 'Vinile Nero',
        inHomepage: true,
        logoUrl: '/uploads/brands/vn.svg',
      },
      { code: 'aurora-records', description: 'Aurora Records' },
    ])
    .returning();
  ids = { music: music!.id, video: video!.id, cd: cd!.id, lp: lp!.id, dvd: dvd!.id, brand: brand!.id };
});
afterAll(() => t.close());

describe('catalogue structure reads (SPEC §7), public for the navbar and home', () => {
  it('GET /api/product-categories lists categories with their subcategories, in navbar order', async () => {
    const res = await t.client().get('/api/product-categories');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: ids.music,
          code: 'MUSICA',
          description: 'Musica',
          in_homepage: true,
          subcategories: [
            { id: ids.cd, code: 'CD', description: 'CD', in_homepage: true },
            { id: ids.lp, code: 'LP', description: 'LP e vinili', in_homepage: false },
          ],
        },
        {
          id: ids.video,
          code: 'HOME_VIDEO',
          description: 'Home video',
          in_homepage: false,
          subcategories: [{ id: ids.dvd, code: 'DVD', description: 'DVD', in_homepage: true }],
        },
      ],
      meta: { total: 2, page: 1, per_page: 2 },
    });
  });

  it('GET /api/product-categories/{id} and /api/product-category/{id}/subcategories; unknown ids 404', async () => {
    const client = t.client();
    expect((await client.get(`/api/product-categories/${ids.video}`)).json().subcategories).toHaveLength(1);
    const subs = await client.get(`/api/product-category/${ids.music}/subcategories`);
    expect(subs.json().data.map((s: { code: string; category: string }) => [s.code, s.category])).toEqual([
      ['CD', 'MUSICA'],
      ['LP', 'MUSICA'],
    ]);
    expect((await client.get('/api/product-categories/9999')).statusCode).toBe(404);
    expect((await client.get('/api/product-category/9999/subcategories')).json()).toEqual({
      message: 'Not Found',
    });
    expect((await client.get('/api/product-categories/abc')).statusCode).toBe(422);
  });

  it('GET /api/product-subcategories lists all with their category; one by id', async () => {
    const client = t.client();
    const list = await client.get('/api/product-subcategories');
    expect(list.json().data.map((s: { code: string }) => s.code)).toEqual(['CD', 'LP', 'DVD']);
    expect((await client.get(`/api/product-subcategories/${ids.dvd}`)).json()).toEqual({
      id: ids.dvd,
      code: 'DVD',
      description: 'DVD',
      in_homepage: true,
      category_id: ids.video,
      category: 'HOME_VIDEO',
    });
    expect((await client.get('/api/product-subcategories/9999')).statusCode).toBe(404);
  });

  it('GET /api/product-brands by name, ?in_homepage=1 for the home page; one by id', async () => {
    const client = t.client();
    const all = await client.get('/api/product-brands');
    expect(all.json().data.map((b: { description: string }) => b.description)).toEqual([
      'Aurora Records',
      'Vinile Nero',
    ]);
    const home = await client.get('/api/product-brands?in_homepage=1');
    expect(home.json().data).toEqual([
      {
        id: ids.brand,
        code: 'vinile-nero',
        description: 'Vinile Nero',
        in_homepage: true,
        logo: null,
        logo_url: '/uploads/brands/vn.svg',
      },
    ]);
    expect((await client.get('/api/product-brands?in_homepage=0')).json().data).toHaveLength(1);
    expect((await client.get(`/api/product-brands/${ids.brand}`)).json().code).toBe('vinile-nero');
    expect((await client.get('/api/product-brands/9999')).statusCode).toBe(404);
    expect((await client.get('/api/product-brands?in_homepage=maybe')).statusCode).toBe(422);
    expect((await client.get('/api/product-brands?sort=x')).statusCode).toBe(422);
  });
});
