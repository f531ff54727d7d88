import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerGroups, customers } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

/** Payment terms in the back office (issue 20 point 2): staff only, names unique, shares adding up. */

let t: TestApp;
let admin: TestClient;
let customer: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.db, { isSuperAdmin: true });
  const c = await createUser(t.db);
  admin = t.client();
  customer = t.client();
  visitor = t.client();
  expect((await admin.login(a.email, PASSWORD)).statusCode).toBe(200);
  expect((await customer.login(c.email, PASSWORD)).statusCode).toBe(200);
  await visitor.get('/sanctum/csrf-cookie');
});
afterAll(() => t.close());

const endOfMonth30 = {
  name: '30 days end of month',
  instalments: [{ days: 30, end_of_month: true, share: 10_000 }],
};

describe('who may manage payment terms', () => {
  it.each([
    ['GET', '/api/payment-terms'],
    ['GET', '/api/payment-terms/1'],
    ['POST', '/api/payment-terms'],
    ['PUT', '/api/payment-terms/1'],
    ['DELETE', '/api/payment-terms/1'],
  ] as const)('%s %s: a customer gets 403, a visitor 401', async (method, url) => {
    const body = method === 'POST' || method === 'PUT' ? {} : undefined;
    expect((await customer.request(method, url, body)).statusCode).toBe(403);
    expect((await visitor.request(method, url, body)).statusCode).toBe(401);
  });
});

describe('payment terms', () => {
  let id: number;

  it('creates terms, reads them back, refuses their name twice', async () => {
    const created = await admin.post('/api/payment-terms', {
      ...endOfMonth30,
      name: ' 30 days end of month ',
    });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().id;
    expect(created.json()).toEqual({ id, ...endOfMonth30 });
    expect((await admin.get(`/api/payment-terms/${id}`)).json()).toEqual(created.json());

    const again = await admin.post('/api/payment-terms', endOfMonth30);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: 'already exist', errors: { name: ['already exist'] } });
  });

  it('takes three instalments, end of month defaulting to false', async () => {
    const res = await admin.post('/api/payment-terms', {
      name: '30/60/90 days',
      instalments: [
        { days: 30, share: 3334 },
        { days: 60, share: 3333 },
        { days: 90, share: 3333 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().instalments).toEqual([
      { days: 30, end_of_month: false, share: 3334 },
      { days: 60, end_of_month: false, share: 3333 },
      { days: 90, end_of_month: false, share: 3333 },
    ]);
  });

  it("edits terms; other terms' name is 'already exist', an unknown id 404", async () => {
    const other = await admin.post('/api/payment-terms', {
      name: '60 days',
      instalments: [{ days: 60, end_of_month: false, share: 10_000 }],
    });
    const edited = await admin.put(`/api/payment-terms/${id}`, {
      name: '30 days EOM',
      instalments: [{ days: 30, end_of_month: true, share: 10_000 }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().name).toBe('30 days EOM');

    const taken = await admin.put(`/api/payment-terms/${other.json().id}`, {
      ...endOfMonth30,
      name: '30 days EOM',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ['already exist'] });
    expect((await admin.put('/api/payment-terms/999999', endOfMonth30)).statusCode).toBe(404);
    expect((await admin.get('/api/payment-terms/999999')).statusCode).toBe(404);
  });

  it.each([
    [
      'shares not adding up to 100%',
      { instalments: [{ days: 30, share: 5000 }] },
      'instalments',
      'The shares must add up to 100%',
    ],
    [
      'shares over 100%',
      {
        instalments: [
          { days: 30, share: 6000 },
          { days: 60, share: 6000 },
        ],
      },
      'instalments',
      'The shares must add up to 100%',
    ],
    ['no instalment', { instalments: [] }, 'instalments', undefined],
    [
      '13 instalments',
      { instalments: Array.from({ length: 13 }, () => ({ days: 1, share: 769 })) },
      'instalments',
      undefined,
    ],
    ['days over 365', { instalments: [{ days: 366, share: 10_000 }] }, 'instalments.0.days', undefined],
    ['negative days', { instalments: [{ days: -1, share: 10_000 }] }, 'instalments.0.days', undefined],
    ['fractional days', { instalments: [{ days: 1.5, share: 10_000 }] }, 'instalments.0.days', undefined],
    [
      'a zero share',
      {
        instalments: [
          { days: 0, share: 0 },
          { days: 30, share: 10_000 },
        ],
      },
      'instalments.0.share',
      undefined,
    ],
    ['a blank name', { name: '   ' }, 'name', undefined],
    ['a name of 81 characters', { name: 'x'.repeat(81) }, 'name', undefined],
  ])('refuses %s with 422 on the field', async (what, change, field, message) => {
    const res = await admin.post('/api/payment-terms', { ...endOfMonth30, name: `Bad: ${what}`, ...change });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
    if (message) expect(res.json().errors[field]).toEqual([message]);
  });

  it('lists terms a page at a time, searched by name and sorted', async () => {
    const all = await admin.get('/api/payment-terms?per_page=2');
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({ total: 3, page: 1, per_page: 2 });
    expect(all.json().data.map((r: { name: string }) => r.name)).toEqual(['30 days EOM', '30/60/90 days']);
    const found = await admin.get('/api/payment-terms?text=60&sort=name&dir=desc');
    expect(found.json().data.map((r: { name: string }) => r.name)).toEqual(['60 days', '30/60/90 days']);
    expect((await admin.get('/api/payment-terms?sort=days')).statusCode).toBe(422);
  });

  it('deletes terms; the groups and customers that had them are left without', async () => {
    const [group] = await t.db
      .insert(customerGroups)
      .values({ code: 'RIV', description: 'Rivenditori', paymentTermsId: id })
      .returning();
    const owner = await createUser(t.db, { customer: { paymentTermsId: id } });
    expect((await admin.delete(`/api/payment-terms/${id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/payment-terms/${id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/payment-terms/${id}`)).statusCode).toBe(404);
    const [g] = await t.db.select().from(customerGroups).where(eq(customerGroups.id, group!.id));
    const [c] = await t.db.select().from(customers).where(eq(customers.id, owner.customerId!));
    expect([g!.paymentTermsId, c!.paymentTermsId]).toEqual([null, null]);
  });
});
