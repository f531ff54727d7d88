import type { Customer } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { startFakeVies } from '../../test/fake-vies';

/**
 * The profile home (SPEC §2, §5): PUT /api/customers/{id} ('My data'), PUT /api/customers/{id}/settings
 * and GET /api/vat-numbers/check, with VIES played by a local fake.
 */

const VAT_INVALID = 'The VAT Number seems incorrect or the VAT is not active. Could you check it?';
const TAX_INVALID = 'The Tax Number provided seems not to be correct. Could you check it?';
const NOT_PERSON =
  'The tax code does not correspond to the code of a physical person. If you are a private company, please contact support by email.';
const TYPE_LOCKED = 'A customer with orders cannot change user type: a new profile must be created.';
/** Checksum-valid Italian VAT numbers; VIES knows the first as not active. */
const VIES_REFUSED = 'IT01234560157';

let t: TestApp;
let vies: Awaited<ReturnType<typeof startFakeVies>>;
let admin: TestClient;
const clients: Record<string, TestClient> = {};
const ids: Record<string, number> = {};

async function signedIn(email: string) {
  const client = t.client();
  expect((await client.login(email, PASSWORD)).statusCode).toBe(200);
  return client;
}

async function customer(key: string, values: NonNullable<Parameters<typeof createUser>[1]>['customer']) {
  const { customerId, email } = await createUser(t.db, { email: `${key}@example.com`, customer: values });
  ids[key] = customerId!;
  clients[key] = await signedIn(email);
}

async function placeOrder(customerId: number) {
  const address = {
    company: null,
    firstname: 'A',
    lastname: 'B',
    co: null,
    address: 'Via 1',
    postcode: '20100',
    city: 'Milano',
    state: null,
    country: 'IT',
    phone: null,
  };
  await t.db.insert(orders).values({
    orderNo: `P-${customerId}`,
    customerId,
    status: 'registered',
    paymentMethod: 'cash_on_delivery',
    shippingAddress: address,
    billingAddress: address,
    vat: 0,
    total: 1000,
    totalWithoutTaxes: 1000,
  });
}

