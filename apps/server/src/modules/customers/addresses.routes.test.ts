import type { CustomerAddress } from '@shop/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAddresses, orders } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

/**
 * SPEC §7 GET, POST /api/customers/{id}/addresses and PUT, DELETE …/addresses/{addressId}: the
 * customer's own address book with one default per type; administrators any customer's.
 */

let t: TestApp;
let admin: TestClient;

async function signedIn(email: string) {
  const client = t.client();
  expect((await client.login(email, PASSWORD)).statusCode).toBe(200);
  return client;
}

/** A signed-in customer with the factory's two default addresses (B Milano, S Torino), or none. */
async function customer(options: { withAddresses?: boolean } = {}) {
  const { customerId, email } = await createUser(t.db, {});
  const id = customerId!;
  if (options.withAddresses === false) {
    await t.db.delete(customerAddresses).where(eq(customerAddresses.customerId, id));
  }
  return { id, client: await signedIn(email), url: `/api/customers/${id}/addresses` };
}

/** Every stored address of every customer: a refusal leaves it exactly as it was. */
const allAddresses = () => t.db.select().from(customerAddresses).orderBy(asc(customerAddresses.id));

async function book(client: TestClient, url: string) {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: CustomerAddress[] }).data;
}
const defaults = (addresses: CustomerAddress[]) =>
  addresses.filter((a) => a.is_default).map((a) => [a.type, a.city]);

const bologna = {
  type: 'S',
  company: 'Dischi Rossi S.r.l.',
  firstname: 'Giulia',
  lastname: 'Rossi',
  co: 'Magazzino 3',
  address: 'Via dei Mille 12',
  postcode: '40121',
  city: 'Bologna',
  state: 'BO',
  country: 'IT',
  phone: '+39 051 123456',
  note: 'Consegna 9-13',
};
const minimal = (type: 'B' | 'S', city: string) => ({
  type,
  company: 'Suoni Srl',
  address: 'Via Emilia 1',
  postcode: '40100',
  city,
  country: 'IT',
});

beforeAll(async () => {
  t = await createTestApp();
  const { email } = await createUser(t.db, { isSuperAdmin: true });
  admin = await signedIn(email);
});
afterAll(() => t.close());

