import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { SESSION_CACHE_MS } from './session-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in (SPEC §7, §8; DESIGN §5)', () => {
  it('sets a readable XSRF-TOKEN cookie', async () => {
    const res = await t.client().get('/sanctum/csrf-cookie');
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('signs a customer in and returns the user with the customer', async () => {
    const { email, customerId } = await createUser(t.db, { customer: { type: 'G', company: 'Dischi Srl' } });
    const client = t.client();
    const res = await client.login(email, PASSWORD);
    expect(res.statusCode).toBe(200);
    const session = res.cookies.find((c) => c.name === 'sonora_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(res.json()).toMatchObject({
      email,
      is_super_admin: false,
      customer: { id: customerId, type: 'G', company: 'Dischi Srl' },
    });
    expect(res.json().customer.addresses).toHaveLength(2);

    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
  });

  it('answers 401 to GET /api/user without a session', async () => {
    const res = await t.client().get('/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('refuses a wrong password with the SPEC message on the email field', async () => {
    const { email } = await createUser(t.db);
    const res = await t.client().login(email, 'Wrong-pass1');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const res = await t.client().login('nobody@example.com', PASSWORD);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('These credentials do not match our records.');
  });

  it('throttles after 5 failures with the seconds left, then lets the right password in after a minute', async () => {
    const { email } = await createUser(t.db);
    const client = t.client();
    for (let i = 0; i < 5; i++) expect((await client.login(email, 'Wrong-pass1')).statusCode).toBe(422);
    const blocked = await client.login(email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many login attempts\. Please try again in (\d+) seconds\.$/);
    const seconds = Number(/in (\d+) seconds/.exec(blocked.json().message)![1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(blocked.headers['retry-after']).toBe(String(seconds));

    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 61_000);
    try {
      expect((await client.login(email, PASSWORD)).statusCode).toBe(200);
    } finally {
      t.clock.now = saved;
    }
  });

  it('signs out: the session stops working', async () => {
    const { email } = await createUser(t.db);
    const client = t.client();
    await client.login(email, PASSWORD);
    const stolen = client.cookies.get('sonora_session')!;
    const out = await client.post('/logout');
    expect(out.statusCode).toBe(204);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      cookies: { sonora_session: stolen },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('keeps sessions in the database: another instance on the same database accepts the cookie', async () => {
    const { email } = await createUser(t.db);
    const client = t.client();
    await client.login(email, PASSWORD);
    const another = await t.database.openAnother();
    const other = await buildApp({ config: t.app.deps.config, database: another, logger: false });
    try {
      const cookies = { sonora_session: client.cookies.get('sonora_session')! };
      const res = await other.inject({ method: 'GET', url: '/api/user', cookies });
      expect(res.statusCode).toBe(200);
      expect(res.json().email).toBe(email);
    } finally {
      await other.close();
      await another.close();
    }
  });
});

describe('session lookups cached per instance (docs/decisions.md)', () => {
  it('a session ended elsewhere (another instance, staff) is refused here within 2 seconds', async () => {
    const { email } = await createUser(t.db);
    const client = t.client();
    await client.login(email, PASSWORD);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    await t.db.execute(
      sql`delete from sessions where user_id = (select id from users where email = ${email})`,
    );
    // within the cache window this instance still knows the session…
    t.clock.now = new Date(t.clock.now.getTime() + 1_000);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    // …and not a moment after it
    t.clock.now = new Date(t.clock.now.getTime() + SESSION_CACHE_MS);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });
});

describe('CSRF (DESIGN §5)', () => {
  it('refuses a cookie write without the X-XSRF-TOKEN header with 419', async () => {
    const { email } = await createUser(t.db);
    const client = t.client();
    await client.login(email, PASSWORD);
    const res = await client.post('/logout', undefined, { 'x-xsrf-token': '' });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses a login with no CSRF cookie at all', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: 'a@b.it', password: 'x' },
    });
    expect(res.statusCode).toBe(419);
  });

  it('refuses a token minted for another session', async () => {
    const a = t.client();
    const b = t.client();
    await a.login((await createUser(t.db)).email, PASSWORD);
    await b.login((await createUser(t.db)).email, PASSWORD);
    const res = await a.post('/logout', undefined, {
      cookie: `sonora_session=${a.cookies.get('sonora_session')}; XSRF-TOKEN=${b.cookies.get('XSRF-TOKEN')}`,
      'x-xsrf-token': b.cookies.get('XSRF-TOKEN')!,
    });
    expect(res.statusCode).toBe(419);
  });
});

describe('registration', () => {
  const body = {
    type: 'P',
    firstname: 'Anna',
    lastname: 'Verdi',
    email: 'Anna.Verdi@Example.com',
    password: 'Segreta9!',
    password_confirmation: 'Segreta9!',
    country: 'it',
    tax_number: 'RSSMRA85T10A562S',
  };

  it('creates the customer and signs them in', async () => {
    const client = t.client();
    await client.get('/sanctum/csrf-cookie');
    const res = await client.post('/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'anna.verdi@example.com',
      customer: { type: 'P', firstname: 'Anna', country: 'IT', extra_cee: false, tax_rule: 'standard' },
    });
    expect((await client.get('/api/user')).json().email).toBe('anna.verdi@example.com');
  });

  it('refuses a taken e-mail, a weak password and a mismatched confirmation', async () => {
    const client = t.client();
    await client.get('/sanctum/csrf-cookie');
    const taken = await client.post('/register', { ...body, email: 'anna.verdi@example.com' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['The email has already been taken.']);

    const weak = await client.post('/register', {
      ...body,
      email: 'x@example.com',
      password: 'weak',
      password_confirmation: 'weak',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password[0]).toMatch(/at least 8 characters/);

    const mismatch = await client.post('/register', {
      ...body,
      email: 'y@example.com',
      password_confirmation: 'Segreta9?',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(["The password doesn't match."]);
  });

  it('makes an extra-EU company VAT exempt', async () => {
    const client = t.client();
    await client.get('/sanctum/csrf-cookie');
    const res = await client.post('/register', {
      ...body,
      type: 'G',
      company: 'Berg AG',
      email: 'berg@example.ch',
      country: 'CH',
      tax_number: undefined,
      vat_id: 'CHE-123.456.707',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().customer).toMatchObject({
      type: 'G',
      company: 'Berg AG',
      extra_cee: true,
      tax_rule: 'exempt',
    });
  });
});

describe('password recovery', () => {
  it('mails a reset link that sets a new password once and ends other sessions', async () => {
    const { email } = await createUser(t.db);
    const old = t.client();
    await old.login(email, PASSWORD);

    const client = t.client();
    await client.get('/sanctum/csrf-cookie');
    const res = await client.post('/forgot-password', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('We have emailed your password reset link.');
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(email);
    const token = /\/reset-password\/([\w-]+)\?email=/.exec(mail.text)![1]!;

    const reset = { token, email, password: 'Nuova-pass2', password_confirmation: 'Nuova-pass2' };
    expect((await client.post('/reset-password', reset)).json()).toEqual({
      message: 'Your password has been reset.',
    });
    expect((await old.get('/api/user')).statusCode).toBe(401);
    expect((await t.client().login(email, 'Nuova-pass2')).statusCode).toBe(200);

    const again = await client.post('/reset-password', {
      ...reset,
      password: 'Altra-pass3',
      password_confirmation: 'Altra-pass3',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['This password reset token is invalid.']);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = t.mails.length;
    const client = t.client();
    await client.get('/sanctum/csrf-cookie');
    const res = await client.post('/forgot-password', { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('We have emailed your password reset link.');
    expect(t.mails.length).toBe(before);
  });

  it('refuses an expired link', async () => {
    const { email } = await createUser(t.db);
    const client = t.client();
    await client.get('/sanctum/csrf-cookie');
    await client.post('/forgot-password', { email });
    const token = /\/reset-password\/([\w-]+)\?/.exec(t.mails.at(-1)!.text)![1]!;
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 61 * 60_000);
    try {
      const res = await client.post('/reset-password', {
        token,
        email,
        password: 'Nuova-pass2',
        password_confirmation: 'Nuova-pass2',
      });
      expect(res.statusCode).toBe(422);
    } finally {
      t.clock.now = saved;
    }
  });
});
