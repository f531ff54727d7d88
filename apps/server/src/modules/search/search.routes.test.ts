import type { ProductCard, SearchSuggestions } from '@shop/domain';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';

/**
 * Issue 22 point 2: a search that forgives typos ("did you mean …" on the product list) and the
 * suggestions while typing (GET /api/search/suggestions), on the demo catalogue with two titles of the
 * issue: one renamed (the vocabulary follows an update) and one inserted (and an insert).
 */

let t: TestApp;
let company: TestClient;
let neonHearts: string;
let label: string;

type ListPage = { data: ProductCard[]; meta: { total: number; did_you_mean?: string } };

async function query<T>(q: SQL): Promise<T[]> {
  return ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
}

const list = async (q: string) => {
  const response = await company.get(`/api/products?q=${encodeURIComponent(q)}&per_page=100`);
  expect(response.statusCode).toBe(200);
  return response.json() as ListPage;
};
const suggestions = async (q: string, client = company) => {
  const response = await client.get(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
  expect(response.statusCode).toBe(200);
  return response.json() as SearchSuggestions;
};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { productCount: 300, today: t.clock.now });
  company = t.client();
  expect((await company.login(ACCOUNTS.company, DEMO_PASSWORD)).statusCode).toBe(200);
  // An in-stock music title becomes 'Neon Hearts' by Lucy Walsh (an update of its title and author)…
  const [music] = await query<{ sku: string; label: string }>(sql`
    select sku, label from products where parent_id is null and available and available_qty > 0
      and sku like 'MU-%' and label is not null and not has_variants
    order by id limit 1`);
  neonHearts = music!.sku;
  label = music!.label;
  await t.db.execute(
    sql`update products set description = 'Neon Hearts', author = 'Lucy Walsh' where sku = ${neonHearts}`,
  );
  // …and 'I ragazzi di Napoli' is a new film, orderable on request (an insert).
  await t.db.execute(sql`
    insert into products (sku, description, author, label, category_id, subcategory_id, vat_id, price,
      release_date, available_on_request)
    select 'HV-NAPOLI', 'I ragazzi di Napoli', 'Ettore Scala', label, category_id, subcategory_id, vat_id,
      price, release_date, true
    from products where sku like 'HV-%' and parent_id is null order by id limit 1`);
});
afterAll(() => t.close());

describe('GET /api/products: words that forgive typos', () => {
  it("finds 'Neon Hearts' for 'Neon Harts' and says what it searched", async () => {
    const page = await list('Neon Harts');
    expect(page.data.map((p) => p.sku)).toContain(neonHearts);
    expect(page.meta.did_you_mean).toBe('Neon Hearts');
  });

  it("finds 'I ragazzi di Napoli' for 'I rgazzi di Napoli'", async () => {
    const page = await list('I rgazzi di Napoli');
    expect(page.data.map((p) => p.sku)).toEqual(['HV-NAPOLI']);
    expect(page.meta.did_you_mean).toBe('I ragazzi di Napoli');
  });

  it('corrects nothing when the words find something, or when nothing is near', async () => {
    const right = await list('Neon Hearts');
    expect(right.data.map((p) => p.sku)).toContain(neonHearts);
    expect(right.meta.did_you_mean).toBeUndefined();
    const nothing = await list('Qwxzvk Plmnbv');
    expect(nothing.meta).toMatchObject({ total: 0 });
    expect(nothing.meta.did_you_mean).toBeUndefined();
  });
});

describe('GET /api/search/suggestions', () => {
  it('needs a signed-in user, as the product list does', async () => {
    expect((await t.client().get('/api/search/suggestions?q=neon')).statusCode).toBe(401);
  });

  it('suggests the products of the typed words, priced as the list prices them', async () => {
    const s = await suggestions('neon hea');
    expect(s.q).toBe('neon hea');
    expect(s.did_you_mean).toBeNull();
    const card = s.products.find((p) => p.sku === neonHearts);
    expect(card).toBeDefined();
    const listed = (await list('neon hearts')).data.find((p) => p.sku === neonHearts);
    expect(card).toEqual(listed);
    expect(s.products.length).toBeLessThanOrEqual(6);
  });

  it('suggests the corrected words when the typed ones find nothing', async () => {
    const s = await suggestions('Neon Harts');
    expect(s.did_you_mean).toBe('Neon Hearts');
    expect(s.products.map((p) => p.sku)).toContain(neonHearts);
  });

  it('suggests authors by prefix, by a later word and by a typo; labels and categories by name', async () => {
    expect((await suggestions('lucy wal')).authors).toContainEqual({ name: 'Lucy Walsh' });
    const walsh = (await suggestions('walsh')).authors;
    expect(walsh.length).toBeGreaterThan(0);
    for (const author of walsh) expect(author.name).toMatch(/ Walsh$/);
    expect((await suggestions('Lucy Wlash')).authors).toContainEqual({ name: 'Lucy Walsh' });
    const lu = (await suggestions('lu')).authors;
    expect(lu.length).toBeGreaterThan(0);
    for (const author of lu) expect(author.name).toMatch(/^Lu/);
    expect((await suggestions(label.slice(0, 5))).labels).toContainEqual({ name: label });
    const categories = (await suggestions('musi')).categories;
    expect(categories[0]).toEqual({ code: 'MUSICA', description: 'Musica', category: null });
    expect((await suggestions('vinil')).categories).toContainEqual({
      code: 'LP',
      description: 'LP e vinili',
      category: 'MUSICA',
    });
  });

  it('answers bad input fast: symbols, other scripts, emoji, long text; over 200 characters is a 422', async () => {
    const empty = { q: '', did_you_mean: null, products: [], authors: [], labels: [], categories: [] };
    for (const q of ['', '   ', '!!!@@@###$$$%%%^^^&&&***((()))', '🎵🎶🎸', '\\:*&|!<>']) {
      const started = performance.now();
      expect(await suggestions(q)).toEqual(empty);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    for (const q of [
      'Привет мир',
      '東京の音楽',
      'é'.repeat(200),
      'a b c d e f g h i j k l m n',
      "' or 1=1 --",
    ]) {
      const started = performance.now();
      const s = await suggestions(q);
      expect(s.products).toEqual([]);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    const long = await company.get(`/api/search/suggestions?q=${'a'.repeat(1_000)}`);
    expect(long.statusCode).toBe(422);
    // PostgreSQL text cannot hold NUL: refused, as the list refuses it
    expect((await company.get('/api/search/suggestions?q=x%00y')).statusCode).toBe(422);
    // the product list answers the same input without a 500 either
    for (const q of ['!!!@@@', 'Привет мир', '東京の音楽', '🎵🎶']) {
      expect((await list(q)).meta.did_you_mean).toBeUndefined();
    }
    expect((await company.get(`/api/products?q=${'a'.repeat(1_000)}`)).statusCode).toBe(422);
  });
});