/** The customer as an administrator reads it: to prove a refused write changed nothing. */
async function stored(key: string): Promise<Customer> {
  const res = await admin.get(`/api/customers/${ids[key]}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Customer;
}

const companyData = {
  type: 'G',
  company: 'Dischi Rossi S.r.l.',
  firstname: 'Giulia',
  lastname: 'Rossi',
  sdi_code: 'M5UXCR1',
  pec: 'dischirossi@pec.example',
  vat_id: 'IT00743110157',
  tax_number: '00743110157',
  country: 'IT',
};
const personData = {
  type: 'P',
  firstname: 'Mario',
  lastname: 'Rossi',
  birthday: '1985-12-10',
  job: 'Insegnante',
  tax_number: 'RSSMRA85T10A562S',
  country: 'IT',
};

beforeAll(async () => {
  vies = await startFakeVies({ [`IT/${VIES_REFUSED.slice(2)}`]: { isValid: false, userError: 'INVALID' } });
  t = await createTestApp({ VIES_URL: vies.url });
  const { email } = await createUser(t.db, { isSuperAdmin: true });
  admin = await signedIn(email);
  await customer('rossi', {
    type: 'G',
    company: 'Dischi Rossi',
    firstname: 'Giulia',
    lastname: 'Rossi',
    vatId: 'IT00743110157',
    discount: 500,
  });
  await customer('neri', { type: 'G', company: 'Neri Dischi', firstname: 'Luca', lastname: 'Neri' });
  await customer('bianchi', {
    type: 'P',
    firstname: 'Mario',
    lastname: 'Bianchi',
    taxNumber: 'RSSMRA85T10A562S',
  });
  await placeOrder(ids.rossi!);
});
afterAll(async () => {
  await t.close();
  await vies.close();
});

describe('PUT /api/customers/{id}', () => {
  it("saves a company's own data and answers the updated customer; e-mail and discount stay", async () => {
    const res = await clients.rossi!.put(`/api/customers/${ids.rossi}`, {
      ...companyData,
      company: '  Dischi Rossi S.r.l. ',
      sdi_code: 'm5uxcr1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      id: ids.rossi,
      type: 'G',
      company: 'Dischi Rossi S.r.l.',
      email: 'rossi@example.com',
      sdi_code: 'M5UXCR1',
      pec: 'dischirossi@pec.example',
      vat_id: 'IT00743110157',
      tax_number: '00743110157',
      birthday: null,
      job: null,
      discount: 500,
      country: 'IT',
      extra_cee: false,
      tax_rule: 'standard',
    };
    expect(res.json()).toMatchObject(expected);
    expect(await stored('rossi')).toMatchObject(expected);
  });

  it("saves a private person's tax code, birthday and job", async () => {
    const res = await clients.bianchi!.put(`/api/customers/${ids.bianchi}`, {
      ...personData,
      tax_number: 'rssmra85t10a562s',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'P',
      company: null,
      vat_id: null,
      tax_number: 'RSSMRA85T10A562S',
      birthday: '1985-12-10',
      job: 'Insegnante',
    });
  });

  it("answers 404 for another customer's id and changes nothing; a visitor gets 401", async () => {
    const before = await stored('bianchi');
    const res = await clients.rossi!.put(`/api/customers/${ids.bianchi}`, { ...personData, job: 'Pirata' });
    expect(res.statusCode).toBe(404);
    const visitor = t.client();
    await visitor.get('/sanctum/csrf-cookie');
    expect((await visitor.put(`/api/customers/${ids.bianchi}`, personData)).statusCode).toBe(401);
    expect(await stored('bianchi')).toEqual(before);
  });

  it("lets an administrator update any customer's data, and answers 404 for an unknown one", async () => {
    const res = await admin.put(`/api/customers/${ids.neri}`, {
      ...companyData,
      company: 'Neri Dischi S.a.s.',
      firstname: 'Luca',
      lastname: 'Neri',
      vat_id: '07654321012',
      tax_number: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ company: 'Neri Dischi S.a.s.', vat_id: '07654321012' });
    expect((await admin.put('/api/customers/999999', companyData)).statusCode).toBe(404);
  });

  it.each([
    [
      'a VAT number with a wrong check digit',
      'rossi',
      { ...companyData, vat_id: 'IT00743110158' },
      { vat_id: [VAT_INVALID] },
    ],
    ['a company without a VAT number', 'rossi', { ...companyData, vat_id: '' }, { vat_id: ['Required'] }],
    [
      'a wrong tax code',
      'bianchi',
      { ...personData, tax_number: 'RSSMRA85T10A562T' },
      { tax_number: [TAX_INVALID] },
    ],
    [
      "a company's code on a private profile",
      'bianchi',
      { ...personData, tax_number: '00743110157' },
      { tax_number: [NOT_PERSON] },
    ],
    [
      'no tax code for an Italian person',
      'bianchi',
      { ...personData, tax_number: '' },
      { tax_number: ['Required'] },
    ],
    [
      'a birthday tomorrow',
      'bianchi',
      { ...personData, birthday: '2026-11-22' },
      { birthday: ['Invalid value'] },
    ],
    [
      'a birthday that is no date',
      'bianchi',
      { ...personData, birthday: '1985-02-30' },
      { birthday: ['Invalid value'] },
    ],
    [
      'a first name too long',
      'bianchi',
      { ...personData, firstname: 'M'.repeat(101) },
      { firstname: ['Invalid length'] },
    ],
    [
      'the e-mail',
      'rossi',
      { ...companyData, email: 'new@example.com' },
      { email: ['Unknown field: email'] },
    ],
    ['the discount', 'rossi', { ...companyData, discount: 9000 }, { discount: ['Unknown field: discount'] }],
    [
      'the tax rule and the group',
      'rossi',
      { ...companyData, tax_rule: 'exempt', customer_group_id: 1 },
      {
        tax_rule: ['Unknown field: tax_rule, customer_group_id'],
        customer_group_id: ['Unknown field: tax_rule, customer_group_id'],
      },
    ],
  ])('refuses %s with 422 and changes nothing', async (_what, key, body, errors) => {
    const before = await stored(key);
    const res = await clients[key]!.put(`/api/customers/${ids[key]}`, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(errors);
    expect(await stored(key)).toEqual(before);
  });

  it('refuses to change the type of a customer with orders', async () => {
    const before = await stored('rossi');
    const res = await clients.rossi!.put(`/api/customers/${ids.rossi}`, {
      ...personData,
      firstname: 'Giulia',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: TYPE_LOCKED, errors: { type: [TYPE_LOCKED] } });
    expect(await stored('rossi')).toEqual(before);
  });

  it('lets a customer without orders become a private person', async () => {
    const res = await clients.neri!.put(`/api/customers/${ids.neri}`, {
      ...personData,
      firstname: 'Luca',
      lastname: 'Neri',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'P',
      company: null,
      vat_id: null,
      tax_number: 'RSSMRA85T10A562S',
    });
  });

  it('makes a customer who moves outside the EU extra-EU, leaving the tax rule to the administrators', async () => {
    const res = await clients.neri!.put(`/api/customers/${ids.neri}`, {
      ...companyData,
      company: 'Neri Musik AG',
      vat_id: 'CHE-123.456.788 MWST',
      tax_number: null,
      country: 'CH',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ country: 'CH', extra_cee: true, tax_rule: 'standard' });
  });
});

describe('VAT numbers and VIES', () => {
  /** Points the app at another VIES for one test. */
  async function withVies<T>(url: string, fn: () => Promise<T>): Promise<T> {
    const config = t.app.deps.config;
    const saved = config.viesUrl;
    config.viesUrl = url;
    try {
      return await fn();
    } finally {
      config.viesUrl = saved;
    }
  }

  it('refuses a number VIES reports as not active, though its checksum is right', async () => {
    const before = await stored('rossi');
    const res = await clients.rossi!.put(`/api/customers/${ids.rossi}`, {
      ...companyData,
      vat_id: VIES_REFUSED,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ vat_id: [VAT_INVALID] });
    expect(vies.asked).toContain('IT/01234560157');
    expect(await stored('rossi')).toEqual(before);
  });

  it('trusts the checksum when VIES cannot be reached', async () => {
    await withVies('http://127.0.0.1:1', async () => {
      const res = await clients.rossi!.put(`/api/customers/${ids.rossi}`, {
        ...companyData,
        vat_id: VIES_REFUSED,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().vat_id).toBe(VIES_REFUSED);
      const wrong = await clients.rossi!.put(`/api/customers/${ids.rossi}`, {
        ...companyData,
        vat_id: 'IT01234560158',
      });
      expect(wrong.json().errors).toEqual({ vat_id: [VAT_INVALID] });
    });
  });

  it('asks VIES about EU numbers only, with the member-state code', async () => {
    vies.asked.length = 0;
    const check = (vatId: string, country: string) =>
      clients.rossi!.get(`/api/vat-numbers/check?vat_id=${encodeURIComponent(vatId)}&country=${country}`);
    expect((await check('094259216', 'GR')).json()).toEqual({
      valid: true,
      message: 'The VAT Number seems valid',
    });
    expect((await check('CHE-123.456.788 MWST', 'CH')).json()).toEqual({
      valid: true,
      message: 'The VAT Number seems valid',
    });
    expect((await check('IT00743110158', 'IT')).json()).toEqual({ valid: false, message: VAT_INVALID });
    expect(vies.asked).toEqual(['EL/094259216']);
  });

  it('checks a number live for the form, with the SPEC messages', async () => {
    const check = (query: string) => clients.bianchi!.get(`/api/vat-numbers/check?${query}`);
    const valid = await check('vat_id=IT00743110157&country=IT');
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ valid: true, message: 'The VAT Number seems valid' });
    expect((await check(`vat_id=${VIES_REFUSED}&country=IT`)).json()).toEqual({
      valid: false,
      message: VAT_INVALID,
    });
    expect((await check('vat_id=12-3456789&country=US')).json()).toEqual({ valid: true, message: null });
    expect((await check('country=IT')).statusCode).toBe(422);
    // The sign-up form checks it too, before there is an account (issue 22).
    expect((await t.client().get('/api/vat-numbers/check?vat_id=IT00743110157&country=IT')).statusCode).toBe(
      200,
    );
  });
});

describe('PUT /api/customers/{id}/settings', () => {
  it('saves the newsletter, dated when it turns on, and the language', async () => {
    const on = await clients.bianchi!.put(`/api/customers/${ids.bianchi}/settings`, {
      newsletter: true,
      language: 'en',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      newsletter: true,
      newsletter_date: '2026-11-21T10:00:00.000Z',
      language: 'en',
    });
    t.clock.now = new Date('2026-11-22T10:00:00Z');
    const again = await clients.bianchi!.put(`/api/customers/${ids.bianchi}/settings`, {
      newsletter: true,
      language: 'it',
    });
    expect(again.json()).toMatchObject({ newsletter_date: '2026-11-21T10:00:00.000Z', language: 'it' });
    const off = await clients.bianchi!.put(`/api/customers/${ids.bianchi}/settings`, {
      newsletter: false,
      language: 'it',
    });
    expect(off.json()).toMatchObject({ newsletter: false, newsletter_date: null, language: 'it' });
    expect((await clients.bianchi!.get('/api/user')).json().customer.language).toBe('it');
    // back to the file's day: the administrator's session lives 12 hours (issue 17)
    t.clock.now = new Date('2026-11-21T10:00:00Z');
  });

  it.each([
    ['another language', { newsletter: true, language: 'de' }, { language: ['Invalid value'] }],
    ['no flag', { language: 'en' }, { newsletter: ['Required'] }],
    [
      'another field',
      { newsletter: true, language: 'en', discount: 1 },
      { discount: ['Unknown field: discount'] },
    ],
  ])('refuses %s with 422 and changes nothing', async (_what, body, errors) => {
    const before = await stored('bianchi');
    const res = await clients.bianchi!.put(`/api/customers/${ids.bianchi}/settings`, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
    expect(await stored('bianchi')).toEqual(before);
  });

  it("answers 404 for another customer's settings; an administrator may set anyone's", async () => {
    const before = await stored('bianchi');
    const body = { newsletter: true, language: 'en' };
    expect((await clients.rossi!.put(`/api/customers/${ids.bianchi}/settings`, body)).statusCode).toBe(404);
    expect(await stored('bianchi')).toEqual(before);
    const res = await admin.put(`/api/customers/${ids.bianchi}/settings`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ newsletter: true, language: 'en' });
  });
});
