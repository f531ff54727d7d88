import {
  type Customer,
  type CustomerGroup,
  commercialTermsMessages,
  DEFAULT_PAYMENT_METHODS,
  PAYMENT_METHODS,
  type Settings,
} from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTerms } from '../../db/schema';
import {
  addProduct,
  addressesOf,
  line,
  openShop,
  postOrder,
  rowsOf,
  type Shop,
} from '../orders/checkout.fixtures';

/**
 * Issue 20 points 1–3, the fields: the payment methods a customer may use (group, customer override,
 * default without 'as per agreement'), enforced at checkout for the customer and for staff ordering
 * for him; payment terms, credit limit and block on the customer; the shop's credit settings.
 */

const NOT_ALLOWED = commercialTermsMessages.paymentMethodNotAllowed;

let shop: Shop;
let termsId: number;
beforeAll(async () => {
  shop = await openShop();
  const [terms] = await shop.t.db
    .insert(paymentTerms)
    .values({
      name: 'Commercial terms test: 45 days',
      instalments: [{ days: 30, endOfMonth: true, share: 10_000 }],
    })
    .returning();
  termsId = terms!.id;
});
afterAll(() => shop.t.close());

const admin = () => shop.clients.admin;

/** PUT /api/customers/{id} by the administrator: the customer's profile as it is, with `changes`. */
async function putCustomer(id: number, changes: Record<string, unknown>) {
  const c = (await admin().get(`/api/customers/${id}`)).json() as Customer;
  const profile = {
    type: c.type,
    company: c.company,
    firstname: c.firstname,
    lastname: c.lastname,
    vat_id: c.vat_id,
    tax_number: c.tax_number,
    sdi_code: c.sdi_code,
    country: c.country,
  };
  return admin().put(`/api/customers/${id}`, { ...profile, ...changes });
}

