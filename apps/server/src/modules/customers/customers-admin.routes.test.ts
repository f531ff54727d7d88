import type { Customer, CustomerListItem, CustomerUser, ErpCustomer, Page } from '@shop/domain';
import { type ErpSim, startErpSim } from '@shop/erp-sim';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, users } from '../../db/schema';
import type { TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { addProduct, line, openShop, postOrder, rowsOf, type Shop } from '../orders/checkout.fixtures';

/**
 * The back office's customers (SPEC §2 customers/{id} info and customer-user, §3, §5, §7; issue 7
 * items 2 and 8): list with search, sort and pages, its export, create with the sign-in account and
 * the set-password mail, an administrator's edit of every field, the account tab, and the link to an
 * ERP customer. Admin only, but for a customer's own 'My data'.
 */

const VAT_INVALID = 'The VAT Number seems incorrect or the VAT is not active. Could you check it?';
const EMAIL_TAKEN = 'The email has already been taken.';
const ROSSI: ErpCustomer = {
  code: 'C000123',
  name: 'Dischi Zeta Rossi S.r.l.',
  vat_id: 'IT00743110157',
  tax_number: null,
  city: 'Milano',
  country: 'IT',
};

let erp: ErpSim;
let shop: Shop;
let admin: TestClient;
let groupId: number;

beforeAll(async () => {
  erp = await startErpSim({ customers: [ROSSI] });
  shop = await openShop({ ERP_URL: erp.url, ERP_TOKEN: erp.token });
  admin = shop.clients.admin;
  [{ id: groupId }] = (await rowsOf<{ id: number }>(
    shop.t.db,
    sql`select id from customer_groups where code = 'RIVENDITORI'`,
  )) as [{ id: number }];
});
afterAll(async () => {
  await shop.t.close();
  await erp.close();
});

const counts = async () =>
  (
    await rowsOf<{ customers: number; users: number; addresses: number }>(
      shop.t.db,
      sql`select (select count(*) from customers)::integer as customers, (select count(*) from users)::integer as users,
        (select count(*) from customer_addresses)::integer as addresses`,
    )
  )[0]!;

const company = {
  type: 'G',
  company: 'Zeta Dischi S.r.l.',
  firstname: 'Giulia',
  lastname: 'Rossi',
  email: 'ordini@zetadischi.example',
  vat_id: 'IT00743110157',
  country: 'IT',
};
const person = {
  type: 'P',
  firstname: 'Mario',
  lastname: 'Zeta',
  email: 'mario.zeta@example.com',
  tax_number: 'RSSMRA85T10A562S',
  country: 'IT',
};
const billing = {
  type: 'B',
  company: 'Zeta Dischi S.r.l.',
  address: 'Via Torino 5',
  postcode: '20123',
  city: 'Milano',
  country: 'IT',
};

async function create(body: Record<string, unknown>) {
  const res = await admin.post('/api/customers', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Customer;
}

describe('POST /api/customers', () => {
  it('creates the customer with every field given, its sign-in account, the billing address, and mails the link', async () => {
    const mails = shop.t.mails.length;
    const created = await create({
      ...company,
      sdi_code: 'm5uxcr1',
      pec: 'zeta@pec.example',
      tax_number: '00743110157',
      discount: 1250,
      currency: 'CHF',
      tax_rule: 'standard',
      preorder_days: 10,
      newsletter: true,
      newsletter_option: 'monthly',
      customer_group_id: groupId,
      orders_state: 'open',
      external_erp_code: 'EXT-9',
      available_from: '2026-12-01',
      language: 'en',
      billing_address: billing,
    });
    expect(created).toMatchObject({
      type: 'G',
      company: 'Zeta Dischi S.r.l.',
      email: 'ordini@zetadischi.example',
      sdi_code: 'M5UXCR1',
      pec: 'zeta@pec.example',
      vat_id: 'IT00743110157',
      tax_number: '00743110157',
      discount: 1250,
      currency: 'CHF',
      tax_rule: 'standard',
      preorder_days: 10,
      newsletter: true,
      newsletter_option: 'monthly',
      newsletter_date: '2026-11-21T10:00:00.000Z',
      customer_group_id: groupId,
      orders_state: 'open',
      erp_code: null,
      erp_connected: false,
      external_erp_code: 'EXT-9',
      country: 'IT',
      available_from: '2026-12-01',
      extra_cee: false,
      language: 'en',
    });
    expect(created.addresses).toMatchObject([
      { type: 'B', company: 'Zeta Dischi S.r.l.', city: 'Milano', postcode: '20123', is_default: true },
    ]);
    const [account] = await shop.t.db
      .select({ email: users.email, customerId: users.customerId, isSuperAdmin: users.isSuperAdmin })
      .from(users)
      .where(sql`${users.customerId} = ${created.id}`);
    expect(account).toEqual({
      email: 'ordini@zetadischi.example',
      customerId: created.id,
      isSuperAdmin: false,
    });
    expect(shop.t.mails.length).toBe(mails + 1);
    const mail = shop.t.mails.at(-1)!;
    expect(mail.to).toBe('ordini@zetadischi.example');
    expect(mail.text).toContain('/reset-password/');
  });

  it('makes a customer outside the EU extra-EU and VAT exempt unless told otherwise', async () => {
    const created = await create({
      type: 'G',
      company: 'Zeta Musik AG',
      firstname: 'Hans',
      lastname: 'Zeta',
      email: 'hans@zetamusik.example',
      vat_id: 'CHE-123.456.788 MWST',
      country: 'CH',
    });
    expect(created).toMatchObject({ country: 'CH', extra_cee: true, tax_rule: 'exempt', currency: 'EUR' });
    expect(created.addresses).toEqual([]);
  });

  it.each([
    ['a taken e-mail', { ...company, email: 'company@example.com' }, { email: [EMAIL_TAKEN] }],
    ["a staff account's e-mail", { ...company, email: 'admin@example.com' }, { email: [EMAIL_TAKEN] }],
    [
      'a VAT number with a wrong check digit',
      { ...company, vat_id: 'IT00743110158' },
      { vat_id: [VAT_INVALID] },
    ],
    ['a company without a VAT number', { ...company, vat_id: '' }, { vat_id: ['Required'] }],
    [
      'no tax code for an Italian private person',
      { ...person, tax_number: '' },
      { tax_number: ['Required'] },
    ],
    ['a discount over 100%', { ...company, discount: 10_001 }, { discount: ['Invalid value'] }],
    [
      'an unknown customer group',
      { ...company, email: 'nuovo@zeta.example', customer_group_id: 999_999 },
      { customer_group_id: ['Invalid value'] },
    ],
    [
      'an unknown currency',
      { ...company, email: 'nuovo@zeta.example', currency: 'XYZ' },
      { currency: ['Invalid value'] },
    ],
    [
      'a billing address with a wrong postcode',
      { ...company, billing_address: { ...billing, postcode: '2012' } },
      { 'billing_address.postcode': ['Invalid value'] },
    ],
    [
      'a shipping address as the billing one',
      { ...company, billing_address: { ...billing, type: 'S' } },
      { 'billing_address.type': ['Invalid value'] },
    ],
    ['a password', { ...company, password: 'Password1!' }, { password: ['Unknown field: password'] }],
  ])('refuses %s with 422 and writes nothing', async (_what, body, errors) => {
    const before = await counts();
    const mails = shop.t.mails.length;
    const res = await admin.post('/api/customers', body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(errors);
    expect(await counts()).toEqual(before);
    expect(shop.t.mails.length).toBe(mails);
  });
});

describe('GET /api/customers', () => {
  const list = async (query: string) => {
    const res = await admin.get(`/api/customers?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page<CustomerListItem>;
  };
  const emails = (page: Page<CustomerListItem>) => page.data.map((c) => c.email);
  let marioId: number;

  beforeAll(async () => {
    shop.t.clock.now = new Date('2026-11-21T11:00:00Z');
    marioId = (await create(person)).id;
    shop.t.clock.now = new Date('2026-11-21T10:00:00Z');
  });

  it('finds customers by text, sorted by name by default, with the columns of the list', async () => {
    const page = await list('text=zeta');
    expect(emails(page)).toEqual([
      'mario.zeta@example.com',
      'ordini@zetadischi.example',
      'hans@zetamusik.example',
    ]);
    expect(page.meta).toEqual({ total: 3, page: 1, per_page: 25 });
    expect(page.data[1]).toEqual({
      id: expect.any(Number),
      type: 'G',
      company: 'Zeta Dischi S.r.l.',
      firstname: 'Giulia',
      lastname: 'Rossi',
      email: 'ordini@zetadischi.example',
      country: 'IT',
      vat_id: 'IT00743110157',
      tax_number: '00743110157',
      customer_group_id: groupId,
      customer_group_code: 'RIVENDITORI',
      erp_code: null,
      erp_connected: false,
      erp_sync_state: null,
      created_at: '2026-11-21T10:00:00.000Z',
    });
  });

  it.each([
    ['email', 'asc', ['hans@zetamusik.example', 'mario.zeta@example.com', 'ordini@zetadischi.example']],
    ['email', 'desc', ['ordini@zetadischi.example', 'mario.zeta@example.com', 'hans@zetamusik.example']],
    ['company', 'asc', ['ordini@zetadischi.example', 'hans@zetamusik.example', 'mario.zeta@example.com']],
    ['company', 'desc', ['hans@zetamusik.example', 'ordini@zetadischi.example', 'mario.zeta@example.com']],
    ['type', 'desc', ['mario.zeta@example.com', 'hans@zetamusik.example', 'ordini@zetadischi.example']],
    ['created', 'desc', ['mario.zeta@example.com', 'hans@zetamusik.example', 'ordini@zetadischi.example']],
    ['name', 'desc', ['hans@zetamusik.example', 'ordini@zetadischi.example', 'mario.zeta@example.com']],
  ])('sorts by %s %s', async (sort, dir, expected) => {
    expect(emails(await list(`text=zeta&sort=${sort}&dir=${dir}`))).toEqual(expected);
  });

  it('pages the matches with the total', async () => {
    const second = await list('text=zeta&sort=email&per_page=2&page=2');
    expect(emails(second)).toEqual(['ordini@zetadischi.example']);
    expect(second.meta).toEqual({ total: 3, page: 2, per_page: 2 });
    expect((await list('text=zeta&per_page=2&page=3')).data).toEqual([]);
    expect((await list('text=mario.zeta')).data.map((c) => c.id)).toEqual([marioId]);
  });

  it('refuses an unknown sort (422)', async () => {
    expect((await admin.get('/api/customers?sort=vat_id')).statusCode).toBe(422);
    expect((await admin.get('/api/customers?dir=up')).statusCode).toBe(422);
  });
});

describe('GET /api/customers/export', () => {
  it('writes the filtered list, sorted as shown, as .xlsx', async () => {
    const res = await admin.get('/api/customers/export?text=zeta&sort=email&dir=desc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="customers-2026-11-21.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = workbook.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    expect(values.map((row) => row.slice(1))).toEqual([
      [
        'id',
        'type',
        'company',
        'firstname',
        'lastname',
        'email',
        'vat_id',
        'tax_number',
        'customer_group_code',
        'country',
        'erp_code',
        'erp_connected',
        'erp_sync_state',
        'created_at',
      ],
      [
        expect.any(Number),
        'G',
        'Zeta Dischi S.r.l.',
        'Giulia',
        'Rossi',
        'ordini@zetadischi.example',
        'IT00743110157',
        '00743110157',
        'RIVENDITORI',
        'IT',
        undefined,
        false,
        undefined,
        '2026-11-21T10:00:00.000Z',
      ],
      expect.arrayContaining(['P', 'Mario', 'Zeta', 'mario.zeta@example.com', 'RSSMRA85T10A562S']),
      expect.arrayContaining(['Zeta Musik AG', 'hans@zetamusik.example', 'CH']),
    ]);
  });
});

describe('PUT /api/customers/{id} by an administrator', () => {
  it('saves every field of the back office and keeps the sign-in e-mail in step', async () => {
    const { id } = await create({ ...person, email: 'luca.zeta@example.com', firstname: 'Luca' });
    const body = {
      type: 'G',
      company: 'Zeta Luca & C. S.a.s.',
      firstname: 'Luca',
      lastname: 'Zeta',
      email: 'Amministrazione@LucaZeta.example',
      sdi_code: 'abc1234',
      pec: 'lucazeta@pec.example',
      birthday: '1980-01-31',
      job: 'Negoziante',
      vat_id: 'IT01114601006',
      tax_number: null,
      discount: 750,
      currency: 'USD',
      tax_rule: 'exempt',
      preorder_days: 30,
      newsletter: true,
      newsletter_option: 'weekly',
      customer_group_id: groupId,
      orders_state: 'blocked',
      external_erp_code: 'X-77',
      country: 'IT',
      available_from: '2027-01-15',
      extra_cee: true,
      language: 'en',
    };
    const res = await admin.put(`/api/customers/${id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      ...body,
      email: 'amministrazione@lucazeta.example',
      sdi_code: 'ABC1234',
      newsletter_date: '2026-11-21T10:00:00.000Z',
    };
    expect(res.json()).toMatchObject(expected);
    expect((await admin.get(`/api/customers/${id}`)).json()).toMatchObject(expected);
    const [account] = await shop.t.db
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.customerId} = ${id}`);
    expect(account!.email).toBe('amministrazione@lucazeta.example');
  });

  it("leaves the administrators' fields left out as they are (the profile form's body)", async () => {
    const { id } = await create({ ...company, email: 'keep@zeta.example', discount: 900, preorder_days: 5 });
    const res = await admin.put(`/api/customers/${id}`, {
      type: 'G',
      company: 'Zeta Keep',
      firstname: 'Anna',
      lastname: 'Zeta',
      vat_id: 'IT00743110157',
      country: 'IT',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      company: 'Zeta Keep',
      discount: 900,
      preorder_days: 5,
      email: 'keep@zeta.example',
    });
  });

  it('refuses a taken e-mail, a bad VAT number and a type change after orders, changing nothing', async () => {
    const id = shop.ids.company;
    const product = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    expect((await postOrder(shop, 'company', { products: [line(product.id, 1)] })).statusCode).toBe(201);
    const before = (await admin.get(`/api/customers/${id}`)).json() as Customer;
    const mine = {
      type: before.type,
      company: before.company,
      firstname: before.firstname,
      lastname: before.lastname,
      vat_id: before.vat_id,
      tax_number: before.tax_number,
      country: before.country,
    };
    const refused = [
      [{ ...mine, email: 'private@example.com' }, { email: [EMAIL_TAKEN] }],
      [{ ...mine, vat_id: 'IT00743110158' }, { vat_id: [VAT_INVALID] }],
      [
        { ...mine, type: 'P', company: null, vat_id: null, tax_number: 'RSSMRA85T10A562S' },
        { type: ['A customer with orders cannot change user type: a new profile must be created.'] },
      ],
      [{ ...mine, discount: -1 }, { discount: ['Invalid value'] }],
    ] as const;
    for (const [body, errors] of refused) {
      const res = await admin.put(`/api/customers/${id}`, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect((await admin.get(`/api/customers/${id}`)).json()).toEqual(before);
  });

  it("keeps a customer to the profile's fields on their own record, and 404 on another's", async () => {
    const own = await shop.clients.private.put(`/api/customers/${shop.ids.private}`, {
      ...person,
      email: undefined,
      discount: 9000,
    });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toEqual({ discount: ['Unknown field: discount'] });
    const other = await shop.clients.private.put(`/api/customers/${shop.ids.company}`, company);
    expect(other.statusCode).toBe(404);
    expect((await admin.put('/api/customers/999999', company)).statusCode).toBe(404);
  });
});

describe("a customer's prices after an administrator's edit", () => {
  it('follow a new base discount on the next request', async () => {
    const product = await addProduct(shop.t.db, { price: 12345, category: 'HI_FI' });
    const price = async () => {
      const res = await shop.clients.company.get(`/api/products/${product.sku}`);
      expect(res.statusCode).toBe(200);
      return res.json().price.unit_price as number;
    };
    expect(await price()).toBe(12098); // the company's 2%: 123.45 × 0.98 = 120.981 → 120.98
    const c = (await admin.get(`/api/customers/${shop.ids.company}`)).json();
    const profile = {
      type: c.type,
      company: c.company,
      firstname: c.firstname,
      lastname: c.lastname,
      sdi_code: c.sdi_code,
      pec: c.pec,
      birthday: c.birthday,
      job: c.job,
      vat_id: c.vat_id,
      tax_number: c.tax_number,
      country: c.country,
    };
    const res = await admin.put(`/api/customers/${shop.ids.company}`, { ...profile, discount: 1000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await price()).toBe(11111); // 123.45 × 0.90 = 111.105 → 111.11
  });
});

describe('the customer-user tab', () => {
  let id: number;
  beforeAll(async () => {
    id = (await create({ ...person, email: 'utente.zeta@example.com', firstname: 'Ugo' })).id;
  });

  it('shows the sign-in account', async () => {
    const res = await admin.get(`/api/customers/${id}/user`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      email: 'utente.zeta@example.com',
      is_super_admin: false,
      created_at: '2026-11-21T10:00:00.000Z',
      last_sign_in_at: null,
    });
  });

  it("changes the e-mail (the customer's too) and the super-admin flag", async () => {
    const res = await admin.put(`/api/customers/${id}/user`, {
      email: 'Ugo.Zeta@example.com',
      is_super_admin: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'ugo.zeta@example.com', is_super_admin: true });
    expect((await admin.get(`/api/customers/${id}`)).json().email).toBe('ugo.zeta@example.com');
    const back = await admin.put(`/api/customers/${id}/user`, {
      email: 'ugo.zeta@example.com',
      is_super_admin: false,
    });
    expect(back.json()).toMatchObject({ is_super_admin: false });
  });

  it('refuses a taken e-mail with 422, changing nothing', async () => {
    const res = await admin.put(`/api/customers/${id}/user`, {
      email: 'extra@example.com',
      is_super_admin: false,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [EMAIL_TAKEN] });
    expect((await admin.get(`/api/customers/${id}/user`)).json().email).toBe('ugo.zeta@example.com');
  });

  it('mails the password reset link and says so', async () => {
    shop.t.clock.now = new Date('2026-11-21T10:05:00Z');
    const mails = shop.t.mails.length;
    const res = await admin.post(`/api/customers/${id}/user/reset-password`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'We have emailed your password reset link.' });
    expect(shop.t.mails.length).toBe(mails + 1);
    expect(shop.t.mails.at(-1)!.to).toBe('ugo.zeta@example.com');
    expect(shop.t.mails.at(-1)!.text).toContain('/reset-password/');
    shop.t.clock.now = new Date('2026-11-21T10:00:00Z');
  });

  it('gives a customer without an account one, with the link to set its password', async () => {
    const [row] = await shop.t.db
      .insert(customers)
      .values({ type: 'P', firstname: 'Ida', lastname: 'Zeta', email: 'ida.zeta@example.com', country: 'IT' })
      .returning({ id: customers.id });
    const none = await admin.get(`/api/customers/${row!.id}/user`);
    expect(none.json()).toEqual({
      id: null,
      email: 'ida.zeta@example.com',
      is_super_admin: false,
      created_at: null,
      last_sign_in_at: null,
    });
    expect((await admin.post(`/api/customers/${row!.id}/user/reset-password`)).statusCode).toBe(404);
    const mails = shop.t.mails.length;
    const res = await admin.put(`/api/customers/${row!.id}/user`, {
      email: 'ida.zeta@example.com',
      is_super_admin: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: expect.any(Number), email: 'ida.zeta@example.com' });
    expect(shop.t.mails.slice(mails).map((m) => m.to)).toEqual(['ida.zeta@example.com']);
  });

  it('refuses an administrator taking away their own super-admin flag (409), and shows the last sign-in', async () => {
    const { customerId, user } = await createUser(shop.t.db, { email: 'boss@zeta.example' });
    await shop.t.db.update(users).set({ isSuperAdmin: true }).where(sql`${users.id} = ${user.id}`);
    const boss = shop.t.client();
    expect((await boss.login('boss@zeta.example', PASSWORD)).statusCode).toBe(200);
    const res = await boss.put(`/api/customers/${customerId}/user`, {
      email: 'boss@zeta.example',
      is_super_admin: false,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'You cannot remove your own super-admin flag.' });
    const shown = (await admin.get(`/api/customers/${customerId}/user`)).json() as CustomerUser;
    expect(shown).toMatchObject({ is_super_admin: true, last_sign_in_at: expect.any(String) });
  });

  it('answers 404 for an unknown customer', async () => {
    expect((await admin.get('/api/customers/999999/user')).statusCode).toBe(404);
    expect(
      (await admin.put('/api/customers/999999/user', { email: 'x@example.com', is_super_admin: false }))
        .statusCode,
    ).toBe(404);
    expect((await admin.post('/api/customers/999999/user/reset-password')).statusCode).toBe(404);
  });
});

describe('linking to an ERP customer', () => {
  it('finds ERP customers, says when none match, links one, and shows the sync in the list', async () => {
    const { id } = await create({ ...company, email: 'erp@zeta.example' });
    const none = await admin.get('/api/erp/customers?q=nessuno');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'Unable to find a Customer on ERP' });
    const found = await admin.get('/api/erp/customers?q=zeta');
    expect(found.json()).toEqual({ data: [ROSSI] });

    const unknown = await admin.post(`/api/customers/${id}/erp-link`, { erp_code: 'C999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Customer not found' });

    const linked = await admin.post(`/api/customers/${id}/erp-link`, { erp_code: ROSSI.code });
    expect(linked.statusCode, linked.body).toBe(200);
    const row = ((await admin.get('/api/customers?text=erp@zeta')).json() as Page<CustomerListItem>).data[0];
    expect(row).toMatchObject({ erp_code: 'C000123', erp_connected: true, erp_sync_state: 'queued' });

    // an administrator's edit of a connected customer queues its sync too
    const edit = await admin.put(`/api/customers/${id}`, {
      ...company,
      email: 'erp@zeta.example',
      job: 'Buyer',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const syncs = (await admin.get(`/api/customers/${id}/erp-syncs`)).json() as {
      requested_by: string | null;
    }[];
    expect(syncs.map((s) => s.requested_by)).toEqual([null, 'admin@example.com']);
  });
});

describe('who may use it', () => {
  it.each([
    ['GET', '/api/customers'],
    ['GET', '/api/customers/export'],
    ['POST', '/api/customers'],
    ['GET', '/api/customers/1/user'],
    ['PUT', '/api/customers/1/user'],
    ['POST', '/api/customers/1/user/reset-password'],
  ] as const)('%s %s: a visitor gets 401, a customer 403', async (method, url) => {
    const body = method === 'GET' ? undefined : {};
    const visitor = shop.t.client();
    await visitor.get('/sanctum/csrf-cookie');
    expect((await visitor.request(method, url, body)).statusCode).toBe(401);
    expect((await shop.clients.company.request(method, url, body)).statusCode).toBe(403);
  });

  it("answers a customer 403 on their own account's tab too", async () => {
    const own = shop.ids.company;
    expect((await shop.clients.company.get(`/api/customers/${own}/user`)).statusCode).toBe(403);
    const grant = await shop.clients.company.put(`/api/customers/${own}/user`, {
      email: 'company@example.com',
      is_super_admin: true,
    });
    expect(grant.statusCode).toBe(403);
    expect((await shop.clients.company.get('/api/user')).json().is_super_admin).toBe(false);
  });
});
