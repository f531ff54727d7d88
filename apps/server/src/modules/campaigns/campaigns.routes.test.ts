import { type ProductCard, priceUnit } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';

/** The demo campaigns around 2026-11-21: two running, one ended, one starting in ten days. */

let t: TestApp;
let company: TestClient;
type CampaignRow = { id: number; title: string; products: number };
let campaigns: CampaignRow[];

async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { productCount: 200, today: t.clock.now });
  campaigns = await query<CampaignRow>(sql`select c.id, c.title,
    (select count(*) from campaign_rows r join products p on p.id = r.product_id where r.campaign_id = c.id and p.available)::int as products
    from campaigns c order by c.id`);
  company = t.client();
  await company.login(ACCOUNTS.company, DEMO_PASSWORD);
});
afterAll(() => t.close());

const titles = (res: { json(): { data: { title: string }[] } }) => res.json().data.map((c) => c.title);

describe('GET /api/campaigns (public)', () => {
  it('lists the campaigns running today, featured first', async () => {
    const res = await t.client().get('/api/campaigns');
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(["Vinili d'autunno", 'Blu-ray da collezione']);
    expect(res.json().data[0]).toEqual({
      id: campaigns[0]!.id,
      title: "Vinili d'autunno",
      description: expect.any(String),
      start_date: '2026-11-01',
      end_date: '2026-12-16',
      category: 'MUSICA',
      in_home: true,
      is_featured: true,
    });
  });

  it('filters by category and, with new=1, by a start in the last 30 days', async () => {
    expect(titles(await t.client().get('/api/campaigns?category=HOME_VIDEO'))).toEqual([
      'Blu-ray da collezione',
    ]);
    expect(titles(await t.client().get('/api/campaigns?category=EDITORIA'))).toEqual([]);
    t.clock.now = new Date('2026-12-08T10:00:00Z'); // Vinili started 37 days ago, Natale 7 days ago
    try {
      expect(titles(await t.client().get('/api/campaigns?new=1'))).toEqual([
        'Blu-ray da collezione',
        'Natale in musica',
      ]);
    } finally {
      t.clock.now = new Date('2026-11-21T10:00:00Z');
    }
    expect((await t.client().get('/api/campaigns?category=FOOD')).statusCode).toBe(422);
    expect((await t.client().get('/api/campaigns?colour=red')).statusCode).toBe(422);
  });
});

describe('GET /api/campaigns/{id}', () => {
  it('gives a visitor the campaign without products (prices need a customer)', async () => {
    const res = await t.client().get(`/api/campaigns/${campaigns[0]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: "Vinili d'autunno",
      products: [],
      meta: { total: campaigns[0]!.products, page: 1, per_page: 24 },
    });
  });

  it('gives a customer a page of the products at the price they pay, the campaign price when lower', async () => {
    const id = campaigns[0]!.id;
    const rows = await query<{
      sku: string;
      price: number;
      campaign: number;
      category_id: number;
      rate: number;
    }>(
      sql`select p.sku, p.price, r.price as campaign, p.category_id, v.rate from campaign_rows r
        join products p on p.id = r.product_id join vats v on v.id = p.vat_id
        where r.campaign_id = ${id} and p.available order by p.release_date desc, p.id desc`,
    );
    const [customer] = await query<{ discount: number; customer_group_id: number }>(
      sql`select discount, customer_group_id from customers where email = ${ACCOUNTS.company}`,
    );
    const rules = await query<{
      customerGroupId: number;
      productCategoryId: number;
      rate: number;
      priority: number;
      blockOthers: boolean;
    }>(sql`select customer_group_id as "customerGroupId", product_category_id as "productCategoryId", rate,
      priority, block_others as "blockOthers" from discount_rules`);
    const page2 = await company.get(`/api/campaigns/${id}?page=2&per_page=5`);
    const cards = page2.json().products as ProductCard[];
    expect(cards.map((c) => c.sku)).toEqual(rows.slice(5, 10).map((r) => r.sku));
    for (const [i, card] of cards.entries()) {
      const row = rows[5 + i]!;
      expect(card.price).toEqual(
        priceUnit(
          { price: row.price, vatRate: row.rate, categoryId: row.category_id },
          {
            type: 'G',
            discount: customer!.discount,
            taxRule: 'standard',
            extraCee: false,
            customerGroupId: customer!.customer_group_id,
          },
          rules,
          row.campaign,
        ),
      );
    }
    expect(page2.json().meta).toEqual({ total: rows.length, page: 2, per_page: 5 });
  });

  it('answers 404 for an unknown campaign and 422 for bad paging', async () => {
    expect((await company.get('/api/campaigns/9999')).statusCode).toBe(404);
    expect((await company.get(`/api/campaigns/${campaigns[0]!.id}?per_page=500`)).statusCode).toBe(422);
  });
});
