import {
  type Availability,
  FACET_FIELDS,
  type FacetField,
  type PricingCustomer,
  type ProductCard,
  priceUnit,
} from '@shop/domain';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';

/**
 * GET /api/products, /api/products/facets and /api/products/{sku} on the demo catalogue (300 products),
 * checked against expectations computed here from the raw rows: stock summed from `stocks`, campaign
 * prices from `campaign_rows`, prices by the domain's priceUnit.
 */

const TODAY = '2026-11-21';
let t: TestApp;
const clients: Record<'company' | 'private' | 'extra' | 'admin', TestClient> = {} as never;

type Product = {
  id: number;
  sku: string;
  description: string;
  author: string | null;
  label: string | null;
  support: string | null;
  genre: string | null;
  area: string | null;
  distribution: string | null;
  category: string | null;
  subcategory: string | null;
  category_id: number;
  release_date: string;
  available: boolean;
  available_for_preorders: boolean;
  available_on_request: boolean;
  low_stock_threshold: number;
  is_essential: boolean;
  featured: boolean;
  price: number;
  vat_rate: number;
  ean13: string | null;
  isbn: string | null;
  catalogue_no: string | null;
  has_variants: boolean;
  stock: number;
  campaign_price: number | null;
};
let products: Product[] = [];
let bySku: Map<string, Product>;

async function query<T>(q: SQL): Promise<T[]> {
  return ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { productCount: 300, today: t.clock.now });
  products = await query<Product>(sql`
    select p.id, p.sku, p.description, p.author, p.label, p.support, p.genre, p.area, p.distribution,
      c.code as category, s.code as subcategory, p.category_id, p.release_date::text as release_date,
      p.available, p.available_for_preorders, p.available_on_request, p.low_stock_threshold,
      p.is_essential, p.featured, p.price, v.rate as vat_rate, p.ean13, p.isbn, p.catalogue_no, p.has_variants,
      (select coalesce(sum(st.on_hand - st.ordered), 0) from stocks st
        where st.product_id = p.id or st.product_id in (select w.id from products w where w.parent_id = p.id))::int as stock,
      (select min(cr.price) from campaign_rows cr join campaigns k on k.id = cr.campaign_id
        where cr.product_id = p.id and k.start_date <= ${TODAY} and k.end_date >= ${TODAY})::int as campaign_price
    from products p join categories c on c.id = p.category_id join subcategories s on s.id = p.subcategory_id
    join vats v on v.id = p.vat_id
    where p.parent_id is null`);
  bySku = new Map(products.map((p) => [p.sku, p]));
  for (const who of ['company', 'private', 'extra', 'admin'] as const) {
    clients[who] = t.client();
    expect((await clients[who].login(ACCOUNTS[who], DEMO_PASSWORD)).statusCode).toBe(200);
  }
});
afterAll(() => t.close());

const visible = (p: Product) =>
  p.available &&
  (p.stock > 0 || p.available_on_request || (p.available_for_preorders && p.release_date > TODAY));

type Cmp = (a: Product, b: Product) => number;
/** PostgreSQL order: ASC puts NULLs last, DESC first; ties by id in the same direction. */
function by(key: (p: Product) => string | number | null, dir: 'asc' | 'desc' = 'asc'): Cmp {
  const sign = dir === 'asc' ? 1 : -1;
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    if (x !== y) {
      if (x === null) return sign;
      if (y === null) return -sign;
      return (x < y ? -1 : 1) * sign;
    }
    return (a.id - b.id) * sign;
  };
}
const newestFirst = by((p) => p.release_date, 'desc');

