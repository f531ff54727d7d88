import type { ProductListQuery } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../db/seed/demo';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { referenceOf } from '../product-cards.service';
import { toFilter, toSort } from '../product-filters.service';
import { countProducts, listProductPage } from '../product-list.queries';
import { type CardRow, rows } from '../products.queries';
import * as q from './list-index.queries';
import { asciiTerms, ListIndex, parseTsquery } from './list-index.service';
import { compareText } from './text-order';

/**
 * Issue 23: the index answers the same rows (the whole card), in the same order, with the same count
 * as the SQL of product-list.queries.ts (the reference), over a seeded catalogue: filters × sorts ×
 * pages × words, and again after products, their images and campaigns change.
 */

const TODAY = '2026-11-21';
const COUNT_CAP = 10_001;
let t: TestDatabase;
let index: ListIndex;
let customerId: number;
let words: string[];
let codes: { category: string[]; subcategory: string[]; label: string[]; author: string[]; genre: string[] };

/** A deterministic sequence of choices (mulberry32), so a failure names a query that fails again. */
function chooser(seed: number) {
  let s = seed;
  return <T>(items: readonly T[]): T => {
    s = (s + 0x6d2b79f5) | 0;
    let x = Math.imul(s ^ (s >>> 15), s | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return items[((x ^ (x >>> 14)) >>> 0) % items.length]!;
  };
}

const CARD_KEYS: (keyof CardRow)[] = [
  'id',
  'parent_id',
  'sku',
  'description',
  'author',
  'label',
  'support',
  'genre',
  'category_id',
  'subcategory_id',
  'vat_id',
  'release_date',
  'available_qty',
  'available_for_preorders',
  'available_on_request',
  'low_stock_threshold',
  'has_variants',
  'is_essential',
  'featured',
  'coming_soon',
  'price',
  'variant_value',
  'is_default_variant',
  'campaign_price',
  'cover_path',
];

type Query = Partial<ProductListQuery> & { page: number; per_page: number };

async function both(query: Query, actor: { customerId: number } | null = null) {
  const reference = await referenceOf(t.db);
  const filter = toFilter(query as ProductListQuery, TODAY, reference);
  const sort = toSort(query as ProductListQuery, actor as never);
  const offset = (query.page - 1) * query.per_page;
  const sqlRows = await listProductPage(t.db, filter, sort, { limit: query.per_page, offset, plan: 'walk' });
  const sqlCount = Math.min(await countProducts(t.db, filter, COUNT_CAP), COUNT_CAP);
  const indexed = await index.list(filter, sort, { offset, limit: query.per_page }, COUNT_CAP);
  // the card's columns (the customer sorts' SQL carries its grouping and row number along)
  const expected = sqlRows.map(
    (row) => Object.fromEntries(CARD_KEYS.map((k) => [k, row[k]])) as unknown as CardRow,
  );
  return { sql: { rows: expected, count: sqlCount }, index: indexed };
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db, { productCount: 1_500, today: new Date(`${TODAY}T10:00:00Z`) });
  index = new ListIndex(t.db, { freshnessMs: 0 });
  await index.ready;
  expect(index.isReady).toBe(true);
  const top = await rows<{ word: string }>(
    t.db,
    sql`select word from ts_stat('select search_vector from products where parent_id is null')
    where word ~ '^[[:alpha:]]{3,}$' order by ndoc desc, word limit 12`,
  );
  words = top.map((r) => r.word);
  const values = async (column: string) =>
    (
      await rows<{ v: string }>(
        t.db,
        sql`select ${sql.raw(column)} as v from products p where p.parent_id is null and ${sql.raw(column)} is not null
        group by 1 order by count(*) desc, 1 limit 6`,
      )
    ).map((r) => r.v);
  codes = {
    category: (await rows<{ v: string }>(t.db, sql`select code as v from categories order by id`)).map(
      (r) => r.v,
    ),
    subcategory: (
      await rows<{ v: string }>(t.db, sql`select code as v from subcategories order by id limit 8`)
    ).map((r) => r.v),
    label: await values('p.label'),
    author: await values('p.author'),
    genre: await values('p.genre'),
  };
  const [buyer] = await rows<{ id: number }>(
    t.db,
    sql`select o.customer_id as id from orders o group by 1 order by count(*) desc limit 1`,
  );
  customerId = buyer!.id;
}, 120_000);

