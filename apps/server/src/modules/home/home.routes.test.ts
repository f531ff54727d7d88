import type { ProductCard } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { productCount: 300, today: t.clock.now });
});
afterAll(() => t.close());

const TODAY = '2026-11-21';

describe('GET /api/home', () => {
  it('shows a visitor the shelves at list prices, the campaigns, categories and brands', async () => {
    const res = await t.client().get('/api/home');
    expect(res.statusCode).toBe(200);
    const home = res.json();
    const featured = home.featured as ProductCard[];
    expect([featured.length, home.latest.length, home.coming_soon.length]).toEqual([12, 12, 12]);
    // no customer: no discount, the list price shown net of VAT
    expect(featured.every((c) => c.price.discount_rate === 0)).toBe(true);
    expect(
      featured.every(
        (c) => c.price.unit_price === Math.min(c.price.list_price, c.price.campaign_price ?? Infinity),
      ),
    ).toBe(true);
    expect(featured[0]!.price.display).toBe('net');
    expect(home.campaigns.map((c: { title: string }) => c.title)).toEqual([
      "Vinili d'autunno",
      'Blu-ray da collezione',
    ]);
    expect(home.categories.map((c: { code: string }) => c.code)).toEqual([
      'MUSICA',
      'HOME_VIDEO',
      'HI_FI',
      'MERCHANDISE',
      'EDITORIA',
    ]);
    expect(home.categories[0].subcategories.map((s: { code: string }) => s.code)).toEqual(['CD', 'LP']);
    expect(home.brands.length).toBeGreaterThan(0);
    expect(home.brands.every((b: { in_homepage: boolean }) => b.in_homepage)).toBe(true);
  });

  it('gives a signed-in customer three shelves of 12 priced cards', async () => {
    const client = t.client();
    await client.login(ACCOUNTS.company, DEMO_PASSWORD);
    const home = (await client.get('/api/home')).json();
    const featured = home.featured as ProductCard[];
    const latest = home.latest as ProductCard[];
    const soon = home.coming_soon as ProductCard[];
    expect([featured.length, latest.length, soon.length]).toEqual([12, 12, 12]);
    expect(featured.every((c) => c.featured)).toBe(true);
    expect(latest.every((c) => c.release_date! <= TODAY && c.release_date! >= '2026-08-21')).toBe(true);
    expect(latest.map((c) => c.release_date)).toEqual(
      latest
        .map((c) => c.release_date)
        .sort()
        .reverse(),
    );
    expect(soon.every((c) => c.release_date! > TODAY && c.availability === 'preorder')).toBe(true);
    expect(soon.map((c) => c.release_date)).toEqual(soon.map((c) => c.release_date).sort());
    expect(featured[0]!.price.display).toBe('net');
    // The same cards as the product list gives.
    const list = await client.get('/api/products?latest=1&per_page=12');
    expect(list.json().data).toEqual(latest);
  });
});
