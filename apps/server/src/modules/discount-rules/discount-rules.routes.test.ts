import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

/**
 * SPEC §7 discount rules (§3 fields, §5 messages) on the demo shop's groups, categories and rules
 * (RIVENDITORI: MUSICA p1 10% and p2 5%, HOME_VIDEO p1 8%, EDITORIA p1 5%; GDO: HI_FI p1 12% blocking),
 * admin only; a write reprices the group's storefront at once.
 */

const BLOCK =
  'A Discount Rule already exist with the block other flag set. Unset the block other flag in this rule.';
const PRIORITY =
  'A Discount Rule already exist with the same priority for this Customer Gruoup / Product Category pair.';
const LIMIT = 'Max limit reached';

let t: TestApp;
let admin: TestClient;
let company: TestClient;
let customer: TestClient;
let visitor: TestClient;
const group: Record<string, number> = {};
const category: Record<string, number> = {};

async function rows<T>(q: SQL): Promise<T[]> {
  return ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
}
const ruleCount = async () =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from discount_rules`))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { productCount: 50, today: t.clock.now });
  for (const g of await rows<{ id: number; code: string }>(sql`select id, code from customer_groups`)) {
    group[g.code] = g.id;
  }
  for (const c of await rows<{ id: number; code: string }>(sql`select id, code from categories`)) {
    category[c.code] = c.id;
  }
  admin = t.client();
  company = t.client();
  customer = t.client();
  visitor = t.client();
  expect((await admin.login('admin@example.com', DEMO_PASSWORD)).statusCode).toBe(200);
  expect((await company.login(ACCOUNTS.company, DEMO_PASSWORD)).statusCode).toBe(200);
  const c = await createUser(t.db);
  expect((await customer.login(c.email, PASSWORD)).statusCode).toBe(200);
  await visitor.get('/sanctum/csrf-cookie');
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  customerGroupId: group.PRIVATI,
  productCategoryId: category.MUSICA,
  rate: 1250,
  priority: 5,
  blockOthers: false,
  ...over,
});

describe('who may use the discount rules', () => {
  it.each([
    ['GET', '/api/discount-rules'],
    ['POST', '/api/discount-rules'],
    ['GET', '/api/discount-rules/1'],
    ['PUT', '/api/discount-rules/1'],
    ['DELETE', '/api/discount-rules/1'],
  ] as const)('%s %s: a customer gets 403, a visitor 401, nothing changes', async (method, url) => {
    const before = await ruleCount();
    const payload = method === 'POST' || method === 'PUT' ? body() : undefined;
    expect((await customer.request(method, url, payload)).statusCode).toBe(403);
    expect((await visitor.request(method, url, payload)).statusCode).toBe(401);
    expect(await ruleCount()).toBe(before);
  });
});

describe('create, read, update, delete', () => {
  it('creates a rule and answers it with its group and category', async () => {
    const created = await admin.post('/api/discount-rules', body());
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const expected = {
      id,
      customerGroupId: group.PRIVATI,
      productCategoryId: category.MUSICA,
      rate: 1250,
      priority: 5,
      blockOthers: false,
      customerGroup: { code: 'PRIVATI', description: 'Privati' },
      productCategory: { code: 'MUSICA', description: expect.any(String) },
    };
    expect(created.json()).toEqual(expected);
    expect((await admin.get(`/api/discount-rules/${id}`)).json()).toEqual(expected);

    const edited = await admin.put(
      `/api/discount-rules/${id}`,
      body({ rate: 10_000, priority: 6, blockOthers: true }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ ...expected, rate: 10_000, priority: 6, blockOthers: true });
    const [stored] = await rows(
      sql`select rate, priority, block_others as "blockOthers" from discount_rules where id = ${id}`,
    );
    expect(stored).toEqual({ rate: 10_000, priority: 6, blockOthers: true });

    const deleted = await admin.delete(`/api/discount-rules/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await admin.get(`/api/discount-rules/${id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/discount-rules/${id}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/discount-rules/${id}`, body())).statusCode).toBe(404);
  });
});