afterAll(async () => {
  index?.stop();
  await t?.close();
});

describe('the list index answers as the SQL reference', () => {
  it('for 300 combinations of filters, sorts, pages and words', async () => {
    const pick = chooser(23);
    const sorts = ['release_date', 'author', 'title', 'distribution', 'format'] as const;
    let nonEmpty = 0;
    for (let i = 0; i < 300; i++) {
      const query: Query = { page: pick([1, 1, 1, 1, 2, 3, 40]), per_page: pick([24, 24, 100]) };
      const sort = pick(sorts);
      query.sort = sort;
      if (pick([true, false])) query.dir = pick(['asc', 'desc'] as const);
      const wordCount = pick([0, 0, 0, 1, 1, 1, 2, 3]);
      const chosen = Array.from({ length: wordCount }, () => pick(words));
      if (wordCount > 0 && pick([true, false, false]))
        chosen[wordCount - 1] = chosen[wordCount - 1]!.slice(0, 2);
      if (wordCount > 0) query.q = chosen.join(' ');
      if (pick([true, false, false])) query.category = pick(codes.category) as never;
      const rarely = () => pick([false, false, false, false, false, false, false, false, false, true]);
      if (rarely()) query.subcategory = pick(codes.subcategory);
      if (rarely()) query.label = pick(codes.label);
      if (rarely()) query.author = pick(codes.author);
      if (rarely()) query.genre = pick(codes.genre);
      if (rarely()) query.type = pick(['CD', 'LP', 'BOOK', 'T_SHIRT', 'OTHER'] as const);
      if (rarely()) query.filter = pick(['essential', 'featured', 'in_stock'] as const);
      if (rarely()) query.latest = true;
      if (rarely()) query.released = pick(['last_week', 'last_month'] as const);
      if (rarely()) query.upcoming = true;
      if (pick([false, true])) query.show_out_of_stock = true;
      const { sql: expected, index: actual } = await both(query);
      expect(actual, JSON.stringify(query)).toEqual(expected);
      if (expected.rows.length > 0) nonEmpty++;
    }
    // The matrix means something only if many of its lists have rows.
    expect(nonEmpty, 'lists with rows').toBeGreaterThan(100);
  }, 120_000);

  it('for the customer sorts: their products first by quantity, then the newest', async () => {
    for (const sort of ['ordered', 'shipped', 'ready', 'backorder'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const page of [1, 2]) {
          const query: Query = { sort, dir, page, per_page: 24, show_out_of_stock: true };
          const { sql: expected, index: actual } = await both(query, { customerId });
          expect(actual, JSON.stringify(query)).toEqual(expected);
        }
      }
    }
    const { sql: ordered } = await both({ sort: 'ordered', page: 1, per_page: 24 }, { customerId });
    expect(ordered.rows.length).toBe(24);
  });

  it('after products change: stock to zero, a new title, a new product, one deleted, one made a variant', async () => {
    const [first] = await rows<{ id: number; description: string }>(
      t.db,
      sql`select id, description from products where parent_id is null and available_qty > 0 order by id limit 1`,
    );
    await t.db.execute(sql`update products set available_qty = 0, available_on_request = false,
      available_for_preorders = false where id = ${first!.id}`);
    await t.db.execute(
      sql`update products set description = 'Zzyzx Quintessence' where id = ${first!.id + 1}`,
    );
    await t.db.execute(sql`insert into products (sku, description, price, vat_id, available_qty, release_date,
      category_id) select 'NEW-INDEXED-1', 'Aardvark Quintessence', 1000, vat_id, 5, date '2026-11-01', category_id
      from products where id = ${first!.id + 2}`);
    await t.db.execute(sql`update products set parent_id = ${first!.id + 4} where id = ${first!.id + 3}`);
    const quintessence = { q: 'quintessence', page: 1, per_page: 24 };
    expect((await both(quintessence)).index!.count).toBe(2);
    await t.db.execute(sql`delete from products where sku = 'NEW-INDEXED-1'`);
    for (const query of [
      { q: 'quintessence', page: 1, per_page: 24 },
      { q: 'quint', sort: 'title' as const, page: 1, per_page: 24 },
      { sort: 'title' as const, dir: 'desc' as const, page: 1, per_page: 100 },
      { page: 1, per_page: 100 },
      { page: 1, per_page: 100, show_out_of_stock: true },
    ]) {
      const { sql: expected, index: actual } = await both(query);
      expect(actual, JSON.stringify(query)).toEqual(expected);
    }
    const { index: found } = await both({ q: 'quintessence', sort: 'title', page: 1, per_page: 24 });
    expect(found!.count).toBe(1);
    const { index: stock } = await both({ page: 1, per_page: 24, q: first!.description.split(' ')[0]! });
    expect(stock!.rows.map((r) => r.id)).not.toContain(first!.id);
  });

  it("after a card changes: its price, stock, cover and campaigns, and a campaign's dates", async () => {
    const newest = { page: 1, per_page: 24, show_out_of_stock: true };
    const [a, b, c] = (await both(newest)).index!.rows;
    await t.db.execute(sql`update products set price = 1234 where id = ${a!.id}`);
    await t.db.execute(
      sql`update products set available_qty = 4, low_stock_threshold = 5 where id = ${b!.id}`,
    );
    await t.db.execute(sql`insert into images (product_id, path, mime_type, is_cover, position)
      values (${c!.id}, 'products/cover-test.jpg', 'image/jpeg', true, -1)`);
    const [campaign] = await rows<{ id: number }>(
      t.db,
      sql`insert into campaigns (title, start_date, end_date) values ('Card test', date '2026-11-20',
        date '2026-11-30') returning id`,
    );
    await t.db.execute(sql`insert into campaign_rows (campaign_id, product_id, price)
      values (${campaign!.id}, ${a!.id}, 999), (${campaign!.id}, ${b!.id}, 555)`);
    let { sql: expected, index: actual } = await both(newest);
    expect(actual).toEqual(expected);
    const byId = new Map(actual!.rows.map((r) => [r.id, r]));
    expect(byId.get(a!.id)).toMatchObject({ price: 1234, campaign_price: 999 });
    expect(byId.get(b!.id)).toMatchObject({ available_qty: 4, low_stock_threshold: 5, campaign_price: 555 });
    expect(byId.get(c!.id)!.cover_path).toBe('products/cover-test.jpg');

    // the campaign ends before today, then its row for b goes: both prices are the list price again
    await t.db.execute(sql`update campaigns set end_date = date '2026-11-20' - 1 where id = ${campaign!.id}`);
    await t.db.execute(sql`delete from campaign_rows where product_id = ${b!.id}`);
    await t.db.execute(sql`delete from images where path = 'products/cover-test.jpg'`);
    ({ sql: expected, index: actual } = await both(newest));
    expect(actual).toEqual(expected);
    const after = new Map(actual!.rows.map((r) => [r.id, r]));
    expect(after.get(a!.id)!.campaign_price).toBeNull();
    expect(after.get(b!.id)!.campaign_price).toBeNull();
    expect(after.get(c!.id)!.cover_path).toBe(c!.cover_path);
  });

  it('for words that begin a code (a catalogue number, an SKU): codes are held by their stems', async () => {
    await t.db.execute(sql`insert into products (sku, description, price, vat_id, available_qty, release_date,
      catalogue_no) select 'STEM-1', 'Quiet Record', 1000, vat_id, 5, date '2026-10-01', 'ZQX123'
      from products limit 1`);
    const [brand] = await rows<{ stem: string }>(
      t.db,
      sql`select lower(substring(catalogue_no from '^([A-Za-z]+)')) as stem from products
      where parent_id is null and catalogue_no ~ '^[A-Za-z]' limit 1`,
    );
    const stem = brand!.stem;
    for (const q of [stem, stem.slice(0, 2), 'mu', 'zqx', 'zq', 'quiet zq']) {
      for (const sort of ['release_date', 'title'] as const) {
        const query = { q, sort, page: 1, per_page: 100, show_out_of_stock: true };
        const { sql: expected, index: actual } = await both(query);
        expect(actual, JSON.stringify(query)).toEqual(expected);
      }
    }
    expect(
      (await both({ q: stem, page: 1, per_page: 24, show_out_of_stock: true })).sql.count,
    ).toBeGreaterThan(0);
  });

  it('after an import-sized batch: 300 titles and release dates changed in one statement', async () => {
    await t.db.execute(sql`update products set description = reverse(description),
      release_date = release_date - (id % 40) where id in (select id from products where parent_id is null
      order by id desc limit 300)`);
    for (const query of [
      { sort: 'title' as const, page: 1, per_page: 100, show_out_of_stock: true },
      { sort: 'title' as const, dir: 'desc' as const, page: 3, per_page: 100, show_out_of_stock: true },
      { sort: 'release_date' as const, page: 2, per_page: 100 },
      { sort: 'release_date' as const, dir: 'asc' as const, page: 1, per_page: 100 },
    ]) {
      const { sql: expected, index: actual } = await both(query);
      expect(actual, JSON.stringify(query)).toEqual(expected);
    }
  });

  it('leaves to SQL what it does not hold: codes, campaigns, an exact SKU', async () => {
    const reference = await referenceOf(t.db);
    const page = { offset: 0, limit: 24 };
    const asked = (query: Partial<ProductListQuery>) =>
      index.list(
        toFilter(query as ProductListQuery, TODAY, reference),
        toSort(query as never, null),
        page,
        COUNT_CAP,
      );
    expect(await asked({ q: 'MU-000001' })).toBeNull();
    expect(await asked({ q: 'notti 1999' })).toBeNull();
    expect(await asked({ filter: 'promo' })).toBeNull();
    expect(
      await index.list(
        { ...toFilter({} as ProductListQuery, TODAY, reference), sku: 'MU-000001' },
        toSort({} as never, null),
        page,
        COUNT_CAP,
      ),
    ).toBeNull();
  });
});