/** Every page of a list, as SKUs, with the first page's total. */
async function listAll(url: string, client = clients.company) {
  const skus: string[] = [];
  let total = 0;
  for (let page = 1; page < 20; page++) {
    const res = await client.get(`${url}${url.includes('?') ? '&' : '?'}per_page=100&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: ProductCard[]; meta: { total: number } };
    if (page === 1) total = body.meta.total;
    if (body.data.length === 0) break;
    skus.push(...body.data.map((c) => c.sku));
  }
  return { skus, total };
}

function expected(filter: (p: Product) => boolean, order: Cmp = newestFirst) {
  return products
    .filter((p) => visible(p) && filter(p))
    .sort(order)
    .map((p) => p.sku);
}

function addMonths(date: string, months: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}
const daysAgo = (n: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** A value of `field` held by a few visible products (so a filter on it is meaningful). */
function someValue(field: keyof Product, min = 2): string {
  const counts = new Map<string, number>();
  for (const p of products.filter(visible)) {
    const v = p[field];
    if (typeof v === 'string') counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  const found = [...counts]
    .filter(([, n]) => n >= min)
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0];
  if (!found) throw new Error(`no value of ${field}`);
  return found[0];
}

describe('GET /api/products: access and the default list', () => {
  it('answers 401 to a visitor on every product route', async () => {
    for (const url of ['/api/products', '/api/products/facets', '/api/products/MU-000001']) {
      const res = await t.client().get(url);
      expect(res.statusCode).toBe(401);
    }
  });

  it('lists sellable top-level products, newest release first, 24 a page with the total', async () => {
    const res = await clients.company.get('/api/products');
    const body = res.json();
    const all = expected(() => true);
    expect(body.meta).toEqual({ total: all.length, page: 1, per_page: 24 });
    expect(body.data.map((c: ProductCard) => c.sku)).toEqual(all.slice(0, 24));
    expect(all.length).toBeLessThan(products.length); // out-of-stock and discontinued ones are hidden
    const first = body.data[0] as ProductCard;
    expect(first.cover_url).toBe(`/uploads/covers/${first.sku}.svg`);
    expect((await listAll('/api/products')).skus).toEqual(all);
  });

  it('shows out-of-stock products too with show_out_of_stock=1, and admins see the list as well', async () => {
    const all = products
      .filter((p) => p.available)
      .sort(newestFirst)
      .map((p) => p.sku);
    expect((await listAll('/api/products?show_out_of_stock=1')).skus).toEqual(all);
    expect((await listAll('/api/products', clients.admin)).skus).toEqual(expected(() => true));
  });
});

describe('filters (SPEC §2)', () => {
  const cases: [string, () => string, (p: Product) => boolean][] = [
    ['category', () => 'category=HOME_VIDEO', (p) => p.category === 'HOME_VIDEO'],
    ['subcategory', () => 'category=MUSICA&subcategory=LP', (p) => p.subcategory === 'LP'],
    ['label', () => `label=${encodeURIComponent(someValue('label'))}`, (p) => p.label === someValue('label')],
    [
      'author',
      () => `author=${encodeURIComponent(someValue('author'))}`,
      (p) => p.author === someValue('author'),
    ],
    ['area', () => 'area=Italia', (p) => p.area === 'Italia'],
    ['support', () => 'support=Blu-ray', (p) => p.support === 'Blu-ray'],
    ['distribution', () => 'distribution=Import', (p) => p.distribution === 'Import'],
    ['genre', () => `genre=${encodeURIComponent(someValue('genre'))}`, (p) => p.genre === someValue('genre')],
    [
      'filter=label&value=',
      () => `filter=label&value=${encodeURIComponent(someValue('label'))}`,
      (p) => p.label === someValue('label'),
    ],
    [
      'filter=genre&value= with a category',
      () => 'category=MUSICA&filter=genre&value=Jazz',
      (p) => p.category === 'MUSICA' && p.genre === 'Jazz',
    ],
    ['type=CD', () => 'type=CD', (p) => p.support === 'CD'],
    ['type=BLU_RAY', () => 'type=BLU_RAY', (p) => p.support === 'Blu-ray'],
    ['type=BOOK', () => 'type=BOOK', (p) => p.support === 'Libro'],
    ['type=T_SHIRT', () => 'type=T_SHIRT', (p) => p.support === 'T-shirt'],
    [
      'type=OTHER',
      () => 'type=OTHER',
      (p) =>
        !['CD', 'LP', 'EP', 'MC', 'SACD', 'DVD', 'Blu-ray', 'VHS', 'Libro', 'T-shirt'].includes(
          p.support ?? '',
        ),
    ],
    ['filter=essential', () => 'filter=essential', (p) => p.is_essential],
    ['filter=featured', () => 'filter=featured', (p) => p.featured],
    [
      'filter=in_stock (released and available)',
      () => 'filter=in_stock',
      (p) => p.stock > 0 && p.release_date <= TODAY,
    ],
    ['filter=promo (under a campaign running today)', () => 'filter=promo', (p) => p.campaign_price !== null],
    [
      'released=last_week',
      () => 'released=last_week',
      (p) => p.release_date >= daysAgo(7) && p.release_date <= TODAY,
    ],
    [
      'released=last_month',
      () => 'released=last_month',
      (p) => p.release_date >= addMonths(TODAY, -1) && p.release_date <= TODAY,
    ],
    [
      'released=last_three_months',
      () => 'released=last_three_months',
      (p) => p.release_date >= addMonths(TODAY, -3) && p.release_date <= TODAY,
    ],
  ];

  it.each(cases)('%s', async (_name, params, filter) => {
    const want = expected(filter);
    expect(want.length).toBeGreaterThan(0);
    const { skus, total } = await listAll(`/api/products?${params()}`);
    expect(skus).toEqual(want);
    expect(total).toBe(want.length);
  });

  it('latest=1: released in the last three months up to today, newest first', async () => {
    const want = expected((p) => p.release_date >= addMonths(TODAY, -3) && p.release_date <= TODAY);
    expect((await listAll('/api/products?latest=1')).skus).toEqual(want);
  });

  it('upcoming=1: release date after today, the soonest first', async () => {
    const want = expected(
      (p) => p.release_date > TODAY,
      by((p) => p.release_date, 'asc'),
    );
    expect(want.length).toBeGreaterThan(3);
    expect((await listAll('/api/products?upcoming=1')).skus).toEqual(want);
  });

  it('combines filters with AND: category, label facet and in stock', async () => {
    const label = someValue('label', 5);
    const category = products.find((p) => p.label === label)!.category;
    const want = expected(
      (p) => p.category === category && p.label === label && p.stock > 0 && p.release_date <= TODAY,
    );
    const url = `/api/products?category=${category}&label=${encodeURIComponent(label)}&filter=in_stock`;
    expect((await listAll(url)).skus).toEqual(want);
  });

  it('an exact sku (back-office lookup) finds any product or variant, sellable or not', async () => {
    const res = await clients.admin.get('/api/products?sku=ME-000001-M');
    expect(res.json().data.map((c: ProductCard) => c.sku)).toEqual(['ME-000001-M']);
    const hidden = products.find((p) => !visible(p))!;
    expect((await clients.admin.get(`/api/products?sku=${hidden.sku}`)).json().meta.total).toBe(1);
  });
});

describe('sorts (SPEC §2), each ascending and descending with a stable tiebreak', () => {
  const columns: [string, (p: Product) => string | null][] = [
    ['release_date', (p) => p.release_date],
    ['author', (p) => p.author],
    ['title', (p) => p.description],
    ['distribution', (p) => p.distribution],
    ['format', (p) => p.support],
  ];
  for (const [sort, key] of columns) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`sort=${sort}&dir=${dir}`, async () => {
        const want = expected(() => true, by(key, dir));
        expect((await listAll(`/api/products?sort=${sort}&dir=${dir}`)).skus).toEqual(want);
        const music = expected((p) => p.category === 'MUSICA', by(key, dir));
        expect((await listAll(`/api/products?category=MUSICA&sort=${sort}&dir=${dir}`)).skus).toEqual(music);
      });
    }
  }

  it.each([
    ['subcategory=LP&sort=title', (p: Product) => p.subcategory === 'LP', by((p) => p.description, 'asc')],
    [
      'type=T_SHIRT&sort=title&dir=desc',
      (p: Product) => p.support === 'T-shirt',
      by((p) => p.description, 'desc'),
    ],
    ['genre=Jazz&sort=author&dir=desc', (p: Product) => p.genre === 'Jazz', by((p) => p.author, 'desc')],
    ['area=Italia&sort=format', (p: Product) => p.area === 'Italia', by((p) => p.support, 'asc')],
    [
      'filter=in_stock&sort=distribution&dir=desc',
      (p: Product) => p.stock > 0 && p.release_date <= TODAY,
      by((p) => p.distribution, 'desc'),
    ],
  ] as const)(
    '%s (filters beyond a category: matches collected, then sorted)',
    async (params, filter, order) => {
      expect((await listAll(`/api/products?${params}`)).skus).toEqual(expected(filter, order));
    },
  );

  it('deep pages find their ids first and give the same rows', async () => {
    const want = expected(() => true);
    const res = await clients.company.get('/api/products?per_page=10&page=26');
    expect(res.json().data.map((c: ProductCard) => c.sku)).toEqual(want.slice(250, 260));
    const titles = expected(
      () => true,
      by((p) => p.description, 'desc'),
    );
    const byTitle = await clients.company.get('/api/products?sort=title&dir=desc&per_page=7&page=40');
    expect(byTitle.json().data.map((c: ProductCard) => c.sku)).toEqual(titles.slice(273, 280));
  });

  it('text sorts default to ascending', async () => {
    const want = expected(
      () => true,
      by((p) => p.description, 'asc'),
    );
    expect((await listAll('/api/products?sort=title')).skus).toEqual(want);
  });

  describe('by the signed-in customer’s own quantities', () => {
    type Qty = { ordered: number; shipped: number; ready: number; backorder: number };
    let mine: Map<number, Qty>;
    beforeAll(async () => {
      const rows = await query<{
        product_id: number;
        ordered_qty: number;
        shipped_qty: number;
        cancelled_qty: number;
        ready_qty: number;
      }>(sql`select coalesce(x.parent_id, x.id) as product_id, r.ordered_qty, r.shipped_qty, r.cancelled_qty, r.ready_qty
        from order_rows r join orders o on o.id = r.order_id join products x on x.id = r.product_id
        join customers c on c.id = o.customer_id where c.email = ${ACCOUNTS.company}`);
      mine = new Map();
      for (const r of rows) {
        const q = mine.get(r.product_id) ?? { ordered: 0, shipped: 0, ready: 0, backorder: 0 };
        q.ordered += r.ordered_qty - r.cancelled_qty;
        q.shipped += r.shipped_qty;
        q.ready += r.ready_qty;
        q.backorder += Math.max(0, r.ordered_qty - r.shipped_qty - r.cancelled_qty - r.ready_qty);
        mine.set(r.product_id, q);
      }
    });

    for (const metric of ['ordered', 'shipped', 'ready', 'backorder'] as const) {
      for (const dir of ['desc', 'asc'] as const) {
        it(`sort=${metric}&dir=${dir}: theirs first by quantity, products they have none of last`, async () => {
          const qty = (p: Product) => mine.get(p.id)?.[metric] ?? 0;
          const have = products.filter((p) => visible(p) && qty(p) > 0);
          expect(have.length).toBeGreaterThan(0);
          const want = [...have.sort(by(qty, dir)).map((p) => p.sku), ...expected((p) => qty(p) === 0)];
          expect((await listAll(`/api/products?sort=${metric}&dir=${dir}`)).skus).toEqual(want);
          const second = await clients.company.get(
            `/api/products?sort=${metric}&dir=${dir}&per_page=5&page=2`,
          );
          expect(second.json().data.map((c: ProductCard) => c.sku)).toEqual(want.slice(5, 10));
        });
      }
    }

    it('staff have no quantities of their own: newest first', async () => {
      expect((await listAll('/api/products?sort=ordered', clients.admin)).skus).toEqual(expected(() => true));
    });
  });
});

describe('GET /api/products/facets', () => {
  function facetsOf(filters: Partial<Record<FacetField, string>>) {
    const out: Record<string, { value: string; count: number }[]> = {};
    for (const field of FACET_FIELDS) {
      const counts = new Map<string, number>();
      for (const p of products) {
        if (!visible(p)) continue;
        const others = Object.entries(filters).every(([f, v]) => f === field || p[f as FacetField] === v);
        const value = p[field];
        if (others && value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
      }
      out[field] = [...counts]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1))
        .slice(0, 30);
    }
    return out;
  }

  it('counts every facet field over the list, top 30 values by count', async () => {
    const res = await clients.company.get('/api/products/facets');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ facets: facetsOf({}) });
  });

  it('counts each field with every filter but its own (standard facets)', async () => {
    const label = products.find((p) => p.category === 'MUSICA' && p.area === 'Italia' && visible(p))!.label!;
    const filters = { category: 'MUSICA', label, area: 'Italia' };
    const res = await clients.company.get(
      `/api/products/facets?category=MUSICA&label=${encodeURIComponent(label)}&area=Italia`,
    );
    const facets = res.json().facets;
    expect(facets).toEqual(facetsOf(filters));
    // The label facet ignores the label filter: its counts add up to the list without it.
    const withoutLabel = await clients.company.get('/api/products?category=MUSICA&area=Italia');
    const labelled = expected((p) => p.category === 'MUSICA' && p.area === 'Italia' && p.label !== null);
    expect(facets.label.reduce((n: number, f: { count: number }) => n + f.count, 0)).toBe(labelled.length);
    expect(withoutLabel.json().meta.total).toBe(labelled.length);
    // The area facet ignores the area filter: Italia and Internazionale for the label's music.
    const areas = expected((p) => p.category === 'MUSICA' && p.label === label).length;
    expect(facets.area.reduce((n: number, f: { count: number }) => n + f.count, 0)).toBe(areas);
  });

  it('takes the list filters that are not facets (type, search, shortcuts) into every count', async () => {
    const res = await clients.company.get('/api/products/facets?type=CD&filter=in_stock');
    const support = res.json().facets.support;
    expect(support).toEqual([
      { value: 'CD', count: expected((p) => p.support === 'CD' && p.stock > 0).length },
    ]);
  });
});

describe('search (q)', () => {
  const words = (p: Product): string[] =>
    `${p.description} ${p.author ?? ''} ${p.label ?? ''}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

  it('finds by a title word, as a prefix', async () => {
    const want = expected((p) => words(p).some((w) => w.startsWith('nott')));
    expect(want.length).toBeGreaterThan(3);
    expect((await listAll('/api/products?q=Nott')).skus).toEqual(want);
  });

  it('finds by author, every word required, with a filter and a sort', async () => {
    const author = products.find(
      (p) => p.author?.split(' ').length === 2 && visible(p) && p.category === 'MUSICA',
    )!.author!;
    const [first, last] = author.toLowerCase().split(' ') as [string, string];
    const want = expected(
      (p) => p.category === 'MUSICA' && words(p).includes(first) && words(p).some((w) => w.startsWith(last)),
      by((p) => p.description, 'asc'),
    );
    expect(want.length).toBeGreaterThan(0);
    const { skus } = await listAll(
      `/api/products?q=${encodeURIComponent(author)}&category=MUSICA&sort=title&dir=asc`,
    );
    expect(skus).toEqual(want);
  });

  it('finds by label', async () => {
    const label = someValue('label');
    const { skus } = await listAll(`/api/products?q=${encodeURIComponent(label)}`);
    expect(skus).toEqual(expect.arrayContaining(expected((p) => p.label === label)));
  });

  it('finds one product by its EAN, its ISBN and its catalogue number', async () => {
    const music = products.find((p) => visible(p) && p.ean13 && p.catalogue_no && p.category === 'MUSICA')!;
    const book = products.find((p) => visible(p) && p.isbn)!;
    expect((await listAll(`/api/products?q=${music.ean13}`)).skus).toEqual([music.sku]);
    expect((await listAll(`/api/products?q=${book.isbn}`)).skus).toEqual([book.sku]);
    const byCatalogue = await listAll(`/api/products?q=${encodeURIComponent(music.catalogue_no!)}`);
    expect(byCatalogue.skus).toContain(music.sku);
    const compact = await listAll(`/api/products?q=${music.catalogue_no!.replace(/\W/g, '')}`);
    expect(compact.skus).toEqual([music.sku]);
  });

  it('finds by SKU, with or without the hyphen, and by an SKU prefix', async () => {
    const p = products.find((x) => visible(x) && x.sku.startsWith('MU-'))!;
    expect((await listAll(`/api/products?q=${p.sku}`)).skus).toEqual([p.sku]);
    expect((await listAll(`/api/products?q=${p.sku.replace('-', '')}`)).skus).toEqual([p.sku]);
    const prefix = p.sku.slice(0, 8);
    const { skus } = await listAll(`/api/products?q=${prefix}`);
    expect(skus).toEqual(expected((x) => x.sku.startsWith(prefix)));
  });

  it('tolerates one wrong character in a code: SKU, EAN', async () => {
    const p = products.find((x) => visible(x) && x.sku.startsWith('MU-') && x.ean13)!;
    const typoSku = `${p.sku.slice(0, 4)}O${p.sku.slice(5)}`; // MU-0… → MU-O…
    expect((await listAll(`/api/products?q=${typoSku}`)).skus).toEqual([p.sku]);
    const missing = `${p.sku}9`.replace('-', ''); // one character too many
    expect((await listAll(`/api/products?q=${missing}`)).skus).toContain(p.sku);
    const typoEan = `${p.ean13!.slice(0, 6)}${p.ean13![7]}${p.ean13![6]}${p.ean13!.slice(8)}`; // two digits swapped
    if (typoEan !== p.ean13) expect((await listAll(`/api/products?q=${typoEan}`)).skus).toContain(p.sku);
  });

  it('a variant’s EAN finds its product', async () => {
    const [variant] = await query<{ ean13: string; parent: string }>(
      sql`select v.ean13, p.sku as parent from products v join products p on p.id = v.parent_id where v.ean13 is not null and p.available limit 1`,
    );
    expect((await listAll(`/api/products?q=${variant!.ean13}&show_out_of_stock=1`)).skus).toEqual([
      variant!.parent,
    ]);
  });
});

describe('prices and availability on the list (DESIGN §6)', () => {
  async function pricingOf(email: string) {
    const [c] = await query<{
      type: 'G' | 'P';
      discount: number;
      tax_rule: 'standard' | 'exempt';
      extra_cee: boolean;
      customer_group_id: number | null;
    }>(
      sql`select type, discount, tax_rule, extra_cee, customer_group_id from customers where email = ${email}`,
    );
    const rules = await query<{
      customerGroupId: number;
      productCategoryId: number;
      rate: number;
      priority: number;
      blockOthers: boolean;
    }>(sql`select customer_group_id as "customerGroupId", product_category_id as "productCategoryId", rate, priority,
      block_others as "blockOthers" from discount_rules`);
    const customer: PricingCustomer = {
      type: c!.type,
      discount: c!.discount,
      taxRule: c!.tax_rule,
      extraCee: c!.extra_cee,
      customerGroupId: c!.customer_group_id,
    };
    return { customer, rules };
  }

  it.each([
    ['company', 'net', true],
    ['private', 'gross', false],
    ['extra', 'net', false],
  ] as const)(
    'prices every card for the %s customer with priceUnit (display %s)',
    async (who, display, discounted) => {
      const { customer, rules } = await pricingOf(ACCOUNTS[who]);
      const res = await clients[who].get('/api/products?show_out_of_stock=1&per_page=100');
      const cards = res.json().data as ProductCard[];
      expect(cards.length).toBe(100);
      for (const card of cards) {
        const p = bySku.get(card.sku)!;
        expect(card.price).toEqual(
          priceUnit(
            { price: p.price, vatRate: p.vat_rate, categoryId: p.category_id },
            customer,
            rules,
            p.campaign_price,
          ),
        );
        expect(card.price.display).toBe(display);
      }
      expect(cards.some((c) => c.price.discount_rate > 0)).toBe(discounted);
      if (who === 'extra') expect(cards.every((c) => c.price.vat_rate === 0)).toBe(true);
    },
  );

  it('prices for staff are list prices with VAT, shown net', async () => {
    const cards = (await clients.admin.get('/api/products?per_page=50')).json().data as ProductCard[];
    for (const card of cards) {
      const p = bySku.get(card.sku)!;
      expect(card.price).toEqual(
        priceUnit(
          { price: p.price, vatRate: p.vat_rate, categoryId: p.category_id },
          null,
          [],
          p.campaign_price,
        ),
      );
    }
  });

  it('applies campaign prices while the campaign runs: the lower price wins', async () => {
    const cards = (await listAllCards('/api/products?filter=promo')).filter((c) => c.price.is_under_campaign);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.price.unit_price).toBe(card.price.campaign_price);
      expect(card.price.campaign_price!).toBeLessThan(card.price.discounted_price);
    }
    // A product only in the campaign that starts in ten days gets its price when the campaign starts.
    const [future] = await query<{ sku: string; price: number }>(sql`
      select p.sku, cr.price from campaign_rows cr join campaigns k on k.id = cr.campaign_id
      join products p on p.id = cr.product_id
      where k.start_date > ${TODAY} and p.available
        and not exists (select 1 from campaign_rows o join campaigns ok on ok.id = o.campaign_id
          where o.product_id = p.id and ok.start_date <= ${TODAY} and ok.end_date >= ${TODAY})
      order by p.id limit 1`);
    const before = (await clients.company.get(`/api/products?sku=${future!.sku}`)).json().data[0];
    expect(before.price.campaign_price).toBeNull();
    t.clock.now = new Date('2026-12-03T10:00:00Z');
    try {
      const after = (await clients.company.get(`/api/products?sku=${future!.sku}`)).json().data[0];
      expect(after.price.campaign_price).toBe(future!.price);
    } finally {
      t.clock.now = new Date(`${TODAY}T10:00:00Z`);
    }
  });

  async function listAllCards(url: string) {
    const res = await clients.company.get(`${url}&per_page=100`);
    return res.json().data as ProductCard[];
  }

  it('gives every card the availability of its stock, release date and flags', async () => {
    const expectedState = (p: Product): Availability => {
      if (p.available_for_preorders && p.release_date > TODAY) return 'preorder';
      if (p.stock <= 0) return p.available_on_request ? 'on_request' : 'out_of_stock';
      return p.stock <= (p.low_stock_threshold || 5) ? 'low_stock' : 'in_stock';
    };
    const seen = new Set<Availability>();
    for (let page = 1; page <= 3; page++) {
      const res = await clients.company.get(`/api/products?show_out_of_stock=1&per_page=100&page=${page}`);
      for (const card of res.json().data as ProductCard[]) {
        const p = bySku.get(card.sku)!;
        expect(card.availability, card.sku).toBe(expectedState(p));
        expect(card.available_quantity).toBe(Math.max(0, p.stock));
        seen.add(card.availability);
      }
    }
    expect([...seen].sort()).toEqual(['in_stock', 'low_stock', 'on_request', 'out_of_stock', 'preorder']);
  });
});

