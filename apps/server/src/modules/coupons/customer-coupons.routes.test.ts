import type { CustomerCoupon } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AddressSnapshot,
  couponCustomerGroups,
  couponCustomers,
  coupons,
  customerGroups,
  orders,
} from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

/**
 * GET /api/customers/{id}/coupons: the coupons a customer holds (restricted to him or his group), each
 * with its state today in Europe/Rome; used once his orders (not cancelled) reached a limit.
 */

let t: TestApp;
let admin: TestClient;
let rossi: { id: number; client: TestClient };
let bianchi: { id: number; client: TestClient };

async function signedIn(email: string) {
  const client = t.client();
  expect((await client.login(email, PASSWORD)).statusCode).toBe(200);
  return client;
}

async function customer(customerGroupId: number | null = null) {
  const { customerId, email } = await createUser(t.db, { customer: { customerGroupId } });
  return { id: customerId!, client: await signedIn(email) };
}

const address: AddressSnapshot = {
  company: null,
  firstname: 'Mario',
  lastname: 'Rossi',
  co: null,
  address: 'Via Roma 1',
  postcode: '00100',
  city: 'Roma',
  state: null,
  country: 'IT',
  phone: null,
};

let orderSeq = 0;
/** An order of the customer that used the coupon, placed at `date`. */
async function orderWith(
  customerId: number,
  couponId: number,
  date: string,
  status: 'delivered' | 'cancelled',
) {
  orderSeq += 1;
  await t.db.insert(orders).values({
    orderNo: `2026-C${orderSeq}`,
    customerId,
    date: new Date(date),
    status,
    paymentMethod: 'card',
    shippingAddress: address,
    billingAddress: address,
    couponId,
    vat: 0,
    total: 1000,
    totalWithoutTaxes: 1000,
  });
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
  const [group] = await t.db
    .insert(customerGroups)
    .values({ code: 'DISCHI', description: 'Negozi di dischi' })
    .returning();
  rossi = await customer(group!.id);
  bianchi = await customer();
  const inserted = await t.db
    .insert(coupons)
    .values([
      // the clock reads 2026-11-21 in Rome
      { code: 'ROSSI10', value: 1000, validFrom: '2026-11-01', validUntil: '2026-11-21' },
      { code: 'ROSSI-NATALE', value: 1500, validFrom: '2026-11-22', validUntil: null },
      { code: 'ROSSI-USATO', value: 500, validFrom: null, validUntil: '2026-12-31', usageLimit: 1 },
      { code: 'ROSSI-ESTATE', value: 750, validFrom: '2026-06-01', validUntil: '2026-09-30' },
      { code: 'ROSSI-SEMPRE', value: 250, perCustomerLimit: 2 },
      { code: 'DISCHI-FISSO', kind: 'fixed', value: 1000, validUntil: '2026-12-31' },
      { code: 'BIANCHI20', value: 2000, validUntil: '2026-12-31' },
      { code: 'BENVENUTO10', value: 1000, validFrom: '2026-01-01', validUntil: '2026-12-31' },
    ])
    .returning({ id: coupons.id, code: coupons.code });
  const id = (code: string) => inserted.find((c) => c.code === code)!.id;
  await t.db.insert(couponCustomers).values([
    ...['ROSSI10', 'ROSSI-NATALE', 'ROSSI-USATO', 'ROSSI-ESTATE', 'ROSSI-SEMPRE'].map((code) => ({
      couponId: id(code),
      customerId: rossi.id,
    })),
    { couponId: id('BIANCHI20'), customerId: bianchi.id },
  ]);
  await t.db
    .insert(couponCustomerGroups)
    .values({ couponId: id('DISCHI-FISSO'), customerGroupId: group!.id });
  await orderWith(rossi.id, id('ROSSI-USATO'), '2026-11-02T09:30:00Z', 'delivered');
  // one use of two, and a cancelled order that frees its use
  await orderWith(rossi.id, id('ROSSI-SEMPRE'), '2026-10-02T09:30:00Z', 'delivered');
  await orderWith(rossi.id, id('ROSSI-SEMPRE'), '2026-10-05T09:30:00Z', 'cancelled');
});
afterAll(() => t.close());

describe('GET /api/customers/{id}/coupons', () => {
  it("lists his own and his group's coupons, usable first, with kind, value and dates", async () => {
    const list = await couponsOf(rossi.client, rossi.id);
    expect(states(list)).toEqual([
      ['ROSSI10', 'valid'],
      ['DISCHI-FISSO', 'valid'],
      ['ROSSI-SEMPRE', 'valid'],
      ['ROSSI-NATALE', 'not_yet_valid'],
      ['ROSSI-USATO', 'used'],
      ['ROSSI-ESTATE', 'expired'],
    ]);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      code: 'ROSSI10',
      kind: 'percent',
      value: 1000,
      valid_from: '2026-11-01',
      valid_until: '2026-11-21',
      used_at: null,
      state: 'valid',
    });
    expect(list[1]).toMatchObject({ code: 'DISCHI-FISSO', kind: 'fixed', value: 1000, used_at: null });
    expect(list[2]).toMatchObject({ code: 'ROSSI-SEMPRE', used_at: '2026-10-02T09:30:00.000Z' });
    expect(list[4]).toMatchObject({ code: 'ROSSI-USATO', value: 500, used_at: '2026-11-02T09:30:00.000Z' });
  });

  it("judges the dates by the calendar day in Rome, not UTC's", async () => {
    // 23:30 UTC on the 21st is already the 22nd in Rome (UTC+1)
    t.clock.now = new Date('2026-11-21T23:30:00Z');
    try {
      expect(states(await couponsOf(rossi.client, rossi.id))).toEqual([
        ['DISCHI-FISSO', 'valid'],
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