describe('SPEC §5 checks: 422 on the field, nothing written', () => {
  async function refused(
    method: 'POST' | 'PUT',
    url: string,
    payload: Record<string, unknown>,
    errors: Record<string, string[]>,
  ) {
    const before = await rows(sql`select * from discount_rules order by id`);
    const res = await admin.request(method, url, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: Object.values(errors)[0]![0], errors });
    expect(await rows(sql`select * from discount_rules order by id`)).toEqual(before);
  }

  it('refuses a second blockOthers rule of a pair', async () => {
    await refused(
      'POST',
      '/api/discount-rules',
      body({ customerGroupId: group.GDO, productCategoryId: category.HI_FI, priority: 2, blockOthers: true }),
      { blockOthers: [BLOCK] },
    );
  });

  it('refuses a priority the pair already has', async () => {
    await refused(
      'POST',
      '/api/discount-rules',
      body({ customerGroupId: group.RIVENDITORI, productCategoryId: category.MUSICA, priority: 2 }),
      { priority: [PRIORITY] },
    );
  });

  it('takes 10 rules of a pair and refuses the 11th with Max limit reached', async () => {
    const pair = { customerGroupId: group.PRIVATI, productCategoryId: category.EDITORIA };
    for (let priority = 1; priority <= 10; priority++) {
      expect((await admin.post('/api/discount-rules', body({ ...pair, priority }))).statusCode).toBe(201);
    }
    await refused('POST', '/api/discount-rules', body({ ...pair, priority: 11 }), {
      productCategoryId: [LIMIT],
    });
  });

  it.each([
    ['a zero rate', { rate: 0 }, { rate: ['Must be greather than 0'] }],
    ['a negative rate', { rate: -100 }, { rate: ['Must be greather than 0'] }],
    ['a rate above 100%', { rate: 10_001 }, { rate: ['Invalid value'] }],
    ['a fraction of a basis point', { rate: 12.5 }, { rate: ['Invalid value'] }],
    ['a negative priority', { priority: -1 }, { priority: ['Invalid value'] }],
    ['an unknown customer group', { customerGroupId: 99_999 }, { customerGroupId: ['Invalid value'] }],
    ['an unknown category', { productCategoryId: 99_999 }, { productCategoryId: ['Invalid value'] }],
  ])('refuses %s', async (_, over, errors) => {
    await refused('POST', '/api/discount-rules', body(over), errors);
  });

  it('checks an update against the other rules of the pair, not itself', async () => {
    const [seeded] = await rows<{ id: number }>(
      sql`select id from discount_rules where customer_group_id = ${group.GDO} and block_others`,
    );
    const gdoHifi = { customerGroupId: group.GDO, productCategoryId: category.HI_FI };
    const same = await admin.put(
      `/api/discount-rules/${seeded!.id}`,
      body({ ...gdoHifi, rate: 1300, priority: 1, blockOthers: true }),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ rate: 1300, priority: 1, blockOthers: true });

    const second = await admin.post('/api/discount-rules', body({ ...gdoHifi, rate: 300, priority: 2 }));
    expect(second.statusCode).toBe(201);
    const url = `/api/discount-rules/${second.json().id}`;
    await refused('PUT', url, body({ ...gdoHifi, rate: 300, priority: 2, blockOthers: true }), {
      blockOthers: [BLOCK],
    });
    await refused('PUT', url, body({ ...gdoHifi, rate: 300, priority: 1 }), { priority: [PRIORITY] });
    // Moved into the full pair of the test above: the 11th rule there.
    await refused(
      'PUT',
      url,
      body({ customerGroupId: group.PRIVATI, productCategoryId: category.EDITORIA, priority: 20 }),
      { productCategoryId: [LIMIT] },
    );
  });
});

describe('the list', () => {
  it('filters by customer group, sorts and pages', async () => {
    const all = await rows<{ id: number; rate: number }>(
      sql`select id, rate from discount_rules where customer_group_id = ${group.RIVENDITORI} order by rate desc, id`,
    );
    expect(all.map((r) => r.rate)).toEqual([1000, 800, 500, 500]);
    const first = await admin.get(
      `/api/discount-rules?customerGroup=${group.RIVENDITORI}&sort=rate&dir=desc&per_page=3`,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ total: 4, page: 1, per_page: 3 });
    expect(first.json().data.map((r: { rate: number }) => r.rate)).toEqual([1000, 800, 500]);
    expect(
      first
        .json()
        .data.every((r: { customerGroup: { code: string } }) => r.customerGroup.code === 'RIVENDITORI'),
    ).toBe(true);
    const second = await admin.get(
      `/api/discount-rules?customerGroup=${group.RIVENDITORI}&sort=rate&dir=desc&per_page=3&page=2`,
    );
    expect(second.json().data).toHaveLength(1);
    expect(second.json().data[0].rate).toBe(500);
  });

  it('searches by category code and refuses a bad filter with 422', async () => {
    const found = await admin.get(`/api/discount-rules?customerGroup=${group.RIVENDITORI}&q=home_video`);
    expect(
      found.json().data.map((r: { productCategory: { code: string } }) => r.productCategory.code),
    ).toEqual(['HOME_VIDEO']);
    expect((await admin.get('/api/discount-rules?customerGroup=abc')).statusCode).toBe(422);
    expect((await admin.get('/api/discount-rules?sort=price')).statusCode).toBe(422);
  });
});

describe('prices follow the rules at once', () => {
  it("changes the company's price of a product of its group's category on the next request", async () => {
    // RIVENDITORI has no HI_FI rule: the company pays its 2% base discount on this product.
    const [product] = await rows<{ id: number; sku: string }>(sql`
      select id, sku from products where parent_id is null and category_id = ${category.HI_FI}
      order by id limit 1`);
    await t.db.execute(sql`update products set price = 12345 where id = ${product!.id}`);
    await t.db.execute(sql`delete from campaign_rows where product_id = ${product!.id}`);
    const price = async () => {
      const res = await company.get(`/api/products/${product!.sku}`);
      expect(res.statusCode).toBe(200);
      const p = res.json().price as { discount_rate: number; discounted_price: number; unit_price: number };
      return [p.discount_rate, p.discounted_price, p.unit_price];
    };
    expect(await price()).toEqual([200, 12098, 12098]); // 123.45 − 2% = 120.981 → 120.98

    const rule = {
      customerGroupId: group.RIVENDITORI,
      productCategoryId: category.HI_FI,
      rate: 1000,
      priority: 1,
    };
    const created = await admin.post('/api/discount-rules', rule);
    expect(created.statusCode).toBe(201);
    // 2% then 10%: 123.45 × 0.98 × 0.90 = 108.8829 → 108.88
    expect(await price()).toEqual([1180, 10888, 10888]);

    const url = `/api/discount-rules/${created.json().id}`;
    expect((await admin.put(url, { ...rule, blockOthers: true })).statusCode).toBe(200);
    // Blocking: only the rule, no base discount: 123.45 × 0.90 = 111.105 → 111.11
    expect(await price()).toEqual([1000, 11111, 11111]);

    expect((await admin.delete(url)).statusCode).toBe(204);
    expect(await price()).toEqual([200, 12098, 12098]);
  });
});
