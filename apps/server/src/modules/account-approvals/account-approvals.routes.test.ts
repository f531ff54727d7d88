import {
  type AccountApproval,
  accountApprovalMessages,
  type CurrentUser,
  messages,
  type Order,
  type PlacedOrder,
  type Settings,
} from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeVies } from '../../test/fake-vies';
import { addProduct, line, newKey, openShop, rowsOf, type Shop, stockOf } from '../orders/checkout.fixtures';

/**
 * Issue 22: sign-up of companies and private persons (SPEC §5 rules and messages), and the setting that
 * makes new companies wait for staff approval (DESIGN §6 rule 18): their orders wait in
 * `awaiting_approval` (new_account) until staff approve the account, which releases them and mails him.
 */

const PASSWORD = 'Vinile-Blu-42';
const VIES_REFUSED = 'IT01234567897';
let shop: Shop;
let vies: Awaited<ReturnType<typeof startFakeVies>>;
let n = 0;

beforeAll(async () => {
  vies = await startFakeVies({ [`IT/${VIES_REFUSED.slice(2)}`]: { isValid: false, userError: 'INVALID' } });
  shop = await openShop({ VIES_URL: vies.url });
});
afterAll(async () => {
  await shop.t.close();
  await vies.close();
});

const companyBody = () => {
  n += 1;
  return {
    type: 'G',
    company: `Dischi Nuovi ${n}`,
    firstname: 'Marta',
    lastname: 'Rossi',
    email: `nuova${n}@example.com`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    country: 'IT',
    vat_id: 'IT00743110157',
    sdi_code: 'abc1234',
  };
};

const privateBody = () => {
  n += 1;
  return {
    type: 'P',
    firstname: 'Mario',
    lastname: 'Rossi',
    email: `privato${n}@example.com`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    country: 'IT',
    tax_number: 'rssmra85t10a562s',
  };
};

/** Each sign-up from its own address: one address may register 10 times an hour. */
async function register(body: Record<string, unknown>) {
  const client = shop.t.client();
  client.ip = `198.51.100.${n}`;
  await client.get('/sanctum/csrf-cookie');
  return { client, res: await client.post('/register', body) };
}

async function setApproval(on: boolean) {
  const admin = shop.clients.admin;
  const {
    mail_from_default: _,
    next_documents: __,
    ...current
  } = (await admin.get('/api/settings')).json() as Settings;
  const res = await admin.put('/api/settings', { ...current, new_company_approval: on });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().new_company_approval).toBe(on);
}

const address = {
  firstname: 'Marta',
  lastname: 'Rossi',
  address: 'Via Roma 1',
  postcode: '20100',
  city: 'Milano',
  country: 'IT',
};

/** A cash-on-delivery order of `units` of a new product, to an address typed at checkout. */
async function order(client: ReturnType<Shop['t']['client']>, units = 2) {
  const product = await addProduct(shop.t.db, { price: 1000, stock: 10 });
  const res = await client.post(
    '/api/orders',
    {
      payment_method: 'cash_on_delivery',
      products: [line(product.id, units)],
      billing: { address },
      shipping: { address },
    },
    newKey(),
  );
  expect(res.statusCode, res.body).toBe(201);
  return { product, order: (res.json() as PlacedOrder).order };
}

const waitingList = async () =>
  (
    (await shop.clients.admin.get('/api/backoffice/account-approvals?per_page=100')).json() as {
      data: AccountApproval[];
    }
  ).data;

describe('POST /register (issue 22, SPEC §5)', () => {
  it('signs up a company with its SDI code and a private person with his tax code, signed in at once', async () => {
    const company = companyBody();
    const { client, res } = await register(company);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      email: company.email,
      customer: {
        type: 'G',
        company: company.company,
        vat_id: 'IT00743110157',
        sdi_code: 'ABC1234',
        awaiting_approval: false,
      },
    });
    expect(((await client.get('/api/user')).json() as CurrentUser).email).toBe(company.email);

    const person = privateBody();
    const privateRes = (await register(person)).res;
    expect(privateRes.statusCode, privateRes.body).toBe(201);
    expect(privateRes.json().customer).toMatchObject({
      type: 'P',
      tax_number: 'RSSMRA85T10A562S',
      awaiting_approval: false,
    });
  });

  it('takes a PEC instead of the SDI code, and a foreign person without a tax code', async () => {
    const { sdi_code: _, ...company } = companyBody();
    const withPec = await register({ ...company, pec: 'Fatture@Pec.example.com' });
    expect(withPec.res.statusCode, withPec.res.body).toBe(201);
    expect(withPec.res.json().customer.pec).toBe('fatture@pec.example.com');

    const { tax_number: __, ...person } = privateBody();
    expect((await register({ ...person, country: 'DE' })).res.statusCode).toBe(201);
  });

  it('refuses a taken e-mail with the SPEC message, on the field, and creates nothing', async () => {
    const company = companyBody();
    expect((await register(company)).res.statusCode).toBe(201);
    const again = (await register({ ...companyBody(), email: company.email.toUpperCase() })).res;
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: [messages.emailTaken] });
  });

  it('refuses a wrong VAT number by checksum and one VIES does not know, with the SPEC message', async () => {
    const checksum = (await register({ ...companyBody(), vat_id: 'IT00743110158' })).res;
    expect(checksum.statusCode).toBe(422);
    expect(checksum.json().errors.vat_id).toEqual([messages.vatNumberInvalid]);

    const body = { ...companyBody(), vat_id: VIES_REFUSED };
    const refused = (await register(body)).res;
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ vat_id: [messages.vatNumberInvalid] });
    const created = await rowsOf(shop.t.db, sql`select id from customers where email = ${body.email}`);
    expect(created).toEqual([]);
  });

  it('asks a company for its name, VAT number and, in Italy, the SDI code or the PEC', async () => {
    const { company: _, vat_id: __, sdi_code: ___, ...rest } = companyBody();
    const res = (await register(rest)).res;
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      company: [messages.required],
      vat_id: [messages.required],
      sdi_code: [accountApprovalMessages.sdiOrPecRequired],
    });
  });

  it("refuses an Italian person's missing or wrong tax code and a company's code, with the SPEC messages", async () => {
    const { tax_number: _, ...person } = privateBody();
    const missing = (await register(person)).res;
    expect(missing.json().errors).toEqual({ tax_number: [messages.required] });
    const wrong = (await register({ ...privateBody(), tax_number: 'RSSMRA85T10A562X' })).res;
    expect(wrong.json().errors).toEqual({ tax_number: [messages.taxNumberInvalid] });
    const companyCode = (await register({ ...privateBody(), tax_number: '00743110157' })).res;
    expect(companyCode.statusCode).toBe(422);
    expect(companyCode.json().errors).toEqual({ tax_number: [messages.taxNumberNotPerson] });
  });

  it('answers the live VAT check to a visitor, for the sign-up form', async () => {
    const res = await shop.t.client().get('/api/vat-numbers/check?vat_id=IT00743110157&country=IT');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true, message: messages.vatNumberValid });
  });
});

