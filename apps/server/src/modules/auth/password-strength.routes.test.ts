import { messages } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, users } from '../../db/schema';
import { ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, PASSWORD, STRONG_PASSWORD } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipSeq = 0;
/** A client of its own address, so the per-address limits of one test never reach another. */
function client() {
  const c = t.client();
  ipSeq += 1;
  c.ip = `10.17.4.${ipSeq}`;
  return c;
}

async function signIn(options: Parameters<typeof createUser>[1] = {}) {
  const created = await createUser(t.db, options);
  const c = client();
  expect((await c.login(created.email, PASSWORD)).statusCode).toBe(200);
  return { ...created, client: c };
}

async function signsIn(email: string, password: string) {
  return (await client().login(email, password)).statusCode === 200;
}

function refused(
  res: { statusCode: number; json(): { errors?: Record<string, string[]> } },
  message: string,
) {
  expect(res.statusCode).toBe(422);
  expect(res.json().errors).toEqual({ password: [message] });
}

const GIULIA = { firstname: 'Giulia', lastname: 'Bianchi', company: 'Bianchi Vinili' };

describe('password strength on every path that sets a password (issue 17)', () => {
  it('POST /register refuses a common password and one built from the name, and creates nothing', async () => {
    const c = client();
    await c.get('/sanctum/csrf-cookie');
    const body = {
      type: 'G',
      company: 'Bianchi Vinili',
      firstname: 'Giulia',
      lastname: 'Bianchi',
      email: 'giulia.bianchi@example.com',
      country: 'IT',
      vat_id: 'IT00743110157',
      sdi_code: 'ABC1234',
    };
    const cases = [
      ['Qwerty123!', messages.passwordCommon],
      ['Password1!', messages.passwordCommon],
      ['GiuliaBianchi#7', messages.passwordPersonal],
      ['Vinili2024!', messages.passwordPersonal],
    ] as const;
    for (const [password, message] of cases) {
      refused(await c.post('/register', { ...body, password, password_confirmation: password }), message);
    }
    expect(await t.db.query.users.findFirst({ where: eq(users.email, body.email) })).toBeUndefined();
    expect(await t.db.query.customers.findFirst({ where: eq(customers.email, body.email) })).toBeUndefined();

    const ok = await c.post('/register', {
      ...body,
      password: STRONG_PASSWORD,
      password_confirmation: STRONG_PASSWORD,
    });
    expect(ok.statusCode).toBe(201);
    expect(await signsIn(body.email, STRONG_PASSWORD)).toBe(true);
  });

  it('POST /reset-password refuses a weak password, keeps the old one and the link, then takes a strong one', async () => {
    const { email } = await createUser(t.db, { email: 'marco.neri@example.com' });
    const c = client();
    await c.get('/sanctum/csrf-cookie');
    await c.post('/forgot-password', { email });
    const token = /\/reset-password\/([\w-]+)\?email=/.exec(t.mails.at(-1)!.text)![1]!;

    const reset = (password: string) =>
      c.post('/reset-password', { token, email, password, password_confirmation: password });
    refused(await reset('Qwerty123!'), messages.passwordCommon);
    refused(await reset('MarcoNeri2024!'), messages.passwordPersonal);
    expect(await signsIn(email, PASSWORD)).toBe(true);

    expect((await reset(STRONG_PASSWORD)).statusCode).toBe(200);
    expect(await signsIn(email, STRONG_PASSWORD)).toBe(true);
    expect(await signsIn(email, PASSWORD)).toBe(false);
  });

  it('PUT /api/users/{id}/password refuses a weak own password and keeps the old one and the other sessions', async () => {
    const { user, email, client: c } = await signIn({ email: 'giulia.b@example.com', customer: GIULIA });
    const other = client();
    await other.login(email, PASSWORD);

    const change = (password: string) =>
      c.put(`/api/users/${user.id}/password`, {
        current_password: PASSWORD,
        password,
        password_confirmation: password,
      });
    refused(await change('Qwerty123!'), messages.passwordCommon);
    refused(await change('Bianchi.Giulia7!'), messages.passwordPersonal);
    refused(await change('BianchiVinili#1'), messages.passwordPersonal);
    expect((await other.get('/api/user')).statusCode).toBe(200);
    expect(await signsIn(email, PASSWORD)).toBe(true);

    expect((await change(STRONG_PASSWORD)).statusCode).toBe(204);
    expect(await signsIn(email, STRONG_PASSWORD)).toBe(true);
  });

  it("PUT /api/users/{id}/password refuses a weak password an administrator sets for someone else's account", async () => {
    const admin = await signIn({ isSuperAdmin: true });
    const target = await createUser(t.db, { email: 'g.bianchi@example.com', customer: GIULIA });
    const set = (password: string) =>
      admin.client.put(`/api/users/${target.user.id}/password`, {
        password,
        password_confirmation: password,
      });
    refused(await set('Welcome1!'), messages.passwordCommon);
    refused(await set('Giulia.Bianchi1!'), messages.passwordPersonal);
    expect(await signsIn(target.email, PASSWORD)).toBe(true);

    expect((await set(STRONG_PASSWORD)).statusCode).toBe(204);
    expect(await signsIn(target.email, STRONG_PASSWORD)).toBe(true);
  });

  it('POST /api/users refuses a weak password, one built from the e-mail or the customer, and creates nothing', async () => {
    const admin = await signIn({ isSuperAdmin: true });
    const { customerId } = await createUser(t.db, { customer: GIULIA });
    const create = (email: string, password: string) =>
      admin.client.post('/api/users', { email, password, customer_id: customerId });
    refused(await create('acquisti@vinili.it', 'Qwerty123!'), messages.passwordCommon);
    refused(await create('acquisti@vinili.it', 'Acquisti2024!'), messages.passwordPersonal);
    refused(await create('acquisti@vinili.it', 'GiuliaBianchi#7'), messages.passwordPersonal);
    expect(
      await t.db.query.users.findFirst({ where: eq(users.email, 'acquisti@vinili.it') }),
    ).toBeUndefined();

    expect((await create('acquisti@vinili.it', STRONG_PASSWORD)).statusCode).toBe(201);
    expect(await signsIn('acquisti@vinili.it', STRONG_PASSWORD)).toBe(true);
  });
});

describe('demo accounts (issue 17: they keep their documented password)', () => {
  it('sign in with Password1!, which the seed stores without the guess check', async () => {
    const demo = await createTestApp();
    try {
      await seedDemo(demo.db, { productCount: 50 });
      expect(DEMO_PASSWORD).toBe('Password1!');
      for (const email of Object.values(ACCOUNTS)) {
        expect((await demo.client().login(email, DEMO_PASSWORD)).statusCode).toBe(200);
      }
    } finally {
      await demo.close();
    }
  }, 120_000);
});