describe('pieces of the index', () => {
  it('reads the text form of to_tsquery', () => {
    expect(parseTsquery("'neon' & 'hearts':*")).toEqual([
      { lexeme: 'neon', prefix: false },
      { lexeme: 'hearts', prefix: true },
    ]);
    expect(parseTsquery("'l''amour'")).toEqual([{ lexeme: "l'amour", prefix: false }]);
    expect(parseTsquery("'rock' <-> 'n'")).toBeNull();
    expect(parseTsquery('')).toBeNull();
  });

  it("normalises plain words as PostgreSQL's to_tsquery does, and leaves it any other word", async () => {
    for (const tsquery of ["'Neon' & 'HEARTS':*", "'notti'", "'a':*", "'RaGaZzI' & 'di' & 'Na':*"]) {
      expect(asciiTerms(tsquery)).toEqual(parseTsquery(await q.normaliseTsquery(t.db, tsquery)));
    }
    expect(asciiTerms("'Perché'")).toBeNull();
    expect(asciiTerms("'4ever'")).toBeNull();
    expect(asciiTerms("'rock' <-> 'n'")).toBeNull();
  });

  it('orders text by code point, as the C collations do', () => {
    const sorted = ['b', 'B', 'a', 'Z', 'é', 'e', '😀', '\uffee', 'ab', 'a b'].sort(compareText);
    expect(sorted).toEqual(['B', 'Z', 'a', 'a b', 'ab', 'b', 'e', 'é', '\uffee', '😀']);
  });
});