async function newGroup(code: string, fields: Record<string, unknown> = {}) {
  const res = await admin().post('/api/customer-groups', { code, description: code, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CustomerGroup;
}

const setGroup = (customerId: number, groupId: number | null) =>
  shop.t.db.execute(sql`update customers set customer_group_id = ${groupId} where id = ${customerId}`);

const quoteMethods = async (who: 'private' | 'company') =>
  (await shop.clients[who].post('/api/cart/quote', { products: [] })).json().payment_methods;

describe("a customer's commercial-terms fields", () => {
  it('reads the defaults: no own methods or terms, no credit limit, not blocked', async () => {
    const res = await admin().get(`/api/customers/${shop.ids.private}`);
    expect(res.json()).toMatchObject({
      payment_methods: null,
      payment_terms_id: null,
      credit_limit: null,
      blocked: false,
    });
  });

  it('saves methods, terms, a credit limit and the block, and leaves them as they are when left out', async () => {
    const id = shop.ids.extra;
    const fields = {
      payment_methods: ['as_agreed', 'sepa'],
      payment_terms_id: termsId,
      credit_limit: 2_500_000,
      blocked: true,
    };
    const res = await putCustomer(id, fields);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject(fields);
    const kept = await putCustomer(id, { job: 'Importer' });
    expect(kept.json()).toMatchObject(fields);
    const cleared = await putCustomer(id, {
      payment_methods: PAYMENT_METHODS,
      payment_terms_id: null,
      credit_limit: null,
      blocked: false,
    });
    expect(cleared.json()).toMatchObject({
      payment_methods: [...PAYMENT_METHODS],
      payment_terms_id: null,
      credit_limit: null,
      blocked: false,
    });
  });

  it('creates a customer with his terms', async () => {
    const res = await admin().post('/api/customers', {
      type: 'G',
      company: 'Termini S.r.l.',
      firstname: 'Anna',
      lastname: 'Termini',
      email: 'anna@termini.example',
      vat_id: 'IT00743110157',
      country: 'IT',
      payment_terms_id: termsId,
      credit_limit: 0,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ payment_terms_id: termsId, credit_limit: 0, payment_methods: null });
  });

  it.each([
    ['payment_methods', [], commercialTermsMessages.paymentMethodsEmpty],
    ['payment_methods', ['card', 'card'], commercialTermsMessages.paymentMethodsRepeated],
    ['payment_methods', ['cheque'], commercialTermsMessages.paymentMethodUnknown],
    ['credit_limit', -1, commercialTermsMessages.creditLimitNegative],
    ['credit_limit', 10.5, expect.any(String)],
    ['blocked', 'yes', expect.any(String)],
    ['payment_terms_id', 999_999, commercialTermsMessages.paymentTermsUnknown],
  ])('refuses %s %j with 422 on the field, changing nothing', async (field, value, message) => {
    const res = await putCustomer(shop.ids.private, { [field]: value });
    expect(res.statusCode).toBe(422);
    expect(
      res.json().errors[
        field === 'payment_methods' && Array.isArray(value) && value[0] === 'cheque' ? `${field}.0` : field
      ],
    ).toEqual([message]);
    expect((await admin().get(`/api/customers/${shop.ids.private}`)).json()).toMatchObject({
      payment_methods: null,
      payment_terms_id: null,
      credit_limit: null,
      blocked: false,
    });
  });

  it("keeps a customer from setting his own terms: 'My data' refuses the fields", async () => {
    const c = (await shop.clients.private.get('/api/user')).json().customer as Customer;
    const res = await shop.clients.private.put(`/api/customers/${c.id}`, {
      type: c.type,
      firstname: c.firstname,
      lastname: c.lastname,
      tax_number: c.tax_number,
      sdi_code: c.sdi_code,
      country: c.country,
      payment_methods: PAYMENT_METHODS,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('payment_methods');
  });
});

describe("a customer group's payment methods and terms", () => {
  it('creates a group with the default (null) and no terms unless given', async () => {
    const group = await newGroup('DEFAULTS');
    expect(group).toMatchObject({ payment_methods: null, payment_terms_id: null });
  });

  it('saves methods and terms, reads them back, and keeps them when a write leaves them out', async () => {
    const group = await newGroup('AGREED', { payment_methods: ['as_agreed'], payment_terms_id: termsId });
    expect(group).toMatchObject({ payment_methods: ['as_agreed'], payment_terms_id: termsId });
    const renamed = await admin().put(`/api/customer-groups/${group.id}`, {
      code: 'AGREED',
      description: 'Renamed',
    });
    expect(renamed.json()).toMatchObject({ payment_methods: ['as_agreed'], payment_terms_id: termsId });
    expect((await admin().get(`/api/customer-groups/${group.id}`)).json()).toMatchObject({
      description: 'Renamed',
      payment_methods: ['as_agreed'],
    });
  });

  it.each([
    ['payment_methods', [], commercialTermsMessages.paymentMethodsEmpty],
    ['payment_methods', ['sepa', 'sepa'], commercialTermsMessages.paymentMethodsRepeated],
    ['payment_terms_id', 999_999, commercialTermsMessages.paymentTermsUnknown],
  ])('refuses %s %j with 422 on the field', async (field, value, message) => {
    const res = await admin().post('/api/customer-groups', {
      code: 'BAD',
      description: 'Bad',
      [field]: value,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });
});

describe('the shop’s credit settings', () => {
  const input = (s: Settings, changes: Record<string, unknown>) => {
    const { mail_from_default: _, next_documents: __, ...current } = s;
    return { ...current, ...changes };
  };

  it('reads the defaults and saves grace days, action and whom to call', async () => {
    const before = (await admin().get('/api/settings')).json() as Settings;
    expect(before).toMatchObject({ credit_grace_days: 0, credit_action: 'approval', credit_contact: null });
    const res = await admin().put(
      '/api/settings',
      input(before, {
        credit_grace_days: 15,
        credit_action: 'refuse',
        credit_contact: '  Ufficio crediti, 02 123456 ',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      credit_grace_days: 15,
      credit_action: 'refuse',
      credit_contact: 'Ufficio crediti, 02 123456',
    });
    const {
      credit_grace_days: _,
      credit_action: __,
      credit_contact: ___,
      ...withoutCredit
    } = input(res.json(), {});
    const kept = await admin().put('/api/settings', withoutCredit);
    expect(kept.json()).toMatchObject({ credit_grace_days: 15, credit_action: 'refuse' });
    const cleared = await admin().put('/api/settings', input(kept.json(), { credit_contact: '' }));
    expect(cleared.json().credit_contact).toBeNull();
  });

  it.each([
    ['credit_grace_days', -1],
    ['credit_grace_days', 366],
    ['credit_action', 'ignore'],
    ['credit_contact', 'x'.repeat(201)],
  ])('refuses %s %j with 422 on the field', async (field, value) => {
    const current = (await admin().get('/api/settings')).json() as Settings;
    const res = await admin().put('/api/settings', input(current, { [field]: value }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it('is for administrators only', async () => {
    expect((await shop.clients.company.get('/api/settings')).statusCode).toBe(403);
  });
});

describe('checkout with the methods allowed', () => {
  it("offers a private customer every method but 'as per agreement', a granted company all six", async () => {
    expect(await quoteMethods('private')).toEqual([...DEFAULT_PAYMENT_METHODS]);
    expect(await quoteMethods('company')).toEqual([...PAYMENT_METHODS]);
  });

  it("refuses a private customer's 'as per agreement' order with 422 on payment_method, writing nothing", async () => {
    const p = await addProduct(shop.t.db, { stock: 5 });
    const res = await postOrder(shop, 'private', { products: [line(p.id)], payment_method: 'as_agreed' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: NOT_ALLOWED, errors: { payment_method: [NOT_ALLOWED] } });
    const [orders] = await rowsOf<{ n: number }>(
      shop.t.db,
      sql`select count(*)::integer as n from orders
        where customer_id = ${shop.ids.private} and payment_method = 'as_agreed'`,
    );
    expect(orders!.n).toBe(0);
  });

  it("accepts it once staff grant it on the customer's group; the customer's own list beats the group's", async () => {
    const p = await addProduct(shop.t.db, { stock: 5 });
    const group = await newGroup('CONTO', { payment_methods: ['as_agreed', 'card'] });
    await setGroup(shop.ids.private, group.id);
    try {
      expect(await quoteMethods('private')).toEqual(['as_agreed', 'card']);
      const agreed = await postOrder(shop, 'private', {
        products: [line(p.id)],
        payment_method: 'as_agreed',
      });
      expect(agreed.statusCode, agreed.body).toBe(201);
      expect(agreed.json().order).toMatchObject({ payment_method: 'as_agreed', status: 'registered' });
      // Cash on delivery is not in the group's list.
      const cod = await postOrder(shop, 'private', { products: [line(p.id)] });
      expect(cod.json().errors).toEqual({ payment_method: [NOT_ALLOWED] });

      expect(
        (await putCustomer(shop.ids.private, { payment_methods: ['cash_on_delivery'] })).statusCode,
      ).toBe(200);
      expect(await quoteMethods('private')).toEqual(['cash_on_delivery']);
      expect((await postOrder(shop, 'private', { products: [line(p.id)] })).statusCode).toBe(201);
      const refused = await postOrder(shop, 'private', {
        products: [line(p.id)],
        payment_method: 'as_agreed',
      });
      expect(refused.json().errors).toEqual({ payment_method: [NOT_ALLOWED] });
    } finally {
      await putCustomer(shop.ids.private, { payment_methods: null });
      await setGroup(shop.ids.private, null);
    }
  });

  it('applies the same rule when staff order for a customer from the back office', async () => {
    const p = await addProduct(shop.t.db, { stock: 5 });
    const forPrivate = { customer_id: shop.ids.private, products: [line(p.id)], payment_method: 'as_agreed' };
    const quote = await admin().post('/api/cart/quote', { customer_id: shop.ids.private, products: [] });
    expect(quote.json().payment_methods).toEqual([...DEFAULT_PAYMENT_METHODS]);
    const refused = await postOrder(shop, 'admin', {
      ...forPrivate,
      ...(await addressesOf(shop, 'private')),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ payment_method: [NOT_ALLOWED] });
    const granted = await postOrder(shop, 'admin', {
      ...forPrivate,
      customer_id: shop.ids.company,
      ...(await addressesOf(shop, 'company')),
    });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json().order).toMatchObject({ channel: 'backoffice', payment_method: 'as_agreed' });
  });
});
