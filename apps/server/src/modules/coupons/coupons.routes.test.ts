import { type Coupon, couponMessages, messages } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerGroups } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

/** Coupons in the back office (issue 20 point 5): staff only, codes unique, each bad field a 422. */

let t: TestApp;
let admin: TestClient;
let customer: TestClient;
let visitor: TestClient;
let customerId: number;
let groupId: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.db, { isSuperAdmin: true });
  const c = await createUser(t.db, { customer: { company: 'Dischi Rossi' } });
  customerId = c.customerId!;
  admin = t.client();
  customer = t.client();
  visitor = t.client();
  expect((await admin.login(a.email, PASSWORD)).statusCode).toBe(200);
  expect((await customer.login(c.email, PASSWORD)).statusCode).toBe(200);
  await visitor.get('/sanctum/csrf-cookie');
  const [group] = await t.db
    .insert(customerGroups)
    .values({ code: 'RIVENDITORI', description: 'Rivenditori' })
    .returning();
  groupId = group!.id;
});
afterAll(() => t.close());

const welcome = { code: ' welcome10 ', kind: 'fixed', value: 1000, min_order: 5000, per_customer_limit: 1 };

describe('who may manage coupons', () => {
  it.each([
    ['GET', '/api/coupons'],
    ['GET', '/api/coupons/1'],
    ['POST', '/api/coupons'],
    ['PUT', '/api/coupons/1'],
    ['DELETE', '/api/coupons/1'],
    ['GET', '/api/coupons/1/orders'],
  ] as const)('%s %s: a customer gets 403, a visitor 401', async (method, url) => {
    const body = method === 'POST' || method === 'PUT' ? {} : undefined;
    expect((await customer.request(method, url, body)).statusCode).toBe(403);
    expect((await visitor.request(method, url, body)).statusCode).toBe(401);
  });
});

describe('coupons', () => {
  let id: number;

  it('creates a fixed coupon with its code upper-cased, reads it back, refuses its code twice in any case', async () => {
    const created = await admin.post('/api/coupons', welcome);
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().id;
    expect(created.json()).toEqual({
      id,
      code: 'WELCOME10',
      kind: 'fixed',
      value: 1000,
      valid_from: null,
      valid_until: null,
      min_order: 5000,
      usage_limit: null,
      per_customer_limit: 1,
      customer_groups: [],
      customers: [],
      used: 0,
    } satisfies Coupon);
    expect((await admin.get(`/api/coupons/${id}`)).json()).toEqual(created.json());

    const again = await admin.post('/api/coupons', { ...welcome, code: 'Welcome10' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ code: [messages.alreadyExist] });
  });

  it('restricts a percent coupon to a customer and a group, named for the screens', async () => {
    const res = await admin.post('/api/coupons', {
      code: 'RIVENDITORI15',
      kind: 'percent',
      value: 1500,
      valid_from: '2026-11-01',
      valid_until: '2026-12-31',
      usage_limit: 50,
      customer_ids: [customerId, customerId],
      customer_group_ids: [groupId],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      code: 'RIVENDITORI15',
      kind: 'percent',
      value: 1500,
      usage_limit: 50,
      customers: [{ id: customerId, name: 'Dischi Rossi' }],
      customer_groups: [{ id: groupId, name: 'RIVENDITORI' }],
    });
  });

  it.each([
    ['a percent over 100', { kind: 'percent', value: 10_001 }, 'value', couponMessages.percentOver100],
    ['a negative amount', { value: -500 }, 'value', null],
    [
      'an end before the start',
      { valid_from: '2026-12-01', valid_until: '2026-11-01' },
      'valid_until',
      couponMessages.untilBeforeFrom,
    ],
    ['a code with spaces', { code: 'NO WAY' }, 'code', couponMessages.codeFormat],
    ['a negative minimum order', { min_order: -1 }, 'min_order', null],
    ['a usage limit of 0', { usage_limit: 0 }, 'usage_limit', null],
    ['a per-customer limit of 0', { per_customer_limit: 0 }, 'per_customer_limit', null],
    ['an unknown customer', { customer_ids: [999_999] }, 'customer_ids', 'Customer 999999 not found.'],
    [
      'an unknown group',
      { customer_group_ids: [999_999] },
      'customer_group_ids',
      'Customer group 999999 not found.',
    ],
  ])('refuses %s with a 422 on its field', async (_name, change, field, message) => {
    const res = await admin.post('/api/coupons', { ...welcome, code: 'BAD-ONE', ...change });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    if (message) expect(res.json().errors[field]).toEqual([message]);
  });

  it('lists coupons searched by code, sorted and paged, each with its use', async () => {
    const res = await admin.get('/api/coupons?q=welc');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [{ code: 'WELCOME10', used: 0 }], meta: { total: 1 } });
    const sorted = await admin.get('/api/coupons?sort=code&dir=desc&per_page=1');
    expect(sorted.json().data.map((c: Coupon) => c.code)).toEqual(['WELCOME10']);
    expect(sorted.json().meta).toEqual({ total: 2, page: 1, per_page: 1 });
    expect((await admin.get('/api/coupons?sort=price')).statusCode).toBe(422);
  });

  it("edits a coupon; another coupon's code is 'already exist', an unknown id 404", async () => {
    const res = await admin.put(`/api/coupons/${id}`, {
      ...welcome,
      value: 1500,
      customer_ids: [customerId],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ value: 1500, customers: [{ id: customerId }] });
    const taken = await admin.put(`/api/coupons/${id}`, { ...welcome, code: 'rivenditori15' });
    expect(taken.json().errors).toEqual({ code: [messages.alreadyExist] });
    expect((await admin.put('/api/coupons/999999', welcome)).statusCode).toBe(404);
    expect((await admin.get('/api/coupons/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/coupons/999999/orders')).statusCode).toBe(404);
  });

  it('shows an unused coupon with an empty usage report, and deletes it', async () => {
    expect((await admin.get(`/api/coupons/${id}/orders`)).json()).toEqual({
      data: [],
      meta: { total: 0, page: 1, per_page: 1 },
    });
    expect((await admin.delete(`/api/coupons/${id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/coupons/${id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/coupons/${id}`)).statusCode).toBe(404);
  });
});
