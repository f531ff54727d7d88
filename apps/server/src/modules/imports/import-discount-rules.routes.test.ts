import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';
import { createTestApp, type TestClient } from '../../test/app';
import { type Cell, preview, run, type Shop, xlsx } from './imports.fixtures';

/**
 * The discount rules import applies SPEC §5's checks as the API does, against the rules in the database
 * and the file's own rows, and the storefront prices the imported rules on the next request. On the demo
 * shop (RIVENDITORI: MUSICA p1 10% and p2 5%, HOME_VIDEO p1 8%, EDITORIA p1 5%; GDO: HI_FI p1 12%
 * blocking; PRIVATI: none).
 */

const BLOCK =
  'A Discount Rule already exist with the block other flag set. Unset the block other flag in this rule.';
const PRIORITY =
  'A Discount Rule already exist with the same priority for this Customer Gruoup / Product Category pair.';
const LIMIT = 'Max limit reached';
const HEADER: Cell[] = ['customer_group', 'category', 'priority', 'rate', 'block_others'];

let shop: Shop;
let company: TestClient;

async function rows<T>(q: SQL): Promise<T[]> {
  return ((await shop.t.db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** The rules of a pair as [priority, rate %, blocks others], by priority. */
const pairRules = (group: string, category: string) =>
  rows<{ priority: number; rate: number; block_others: boolean }>(sql`
    select r.priority, r.rate, r.block_others from discount_rules r
    join customer_groups g on g.id = r.customer_group_id join categories c on c.id = r.product_category_id
    where g.code = ${group} and c.code = ${category} order by r.priority`).then((list) =>
    list.map((r) => [r.priority, r.rate / 100, r.block_others]),
  );

async function previewRules(rules: Cell[][]) {
  const p = await preview(shop, 'discount-rules', 'rules.xlsx', await xlsx([HEADER, ...rules]));
  expect(p.status).toBe(201);
  return p.body;
}

beforeAll(async () => {
  const t = await createTestApp();
  await seedDemo(t.db, { productCount: 50, today: t.clock.now });
  const admin = t.client();
  company = t.client();
  expect((await admin.login('admin@example.com', DEMO_PASSWORD)).statusCode).toBe(200);
  expect((await company.login(ACCOUNTS.company, DEMO_PASSWORD)).statusCode).toBe(200);
  shop = { t, admin } as Shop;
});
afterAll(() => shop.t.close());

describe('SPEC §5 checks of imported discount rules', () => {
  it('refuses the 11th rule of a pair, counting the rules the file adds before it', async () => {
    const eleven = Array.from({ length: 11 }, (_, i): Cell[] => ['PRIVATI', 'HOME_VIDEO', i + 1, 2, 0]);
    const body = await previewRules(eleven);
    expect(body).toMatchObject({ total_rows: 11, invalid_rows: 1, to_create: 10, to_update: 0 });
    expect(body.errors).toEqual([{ row: 12, column: 'category', message: LIMIT }]);

    const done = await run(shop, body.id, true);
    expect([done.status, done.summary]).toEqual(['completed', { created: 10, updated: 0, skipped: 1 }]);
    expect(await pairRules('PRIVATI', 'HOME_VIDEO')).toHaveLength(10);
  });

  it('refuses a second blockOthers rule of a pair, in the database or earlier in the file', async () => {
    const body = await previewRules([
      ['GDO', 'HI_FI', 2, 5, 1],
      ['PRIVATI', 'EDITORIA', 1, 5, 1],
      ['PRIVATI', 'EDITORIA', 2, 3, 1],
      // The blocking rule itself may change: it is checked against the other rules, not itself.
      ['GDO', 'HI_FI', 1, 15, 1],
    ]);
    expect(body).toMatchObject({ total_rows: 4, invalid_rows: 2, to_create: 1, to_update: 1 });
    expect(body.errors).toEqual([
      { row: 2, column: 'block_others', message: BLOCK },
      { row: 4, column: 'block_others', message: BLOCK },
    ]);

    // All or nothing: refused while it has invalid rows.
    const refused = await shop.admin.post(`/api/imports/${body.id}/run`, { skip_invalid: false });
    expect(refused.statusCode).toBe(422);
    expect(await pairRules('PRIVATI', 'EDITORIA')).toEqual([]);

    const done = await run(shop, body.id, true);
    expect([done.status, done.summary]).toEqual(['completed', { created: 1, updated: 1, skipped: 2 }]);
    expect(await pairRules('PRIVATI', 'EDITORIA')).toEqual([[1, 5, true]]);
    expect(await pairRules('GDO', 'HI_FI')).toEqual([[1, 15, true]]);
  });

  it("refuses two rules of a pair with one priority; an existing rule's priority updates that rule", async () => {
    const body = await previewRules([
      ['PRIVATI', 'MUSICA', 3, 4, 0],
      ['PRIVATI', 'MUSICA', 3, 6, 0],
      ['RIVENDITORI', 'MUSICA', 2, 6, 0],
    ]);
    expect(body).toMatchObject({ total_rows: 3, invalid_rows: 1, to_create: 1, to_update: 1 });
    expect(body.errors).toEqual([{ row: 3, column: 'priority', message: PRIORITY }]);
    const done = await run(shop, body.id, true);
    expect(done.summary).toEqual({ created: 1, updated: 1, skipped: 1 });
    expect(await pairRules('PRIVATI', 'MUSICA')).toEqual([[3, 4, false]]);
    expect(await pairRules('RIVENDITORI', 'MUSICA')).toEqual([
      [1, 10, false],
      [2, 6, false],
    ]);
  });
});

describe('the storefront after an import', () => {
  it("prices the company's product with an imported rule on the very next request", async () => {
    // RIVENDITORI has no HI_FI rule: the company pays its 2% base discount on this product.
    const [product] = await rows<{ id: number; sku: string }>(sql`
      select p.id, p.sku from products p join categories c on c.id = p.category_id
      where p.parent_id is null and c.code = 'HI_FI' order by p.id limit 1`);
    await shop.t.db.execute(sql`update products set price = 12345 where id = ${product!.id}`);
    await shop.t.db.execute(sql`delete from campaign_rows where product_id = ${product!.id}`);
    const price = async () => {
      const res = await company.get(`/api/products/${product!.sku}`);
      expect(res.statusCode).toBe(200);
      const p = res.json().price as { discount_rate: number; discounted_price: number };
      return [p.discount_rate, p.discounted_price];
    };
    expect(await price()).toEqual([200, 12098]); // 123.45 − 2% = 120.981 → 120.98

    const body = await previewRules([['RIVENDITORI', 'HI_FI', 1, 10, 0]]);
    expect(body.errors).toEqual([]);
    const done = await run(shop, body.id);
    expect(done.status).toBe('completed');
    // 2% then 10%: 123.45 × 0.98 × 0.90 = 108.8829 → 108.88, within the pricing cache's 10 s.
    expect(await price()).toEqual([1180, 10888]);
  });
});
