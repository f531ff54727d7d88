import type { Customer, CustomerSummary, Page } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

/** GET /api/customers (administrators' search) and GET /api/customers/{id} (own record or any for admins). */

let t: TestApp;
let admin: TestClient;
let rossiClient: TestClient;
const ids: Record<string, number> = {};

async function signedIn(email: string) {
  const client = t.client();
  expect((await client.login(email, PASSWORD)).statusCode).toBe(200);
  return client;
}

async function customer(key: string, values: Parameters<typeof createUser>[1] & object) {
  const { customerId, email } = await createUser(t.db, values);
  ids[key] = customerId!;
  return email;
}

beforeAll(async () => {
  t = await createTestApp();
  const { email } = await createUser(t.db, { isSuperAdmin: true });
  admin = await signedIn(email);
  const rossi = await customer('rossi', {
    email: 'giulia@dischirossi.example',
    customer: {
      type: 'G',
      company: 'Dischi Rossi S.r.l.',
      firstname: 'Giulia',
      lastname: 'Rossi',
      vatId: 'IT01234567897',
      erpCode: 'C00042',
    },
  });
  await customer('bianchi', {
    email: 'marco.bianchi@example.com',
    customer: { type: 'P', firstname: 'Marco', lastname: 'Bianchi', taxNumber: 'BNCMRC80A01F205X' },
  });
  await customer('percent', {
    email: 'shop@vinile.example',
    customer: { type: 'G', company: 'Alfa 100% Vinile', firstname: 'Anna', lastname: 'Verdi' },
  });
  await customer('thousand', {
    email: 'info@mille.example',
    customer: { type: 'G', company: '1000 Dischi', firstname: 'Luca', lastname: 'Neri' },
  });
  await customer('underscore', {
    email: 'a_b@suoni.example',
    customer: { type: 'G', company: 'Suoni Rari', firstname: 'Sara', lastname: 'Blu' },
  });
  await customer('axb', {
    email: 'axb@suoni.example',
    customer: { type: 'G', company: 'Suoni Comuni', firstname: 'Piero', lastname: 'Gialli' },
  });
  rossiClient = await signedIn(rossi);
});
afterAll(() => t.close());

const search = async (query: string) => {
  const res = await admin.get(`/api/customers${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<CustomerSummary>;
};
const idsOf = (page: Page<CustomerSummary>) => page.data.map((c) => c.id);

describe('GET /api/customers', () => {
  it('lists every customer by company or last name, then id, with what the picker shows', async () => {
    const page = await search('');
    expect(idsOf(page)).toEqual([ids.thousand, ids.percent, ids.bianchi, ids.rossi, ids.axb, ids.underscore]);
    expect(page.meta).toEqual({ total: 6, page: 1, per_page: 25 });
    expect(page.data[3]).toEqual({
      id: ids.rossi,
      type: 'G',
      company: 'Dischi Rossi S.r.l.',
      firstname: 'Giulia',
      lastname: 'Rossi',
      email: 'giulia@dischirossi.example',
      country: 'IT',
      vat_id: 'IT01234567897',
      tax_number: null,
      customer_group_id: null,
      customer_group_code: null,
      erp_code: 'C00042',
      erp_connected: false,
      erp_sync_state: null,
      created_at: expect.any(String),
    });
  });

  it.each([
    ['company, any case', 'dischi ROSSI', ['rossi']],
    ['e-mail', 'MARCO.BIANCHI@', ['bianchi']],
    ['part of a first name', 'arc', ['bianchi']],
    ['part of a last name', 'ianch', ['bianchi']],
    ['VAT id', '01234567', ['rossi']],
    ['tax number', 'bncmrc', ['bianchi']],
    ['ERP code', 'c0004', ['rossi']],
    ['nothing', 'nessuno', []],
  ])('finds customers by %s', async (_what, text, expected) => {
    const page = await search(`?text=${encodeURIComponent(text)}`);
    expect(idsOf(page)).toEqual(expected.map((k) => ids[k]));
    expect(page.meta.total).toBe(expected.length);
  });

  it('matches %, _ and \\ literally', async () => {
    expect(idsOf(await search(`?text=${encodeURIComponent('100%')}`))).toEqual([ids.percent]);
    expect(idsOf(await search(`?text=${encodeURIComponent('a_b')}`))).toEqual([ids.underscore]);
    expect(idsOf(await search(`?text=${encodeURIComponent('\\')}`))).toEqual([]);
  });

  it('pages the matches with the total', async () => {
    const second = await search('?text=suoni&per_page=1&page=2');
    expect(idsOf(second)).toEqual([ids.underscore]);
    expect(second.meta).toEqual({ total: 2, page: 2, per_page: 1 });
    expect(idsOf(await search('?text=suoni&per_page=1&page=3'))).toEqual([]);
  });

  it('refuses per_page over 100, and a NUL in text (422)', async () => {
    expect((await admin.get('/api/customers?per_page=101')).statusCode).toBe(422);
    expect((await admin.get('/api/customers?text=%00')).statusCode).toBe(422);
  });

  it("is the administrators': a customer gets 403, a visitor 401", async () => {
    expect((await rossiClient.get('/api/customers?text=rossi')).statusCode).toBe(403);
    expect((await t.client().get('/api/customers')).statusCode).toBe(401);
  });
});

describe('GET /api/customers/{id}', () => {
  it('gives a customer their own record with the addresses', async () => {
    const res = await rossiClient.get(`/api/customers/${ids.rossi}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Customer;
    expect(body).toMatchObject({ id: ids.rossi, company: 'Dischi Rossi S.r.l.', vat_id: 'IT01234567897' });
    expect(body.addresses.map((a) => [a.type, a.city, a.is_default])).toEqual([
      ['B', 'Milano', true],
      ['S', 'Torino', true],
    ]);
  });

  it("answers 404 for another customer's id, as for an unknown one", async () => {
    const res = await rossiClient.get(`/api/customers/${ids.bianchi}`);
    expect(res.statusCode).toBe(404);
    expect((await t.client().get(`/api/customers/${ids.rossi}`)).statusCode).toBe(401);
  });

  it('gives an administrator any customer, and 404 for an unknown id', async () => {
    const res = await admin.get(`/api/customers/${ids.bianchi}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: ids.bianchi,
      lastname: 'Bianchi',
      tax_number: 'BNCMRC80A01F205X',
    });
    expect((await admin.get('/api/customers/999999')).statusCode).toBe(404);
    // beyond a PostgreSQL integer: refused before any query, like any malformed id
    expect((await admin.get('/api/customers/99999999999')).statusCode).toBe(422);
    expect((await admin.get('/api/customers/abc')).statusCode).toBe(422);
  });
});
