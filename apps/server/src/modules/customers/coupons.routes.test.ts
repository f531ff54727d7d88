import type { CustomerCoupon } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

/** GET /api/customers/{id}/coupons: the coupons a customer holds, each with its state today in Europe/Rome. */

let t: TestApp;
let admin: TestClient;
let rossi: { id: number; client: TestClient };
let bianchi: { id: number; client: TestClient };

async function signedIn(email: string) {
  const client = t.client();
  expect((await client.login(email, PASSWORD)).statusCode).toBe(200);
  return client;
}

async function customer() {
  const { customerId, email } = await createUser(t.db, {});
  return { id: customerId!, client: await signedIn(email) };
}

async function couponsOf(client: TestClient, customerId: number) {
  const res = await client.get(`/api/customers/${customerId}/coupons`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: CustomerCoupon[] }).data;
}
const states = (list: CustomerCoupon[]) => list.map((c) => [c.code, c.state]);

beforeAll(async () => {
  t = await createTestApp();
  const { email } = await createUser(t.db, { isSuperAdmin: true });
  admin = await signedIn(email);
  rossi = await customer();
  bianchi = await customer();
  await t.db.insert(coupons).values([
    // the clock reads 2026-11-21 in Rome
    { code: 'ROSSI10', value: 1000, customerId: rossi.id, validFrom: '2026-11-01', validUntil: '2026-11-21' },
    { code: 'ROSSI-NATALE', value: 1500, customerId: rossi.id, validFrom: '2026-11-22', validUntil: null },
    {
      code: 'ROSSI-USATO',
      value: 500,
      customerId: rossi.id,
      validFrom: null,
      validUntil: '2026-12-31',
      usedAt: new Date('2026-11-02T09:30:00Z'),
    },
    {
      code: 'ROSSI-ESTATE',
      value: 750,
      customerId: rossi.id,
      validFrom: '2026-06-01',
      validUntil: '2026-09-30',
    },
    { code: 'ROSSI-SEMPRE', value: 250, customerId: rossi.id },
    { code: 'BIANCHI20', value: 2000, customerId: bianchi.id, validUntil: '2026-12-31' },
    { code: 'BENVENUTO10', value: 1000, customerId: null, validFrom: '2026-01-01', validUntil: '2026-12-31' },
  ]);
});
afterAll(() => t.close());

describe('GET /api/customers/{id}/coupons', () => {
  it("lists only the customer's own coupons, usable first, with value in basis points and dates", async () => {
    const list = await couponsOf(rossi.client, rossi.id);
    expect(states(list)).toEqual([
      ['ROSSI10', 'valid'],
      ['ROSSI-SEMPRE', 'valid'],
      ['ROSSI-NATALE', 'not_yet_valid'],
      ['ROSSI-USATO', 'used'],
      ['ROSSI-ESTATE', 'expired'],
    ]);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      code: 'ROSSI10',
      value: 1000,
      valid_from: '2026-11-01',
      valid_until: '2026-11-21',
      used_at: null,
      state: 'valid',
    });
    expect(list[3]).toMatchObject({ code: 'ROSSI-USATO', value: 500, used_at: '2026-11-02T09:30:00.000Z' });
  });

  it("judges the dates by the calendar day in Rome, not UTC's", async () => {
    // 23:30 UTC on the 21st is already the 22nd in Rome (UTC+1)
    t.clock.now = new Date('2026-11-21T23:30:00Z');
    try {
      expect(states(await couponsOf(rossi.client, rossi.id))).toEqual([
        ['ROSSI-NATALE', 'valid'],
        ['ROSSI-SEMPRE', 'valid'],
        ['ROSSI-USATO', 'used'],
        ['ROSSI-ESTATE', 'expired'],
        ['ROSSI10', 'expired'],
      ]);
    } finally {
      t.clock.now = new Date('2026-11-21T10:00:00Z');
    }
  });

  it("answers 404 for another customer's id, and shows the other customer only theirs", async () => {
    expect((await rossi.client.get(`/api/customers/${bianchi.id}/coupons`)).statusCode).toBe(404);
    expect(states(await couponsOf(bianchi.client, bianchi.id))).toEqual([['BIANCHI20', 'valid']]);
    expect((await t.client().get(`/api/customers/${rossi.id}/coupons`)).statusCode).toBe(401);
  });

  it("lets an administrator read any customer's coupons, and 404 for an unknown customer", async () => {
    expect(states(await couponsOf(admin, bianchi.id))).toEqual([['BIANCHI20', 'valid']]);
    const missing = await admin.get('/api/customers/999999/coupons');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Customer not found');
  });
});