describe('new companies and staff approval (issue 22, DESIGN §6 rule 18)', () => {
  it('lets a new company order at once while the setting is off (the default)', async () => {
    const settings = (await shop.clients.admin.get('/api/settings')).json() as Settings;
    expect(settings.new_company_approval).toBe(false);
    const { client, res } = await register(companyBody());
    expect(res.json().customer.awaiting_approval).toBe(false);
    const { order: placed } = await order(client);
    expect(placed.status).toBe('registered');
    expect(placed.approval).toBeNull();
  });

  it('holds a new company’s order for staff, releases it on approval, mails him and logs it', async () => {
    await setApproval(true);
    try {
      const body = companyBody();
      const { client, res } = await register(body);
      expect(res.json().customer.awaiting_approval).toBe(true);
      const customerId = res.json().customer.id as number;

      // A private person is never held.
      const person = await register(privateBody());
      expect(person.res.json().customer.awaiting_approval).toBe(false);

      const { product, order: placed } = await order(client, 3);
      expect(placed.status).toBe('awaiting_approval');
      expect(placed.approval).toMatchObject({ reason: 'new_account', outcome: null });
      expect((await stockOf(shop.t.db, product.id)).ordered).toBe(3);
      // The company's own approvers do not see it: staff decide it.
      expect((await client.get(`/api/customers/${customerId}/approvals`)).json()).toEqual([]);

      const listed = (await waitingList()).find((a) => a.customer_id === customerId);
      expect(listed).toMatchObject({
        company: body.company,
        email: body.email,
        vat_id: 'IT00743110157',
        sdi_code: 'ABC1234',
        orders_waiting: 1,
        orders_total: placed.total,
      });

      const mailsBefore = shop.t.mails.length;
      const approved = await shop.clients.admin.post(
        `/api/backoffice/account-approvals/${customerId}/approve`,
      );
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ customer_id: customerId, released_orders: [placed.orderNo] });

      const after = (await client.get(`/api/orders/${placed.orderNo}`)).json() as Order;
      expect(after.status).toBe('registered');
      expect(after.approval).toMatchObject({ reason: 'new_account', outcome: 'approved' });
      expect(((await client.get('/api/user')).json() as CurrentUser).customer?.awaiting_approval).toBe(false);
      expect((await waitingList()).some((a) => a.customer_id === customerId)).toBe(false);

      const mail = shop.t.mails.slice(mailsBefore).find((m) => m.to === body.email);
      expect(mail?.subject).toBe('Il tuo account è stato approvato');
      expect(mail?.text).toContain(placed.orderNo);

      const audit = await rowsOf<{ action: string; entity: string }>(
        shop.t.db,
        sql`select action, entity from audit_log where entity = 'customer' and entity_id = ${String(customerId)}`,
      );
      expect(audit).toEqual([{ action: 'approve', entity: 'customer' }]);

      // Approved, the next order goes ahead at once; a second approval is a conflict.
      expect((await order(client)).order.status).toBe('registered');
      const again = await shop.clients.admin.post(`/api/backoffice/account-approvals/${customerId}/approve`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(accountApprovalMessages.notAwaitingApproval);
    } finally {
      await setApproval(false);
    }
  });

  it('lets only staff see and approve accounts (403), and answers 404 for an unknown customer', async () => {
    await setApproval(true);
    try {
      const { client, res } = await register(companyBody());
      const customerId = res.json().customer.id as number;
      expect((await client.post(`/api/backoffice/account-approvals/${customerId}/approve`)).statusCode).toBe(
        403,
      );
      expect((await shop.clients.company.get('/api/backoffice/account-approvals')).statusCode).toBe(403);
      expect((await shop.t.client().get('/api/backoffice/account-approvals')).statusCode).toBe(401);
      expect(
        (await shop.clients.admin.post('/api/backoffice/account-approvals/999999/approve')).statusCode,
      ).toBe(404);
      expect((await waitingList()).some((a) => a.customer_id === customerId)).toBe(true);
    } finally {
      await setApproval(false);
    }
  });
});