describe('GET /api/products/{sku}', () => {
  it('gives a music product with attributes, images, brand and its price', async () => {
    const p = products.find((x) => x.category === 'MUSICA' && visible(x) && x.catalogue_no)!;
    const res = await clients.company.get(`/api/products/${p.sku}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      sku: p.sku,
      description: p.description,
      catalogue_no: p.catalogue_no,
      ean13: p.ean13,
      category: 'MUSICA',
      brand: { description: p.label },
      images: [{ url: `/uploads/covers/${p.sku}.svg`, thumb_url: null, is_cover: true }],
      variants: [],
    });
    expect(detail.attributes).toMatchObject({
      AUTORE: p.author,
      ETICHETTA: p.label,
      CATALOGO: p.catalogue_no,
      GENERE: p.genre,
      NOTE_PRODOTTO: expect.any(String),
      NOTE_PRODOTTO_EN: expect.any(String),
      TRACKLIST: expect.stringMatching(/^1\. /),
    });
    const list = (await clients.company.get(`/api/products?q=${p.sku}`)).json().data[0];
    expect(detail.price).toEqual(list.price);
  });

  it('gives a hi-fi product its dimensions (mm) and weight (g) for the HI_FI layout', async () => {
    const [hifi] = await query<{
      sku: string;
      width: number;
      height: number;
      depth: number;
      weight: number;
    }>(sql`
      select p.sku, p.width, p.height, p.depth, p.weight from products p join categories c on c.id = p.category_id
      where c.code = 'HI_FI' and p.parent_id is null and p.width is not null order by p.id limit 1`);
    expect(hifi).toBeDefined();
    const detail = (await clients.company.get(`/api/products/${hifi!.sku}`)).json();
    expect(detail).toMatchObject({
      category: 'HI_FI',
      width: hifi!.width,
      height: hifi!.height,
      depth: hifi!.depth,
      weight: hifi!.weight,
    });
    expect(detail.width).toBeGreaterThan(0);
  });

  it('gives a product with variants: sizes in order, each with its own price, stock and attributes', async () => {
    const variants = await query<{ sku: string; price: number; stock: number; variant_value: number }>(sql`
      select v.sku, v.price, v.variant_value,
        (select coalesce(sum(on_hand - ordered), 0) from stocks where product_id = v.id)::int as stock
      from products v join products p on p.id = v.parent_id where p.sku = 'ME-000001' order by v.variant_value`);
    const res = await clients.company.get('/api/products/ME-000001');
    const detail = res.json();
    expect(detail.has_variants).toBe(true);
    expect(detail.variants.map((v: { sku: string }) => v.sku)).toEqual(variants.map((v) => v.sku));
    expect(detail.variants.map((v: { attributes: Record<string, string> }) => v.attributes.TAGLIA)).toEqual([
      'S',
      'M',
      'L',
      'XL',
    ]);
    expect(detail.variants.find((v: { is_default: boolean }) => v.is_default).sku).toBe('ME-000001-M');
    expect(detail.available_quantity).toBe(
      Math.max(
        0,
        variants.reduce((n, v) => n + v.stock, 0),
      ),
    );
    for (const [i, v] of detail.variants.entries()) {
      expect(v.available_quantity).toBe(Math.max(0, variants[i]!.stock));
      expect(v.variant_value).toBe(variants[i]!.variant_value);
      expect(v.price.list_price).toBe(variants[i]!.price);
      expect(v.cover_url).toBe('/uploads/covers/ME-000001.svg');
    }
  });

  it('answers a variant’s SKU with its product’s detail', async () => {
    const res = await clients.private.get('/api/products/ME-000001-L');
    expect(res.json().sku).toBe('ME-000001');
  });

  it('refuses a SKU with a NUL character (422), never a 500', async () => {
    expect((await clients.company.get('/api/products/MU%00')).statusCode).toBe(422);
    expect((await clients.company.get('/api/products/facets?author=%00')).statusCode).toBe(422);
  });

  it('answers 404 Not Found for an unknown SKU', async () => {
    const res = await clients.company.get('/api/products/NOPE-000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found' });
  });
});

describe('bad input: a clear 4xx or an empty page, never a 500, never slow', () => {
  it.each([
    ['an unknown sort', 'sort=price'],
    ['an unknown direction', 'sort=title&dir=up'],
    ['an unknown filter', 'filter=cheap'],
    ['an unknown product type', 'type=VINYL'],
    ['an unknown category', 'category=FOOD'],
    ['an unknown query key', 'colour=red'],
    ['per_page over 100', 'per_page=101'],
    ['per_page 0', 'per_page=0'],
    ['page 0', 'page=0'],
    ['a non-numeric page', 'page=two'],
    ['a bad flag', 'latest=yes'],
    ['a facet filter without its value', 'filter=label'],
    ['q over 200 characters', `q=${'a'.repeat(201)}`],
    ['10 KB of text', `q=${'x'.repeat(10_240)}`],
    ['a repeated parameter', 'label=a&label=b'],
    ['a NUL character in a filter', 'label=a%00b'],
    ['a NUL character in the sku lookup', 'sku=%00'],
  ])('%s → 422', async (_name, params) => {
    const res = await clients.company.get(`/api/products?${params}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('a page beyond the end is empty, with the total', async () => {
    const res = await clients.company.get('/api/products?category=HI_FI&page=500');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [],
      meta: { total: expected((p) => p.category === 'HI_FI').length, page: 500, per_page: 24 },
    });
  });

  it.each([
    "'; drop table products--",
    '.*(',
    ':*&|!',
    '\'"\\',
    '\\',
    '()<->!:*',
    'a & b | !c',
    '%_%',
    "o'brien",
    '😀 🎵',
    '  ',
    'ÀÉÎ õü ß',
    `${'(a|b)*'.repeat(33)}`,
    'x '.repeat(100),
    '0'.repeat(200),
  ])('q=%j answers 200 quickly', async (q) => {
    const started = performance.now();
    const res = await clients.company.get(`/api/products?q=${encodeURIComponent(q)}&sort=title`);
    expect(res.statusCode, res.body).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    const facets = await clients.company.get(`/api/products/facets?q=${encodeURIComponent(q)}`);
    expect(facets.statusCode).toBe(200);
  });

  it('issue 23: the last page, 50 words, every filter at once answer 200 with a capped answer', async () => {
    const last = await clients.company.get('/api/products?page=10000&per_page=100');
    expect(last.statusCode).toBe(200);
    expect(last.json()).toEqual({
      data: [],
      meta: { total: Math.min(expected(() => true).length, 10_000), page: 10_000, per_page: 100 },
    });
    const fifty = Array.from({ length: 50 }, (_, i) => `w${i}`).join(' ');
    const words = await clients.company.get(`/api/products?q=${encodeURIComponent(fifty)}`);
    expect(words.statusCode).toBe(200);
    expect(words.json().meta.total).toBe(0);
    const everything = [
      'category=MUSICA',
      'subcategory=CD',
      'label=Solco',
      'author=Nobody',
      'area=IT',
      'support=CD',
      'distribution=X',
      'genre=Rock',
      'type=CD',
      'filter=essential',
      'latest=1',
      'released=last_month',
      'upcoming=1',
      'show_out_of_stock=1',
      'q=notti',
      'sort=title',
      'dir=desc',
      'page=40',
      'per_page=100',
    ].join('&');
    const all = await clients.company.get(`/api/products?${everything}`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ data: [], meta: { total: 0, page: 40, per_page: 100 } });
  });

  it('still has its products table after the injection attempt', async () => {
    expect((await clients.company.get('/api/products')).json().meta.total).toBe(expected(() => true).length);
  });
});
