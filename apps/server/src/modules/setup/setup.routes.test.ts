import { messages } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { rowsOf } from '../orders/checkout.fixtures';
import { issueSetupToken } from './setup.service';

/** Issue 18 point 2: the first-run screen's API on an empty database. */

let t: TestApp;
let token: string;
let ip = 0;

/** A client of its own address each time: the route's rate limit counts per address. */
async function operator(): Promise<TestClient> {
  const client = t.client();
  client.ip = `10.0.0.${++ip}`;
  await client.get('/sanctum/csrf-cookie');
  return client;
}

const input = {
  name: 'Dischi Verdi S.r.l.',
  address: 'Via Roma 1, 40121 Bologna (BO)',
  country: 'IT',
  email: 'Info@DischiVerdi.example',
  phone: '+39 051 123456',
  vat_id: 'IT00743110157',
  admin_email: 'Owner@DischiVerdi.example',
  national_shipping_price: 590,
};

/** Everything setup writes, to compare before and after a refusal. */
async function state() {
  return rowsOf<Record<string, unknown>>(
    t.db,
    sql`select (select count(*) from shop)::int as shops, (select count(*) from users)::int as users,
      (select count(*) from vats)::int as vats, (select count(*) from currencies)::int as currencies,
      (select count(*) from shipping_methods)::int as shipping, (select count(*) from warehouses)::int as warehouses,
      (select count(*) from audit_log where action = 'setup')::int as audits`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  token = (await issueSetupToken({ db: t.db }))!;
});
afterAll(() => t.close());

describe('before setup', () => {
  it('says setup is needed', async () => {
    expect((await t.client().get('/api/setup')).json()).toEqual({ needed: true });
  });

  it('refuses a missing or wrong token with 403, saying nothing of the fields', async () => {
    const before = await state();
    for (const body of [{ ...input }, { ...input, token: 'nope' }, { token: 'nope' }]) {
      const res = await (await operator()).post('/api/setup', body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: messages.forbidden });
    }
    expect(await state()).toEqual(before);
  });

  it('answers bad input with 422 per field', async () => {
    const res = await (await operator()).post('/api/setup', {
      token,
      ...input,
      email: 'not-an-email',
      admin_email: '',
      vat_id: 'IT00743110158',
      name: ' ',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: [messages.invalidEmail],
      admin_email: [messages.invalidEmail],
      vat_id: [messages.vatNumberInvalid],
      name: [expect.any(String)],
    });
    expect((await state())[0]).toMatchObject({ shops: 0, users: 0 });
  });
});

describe('setting the shop up', () => {
  let link: string;
  beforeAll(async () => {
    const res = await (await operator()).post('/api/setup', { token, ...input });
    const body = res.json();
    expect(res.statusCode, JSON.stringify(body)).toBe(201);
    expect(body.admin_email).toBe('owner@dischiverdi.example');
    link = body.set_password_link;
  });

  it('writes the shop, its VAT rates, EUR, the shipping methods, the warehouse and the super admin', async () => {
    expect((await t.client().get('/api/shop')).json()).toMatchObject({
      name: 'Dischi Verdi S.r.l.',
      address: 'Via Roma 1, 40121 Bologna (BO)',
      country: 'IT',
      email: 'info@dischiverdi.example',
      phone: '+39 051 123456',
      vat_id: 'IT00743110157',
      social_links: [],
      payments_mode: 'test',
    });
    expect(await rowsOf(t.db, sql`select rate, description, nature from vats order by rate desc`)).toEqual([
      { rate: 2200, description: 'IVA 22%', nature: null },
      { rate: 1000, description: 'IVA 10%', nature: null },
      { rate: 400, description: 'IVA 4%', nature: null },
      { rate: 0, description: 'Non imponibile art. 8', nature: 'N3.1' },
    ]);
    expect(await rowsOf(t.db, sql`select code, symbol from currencies`)).toEqual([
      { code: 'EUR', symbol: '€' },
    ]);
    expect(
      await rowsOf(
        t.db,
        sql`select m.slug, m.price, v.rate from shipping_methods m join vats v on v.id = m.vat_id order by m.slug`,
      ),
    ).toEqual([
      { slug: 'international', price: 1990, rate: 2200 },
      { slug: 'national', price: 590, rate: 2200 },
    ]);
    expect(await rowsOf(t.db, sql`select code, management_type from warehouses`)).toEqual([
      { code: 'MAIN', management_type: 'standard' },
    ]);
    expect(await rowsOf(t.db, sql`select email, is_super_admin, customer_id from users`)).toEqual([
      { email: 'owner@dischiverdi.example', is_super_admin: true, customer_id: null },
    ]);
    expect(
      await rowsOf(t.db, sql`select action, entity, changes from audit_log where action = 'setup'`),
    ).toEqual([
      {
        action: 'setup',
        entity: 'user',
        changes: {
          name: { to: 'Dischi Verdi S.r.l.' },
          country: { to: 'IT' },
          vat_id: { to: 'IT00743110157' },
          admin_email: { to: 'owner@dischiverdi.example' },
        },
      },
    ]);
  });

  it('mails the one-time link, valid 7 days, which sets the password the admin then signs in with', async () => {
    expect(link).toMatch(
      /^http:\/\/localhost:3000\/reset-password\/[\w-]+\?email=owner%40dischiverdi\.example$/,
    );
    const mail = t.mails.find((m) => m.to === 'owner@dischiverdi.example')!;
    expect(mail.text).toContain(link);
    expect(mail.subject).toBe('Dischi Verdi S.r.l.: imposta la password / set your password');
    const [reset] = await rowsOf<{ days: number }>(
      t.db,
      sql`select extract(epoch from expires_at - created_at)::int / 86400 as days from password_resets`,
    );
    expect(reset!.days).toBe(7);

    const client = await operator();
    const res = await client.post('/reset-password', {
      token: /\/reset-password\/([\w-]+)\?/.exec(link)![1],
      email: 'owner@dischiverdi.example',
      password: 'Vinile-Rosso-1984',
      password_confirmation: 'Vinile-Rosso-1984',
    });
    expect(res.statusCode).toBe(200);
    const signIn = await client.login('owner@dischiverdi.example', 'Vinile-Rosso-1984');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ email: 'owner@dischiverdi.example', is_super_admin: true });
  });

  it('then says setup is not needed and refuses it again with 409, changing nothing', async () => {
    expect((await t.client().get('/api/setup')).json()).toEqual({ needed: false });
    const before = await state();
    const res = await (await operator()).post('/api/setup', {
      token,
      ...input,
      admin_email: 'x@example.com',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'The shop is already set up.' });
    expect(await state()).toEqual(before);
  });

  it('forgets the setup tokens', async () => {
    expect(await rowsOf(t.db, sql`select key from system_settings where key like 'setup-token:%'`)).toEqual(
      [],
    );
  });
});

describe('guessing tokens', () => {
  it('is rate limited per address like the other public writes', async () => {
    const client = await operator();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await client.post('/api/setup', { token: `guess-${i}` })).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});