describe('reading and writing one own address', () => {
  it('lists the address book, billing then shipping, with every field', async () => {
    const me = await customer();
    expect(await book(me.client, me.url)).toEqual([
      {
        id: expect.any(Number),
        type: 'B',
        company: null,
        firstname: null,
        lastname: null,
        co: null,
        address: 'Via Roma 1',
        postcode: '20100',
        city: 'Milano',
        state: null,
        country: 'IT',
        phone: null,
        note: null,
        is_default: true,
      },
      expect.objectContaining({ type: 'S', address: 'Via Po 2', city: 'Torino', is_default: true }),
    ]);
  });

  it('creates, updates and deletes an address, answering exactly what is stored', async () => {
    const me = await customer();
    const created = await me.client.post(me.url, { ...bologna, country: 'it', city: ' Bologna ' });
    expect(created.statusCode, created.body).toBe(201);
    const address = created.json() as CustomerAddress;
    expect(address).toEqual({ id: expect.any(Number), ...bologna, is_default: false });
    expect(await book(me.client, me.url)).toContainEqual(address);

    const change = { ...bologna, type: 'B', company: '', co: '', postcode: '00184', city: 'Roma', phone: '' };
    const updated = await me.client.put(`${me.url}/${address.id}`, change);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({
      ...change,
      id: address.id,
      company: null,
      co: null,
      phone: null,
      is_default: false,
    });

    const deleted = await me.client.delete(`${me.url}/${address.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await book(me.client, me.url)).map((a) => a.id)).not.toContain(address.id);
    expect((await me.client.delete(`${me.url}/${address.id}`)).statusCode).toBe(404);
  });
});

describe('one default per type', () => {
  it('makes the first address of a type its default, and not the next one', async () => {
    const me = await customer({ withAddresses: false });
    const first = await me.client.post(me.url, { ...minimal('S', 'Parma'), is_default: false });
    expect(first.json()).toMatchObject({ city: 'Parma', is_default: true });
    const second = await me.client.post(me.url, minimal('S', 'Modena'));
    expect(second.json()).toMatchObject({ city: 'Modena', is_default: false });
    const billing = await me.client.post(me.url, minimal('B', 'Reggio'));
    expect(billing.json()).toMatchObject({ city: 'Reggio', is_default: true });
    expect(defaults(await book(me.client, me.url))).toEqual([
      ['B', 'Reggio'],
      ['S', 'Parma'],
    ]);
  });

  it('moves the default to a new address that asks for it, and to an existing one set as default', async () => {
    const me = await customer();
    const res = await me.client.post(me.url, { ...minimal('S', 'Parma'), is_default: true });
    expect(res.json()).toMatchObject({ is_default: true });
    expect(defaults(await book(me.client, me.url))).toEqual([
      ['B', 'Milano'],
      ['S', 'Parma'],
    ]);

    const torino = (await book(me.client, me.url)).find((a) => a.city === 'Torino')!;
    const { id, is_default, ...fields } = torino;
    const set = await me.client.put(`${me.url}/${id}`, { ...fields, company: 'Casa', is_default: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(defaults(await book(me.client, me.url))).toEqual([
      ['B', 'Milano'],
      ['S', 'Torino'],
    ]);
  });

  it('refuses to unset the default of a type (422), changing nothing', async () => {
    const me = await customer();
    const milano = (await book(me.client, me.url)).find((a) => a.type === 'B')!;
    const before = await allAddresses();
    const { id, ...fields } = milano;
    const res = await me.client.put(`${me.url}/${id}`, { ...fields, company: 'Altro', is_default: false });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Invalid value', errors: { is_default: ['Invalid value'] } });
    expect(await allAddresses()).toEqual(before);
  });

  it('promotes the most recent address of its type when the default is deleted', async () => {
    const me = await customer();
    await me.client.post(me.url, minimal('S', 'Parma'));
    await me.client.post(me.url, minimal('S', 'Modena'));
    const torino = (await book(me.client, me.url)).find((a) => a.city === 'Torino')!;
    expect((await me.client.delete(`${me.url}/${torino.id}`)).statusCode).toBe(204);
    expect(defaults(await book(me.client, me.url))).toEqual([
      ['B', 'Milano'],
      ['S', 'Modena'],
    ]);
  });

  it('leaves no default of a type whose last address is deleted', async () => {
    const me = await customer();
    const milano = (await book(me.client, me.url)).find((a) => a.type === 'B')!;
    expect((await me.client.delete(`${me.url}/${milano.id}`)).statusCode).toBe(204);
    expect(defaults(await book(me.client, me.url))).toEqual([['S', 'Torino']]);
  });

  it('hands the default on when the default address moves to the other type', async () => {
    const me = await customer();
    await me.client.post(me.url, minimal('B', 'Parma'));
    const milano = (await book(me.client, me.url)).find((a) => a.city === 'Milano')!;
    const { id, is_default, ...fields } = milano;
    const res = await me.client.put(`${me.url}/${id}`, { ...fields, type: 'S', company: 'Sede' });
    expect(res.json()).toMatchObject({ type: 'S', city: 'Milano', is_default: false });
    expect(defaults(await book(me.client, me.url))).toEqual([
      ['B', 'Parma'],
      ['S', 'Torino'],
    ]);
  });
});

describe('orders placed earlier', () => {
  it('keep the address they were sent to when it is edited or deleted from the book', async () => {
    const me = await customer();
    const [milano, torino] = await book(me.client, me.url);
    const snapshot = (a: CustomerAddress) => {
      const { id, type, note, is_default, ...fields } = a;
      return fields;
    };
    await t.db.insert(orders).values({
      orderNo: 'W-2026-000777',
      customerId: me.id,
      status: 'registered',
      paymentMethod: 'as_agreed',
      billingAddress: snapshot(milano!),
      shippingAddress: snapshot(torino!),
      vat: 0,
      total: 0,
      totalWithoutTaxes: 0,
    });
    await me.client.post(me.url, minimal('S', 'Parma'));
    const { id, is_default, ...fields } = torino!;
    expect(
      (await me.client.put(`${me.url}/${id}`, { ...fields, company: 'Casa', city: 'Moncalieri' })).statusCode,
    ).toBe(200);
    expect((await me.client.delete(`${me.url}/${id}`)).statusCode).toBe(204);
    expect((await me.client.delete(`${me.url}/${milano!.id}`)).statusCode).toBe(204);
    const order = await me.client.get('/api/orders/W-2026-000777');
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json()).toMatchObject({
      billing_address: { address: 'Via Roma 1', postcode: '20100', city: 'Milano', country: 'IT' },
      shipping_address: { address: 'Via Po 2', postcode: '10100', city: 'Torino', country: 'IT' },
    });
  });
});

describe('validation (SPEC §5 messages), nothing written', () => {
  it('names every missing field', async () => {
    const me = await customer();
    const before = await allAddresses();
    const res = await me.client.post(me.url, { type: 'B', postcode: ' ', city: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      address: ['Required'],
      postcode: ['Required'],
      city: ['Required'],
      country: ['Required'],
      firstname: ['Required'],
      lastname: ['Required'],
    });
    expect(await allAddresses()).toEqual(before);
  });

  it('refuses bad values on create and on update', async () => {
    const me = await customer();
    const [milano] = await book(me.client, me.url);
    const before = await allAddresses();
    const bad = {
      ...bologna,
      type: 'X',
      postcode: '4012',
      country: 'XX',
      phone: '051-ABC',
      city: 'B'.repeat(101),
      lastname: '',
      company: null,
    };
    const errors = {
      type: ['Invalid value'],
      city: ['Invalid length'],
      country: ['Invalid value'],
      phone: ['Invalid value'],
      lastname: ['Required'],
    };
    const created = await me.client.post(me.url, bad);
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual(errors);
    const updated = await me.client.put(`${me.url}/${milano!.id}`, { ...bad, type: 'B', country: 'IT' });
    expect(updated.statusCode).toBe(422);
    expect(updated.json().errors).toEqual({
      postcode: ['Invalid value'],
      city: ['Invalid length'],
      phone: ['Invalid value'],
      lastname: ['Required'],
    });
    const unknown = await me.client.post(me.url, { ...bologna, email: 'a@b.it' });
    expect(unknown.statusCode).toBe(422);
    const nothing = await me.client.post(me.url, 'null', { 'content-type': 'application/json' });
    expect(nothing.statusCode).toBe(422);
    expect(await allAddresses()).toEqual(before);
  });
});

describe('another customer (DESIGN §5)', () => {
  it("answers 404 for another customer's id and for another customer's address, changing nothing", async () => {
    const me = await customer();
    const other = await customer();
    const [theirs] = await book(other.client, other.url);
    const before = await allAddresses();
    expect((await me.client.get(other.url)).statusCode).toBe(404);
    expect((await me.client.post(other.url, bologna)).statusCode).toBe(404);
    expect((await me.client.put(`${other.url}/${theirs!.id}`, bologna)).statusCode).toBe(404);
    expect((await me.client.delete(`${other.url}/${theirs!.id}`)).statusCode).toBe(404);
    // their address through my own id
    expect((await me.client.put(`${me.url}/${theirs!.id}`, bologna)).statusCode).toBe(404);
    expect((await me.client.delete(`${me.url}/${theirs!.id}`)).statusCode).toBe(404);
    expect(await allAddresses()).toEqual(before);
    expect((await t.client().get(me.url)).statusCode).toBe(401);
  });

  it("lets an administrator read and write any customer's addresses", async () => {
    const someone = await customer();
    expect((await book(admin, someone.url)).map((a) => a.city)).toEqual(['Milano', 'Torino']);
    const created = await admin.post(someone.url, { ...bologna, is_default: true });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as CustomerAddress;
    expect((await admin.put(`${someone.url}/${id}`, { ...bologna, city: 'Imola' })).json()).toMatchObject({
      city: 'Imola',
      is_default: true,
    });
    expect(defaults(await book(someone.client, someone.url))).toEqual([
      ['B', 'Milano'],
      ['S', 'Imola'],
    ]);
    expect((await admin.delete(`${someone.url}/${id}`)).statusCode).toBe(204);
    expect(defaults(await book(someone.client, someone.url))).toEqual([
      ['B', 'Milano'],
      ['S', 'Torino'],
    ]);
    const missing = await admin.get('/api/customers/999999/addresses');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Customer not found');
    expect((await admin.post('/api/customers/999999/addresses', bologna)).statusCode).toBe(404);
  });
});
