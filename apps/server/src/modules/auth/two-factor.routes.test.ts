import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { auditLog, recoveryCodes, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The code an authenticator app shows at the app's clock, `steps` 30-second steps away. */
function codeAt(secret: string, steps = 0) {
  return generate({ secret, epoch: Math.floor(t.clock.now.getTime() / 1000) + steps * 30 });
}

/** Moves the clock to the start of the next 30-second step, so the app shows a new code. */
function nextStep(app: TestApp = t) {
  const ms = app.clock.now.getTime();
  app.clock.now = new Date(ms - (ms % 30_000) + 30_000);
}

async function signedIn(app: TestApp, options: Parameters<typeof createUser>[1] = {}) {
  const account = await createUser(app.db, options);
  const client = app.client();
  expect((await client.login(account.email, PASSWORD)).statusCode).toBe(200);
  return { ...account, client };
}

/** Sets up the second factor as the web page does; leaves the clock on a fresh step. */
async function enrol(client: TestClient, app: TestApp = t) {
  const started = await client.post('/api/user/two-factor');
  expect(started.statusCode).toBe(200);
  const { secret } = started.json() as { secret: string };
  const code = await generate({ secret, epoch: Math.floor(app.clock.now.getTime() / 1000) });
  const confirmed = await client.post('/api/user/two-factor/confirm', { code });
  expect(confirmed.statusCode).toBe(200);
  nextStep(app);
  return { secret, recoveryCodes: (confirmed.json() as { recovery_codes: string[] }).recovery_codes };
}

/** Signs out, then gives the password again: the answer and a client holding the challenge. */
async function passwordStep(email: string) {
  const client = t.client();
  const res = await client.login(email, PASSWORD);
  return { client, res };
}

async function userRow(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('setting up two-factor sign-in (issue 17 point 6)', () => {
  it('gives a secret with its QR code, and turns it on only when a code of it is confirmed', async () => {
    const { client, user, email } = await signedIn(t);
    expect((await client.get('/api/user/two-factor')).json()).toEqual({
      enabled: false,
      enabled_at: null,
      required: false,
      recovery_codes_left: 0,
    });

    const started = await client.post('/api/user/two-factor');
    expect(started.statusCode).toBe(200);
    const enrolment = started.json();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauth_url).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolment.otpauth_url).toContain(encodeURIComponent(email));
    expect(enrolment.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qr_code.split(',')[1], 'base64').toString()).toContain('<svg');
    expect((await client.get('/api/user/two-factor')).json().enabled).toBe(false);

    const wrong = await client.post('/api/user/two-factor/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([
      'This code is wrong or has expired. Enter the code your app shows now.',
    ]);
    const malformed = await client.post('/api/user/two-factor/confirm', { code: '12ab' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.code).toEqual(['Enter the 6-digit code of your authenticator app.']);
    expect((await userRow(user.id)).totpEnabledAt).toBeNull();

    const confirmed = await client.post('/api/user/two-factor/confirm', {
      code: (await codeAt(enrolment.secret)).replace(/(\d{3})/, '$1 '),
    });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}-[a-z2-9]{5}$/);

    const row = await userRow(user.id);
    expect(row.totpSecret).toBe(enrolment.secret);
    expect(row.totpEnabledAt).not.toBeNull();
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    // Only hashes are kept.
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    expect((await client.get('/api/user/two-factor')).json()).toMatchObject({
      enabled: true,
      required: false,
      recovery_codes_left: 10,
    });
    expect((await client.get('/api/user')).json()).toMatchObject({
      two_factor_enabled: true,
      two_factor_required: false,
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'second-factor-enabled')));
    expect(audit).toHaveLength(1);

    // Once on, starting again is refused and changes nothing.
    expect((await client.post('/api/user/two-factor')).statusCode).toBe(409);
    expect((await userRow(user.id)).totpSecret).toBe(enrolment.secret);
  });

  it('refuses a confirmation before the set-up was started', async () => {
    const { client } = await signedIn(t);
    const res = await client.post('/api/user/two-factor/confirm', { code: '123456' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['Start the two-factor set-up first.']);
  });

  it('needs a signed-in user', async () => {
    const client = t.client();
    await client.get('/sanctum/csrf-cookie');
    expect((await client.post('/api/user/two-factor')).statusCode).toBe(401);
  });
});

describe('signing in with the second factor', () => {
  it('asks for the code after the password, and opens the session only with a right code', async () => {
    const { client: first, email } = await signedIn(t);
    const { secret } = await enrol(first);

    const { client, res } = await passwordStep(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ two_factor: true });
    expect(res.cookies.find((c) => c.name === 'sonora_session')).toBeUndefined();
    const challenge = res.cookies.find((c) => c.name === 'sonora_two_factor');
    expect(challenge?.httpOnly).toBe(true);
    expect((await client.get('/api/user')).statusCode).toBe(401);

    const wrong = await client.post('/two-factor-challenge', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code[0]).toMatch(/wrong or has expired/);
    expect((await client.get('/api/user')).statusCode).toBe(401);

    const done = await client.post('/two-factor-challenge', { code: await codeAt(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email, two_factor_enabled: true });
    expect(done.cookies.find((c) => c.name === 'sonora_session')?.httpOnly).toBe(true);
    expect((await client.get('/api/user')).json().email).toBe(email);
    // The challenge is spent with the sign-in.
    expect(client.cookies.has('sonora_two_factor')).toBe(false);
  });

  it('refuses a code already accepted, also in a later sign-in, and the code that confirmed the set-up', async () => {
    const { client: first, email } = await signedIn(t);
    const started = await first.post('/api/user/two-factor');
    const secret = started.json().secret as string;
    const confirmCode = await codeAt(secret);
    expect((await first.post('/api/user/two-factor/confirm', { code: confirmCode })).statusCode).toBe(200);

    // Same 30 seconds: the confirmation's code cannot sign in.
    const a = await passwordStep(email);
    const reused = await a.client.post('/two-factor-challenge', { code: confirmCode });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.code).toEqual(['This code has already been used. Wait for the next one.']);

    nextStep();
    const code = await codeAt(secret);
    expect((await a.client.post('/two-factor-challenge', { code })).statusCode).toBe(200);
    await a.client.post('/logout');

    const b = await passwordStep(email);
    const again = await b.client.post('/two-factor-challenge', { code });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code[0]).toMatch(/already been used/);
    // The previous step's code is older than the last accepted one: refused too.
    expect(
      (await b.client.post('/two-factor-challenge', { code: await codeAt(secret, -1) })).statusCode,
    ).toBe(422);
    expect((await b.client.get('/api/user')).statusCode).toBe(401);
  });

  it('accepts the code of the step just before or after (clock drift) but not two steps away', async () => {
    const { client: first, email } = await signedIn(t);
    const { secret } = await enrol(first);
    nextStep();
    nextStep();
    const { client } = await passwordStep(email);
    for (const steps of [-2, 2, -3]) {
      const res = await client.post('/two-factor-challenge', { code: await codeAt(secret, steps) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.code[0]).toMatch(/wrong or has expired/);
    }
    expect((await client.post('/two-factor-challenge', { code: await codeAt(secret, -1) })).statusCode).toBe(
      200,
    );
    const other = await passwordStep(email);
    expect(
      (await other.client.post('/two-factor-challenge', { code: await codeAt(secret, 1) })).statusCode,
    ).toBe(200);
  });

  it('throttles wrong codes like wrong passwords: 429 after five, for the code and the password', async () => {
    const { client: first, email } = await signedIn(t);
    const { secret } = await enrol(first);
    const { client } = await passwordStep(email);
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/two-factor-challenge', { code: '000000' })).statusCode).toBe(422);
    }
    const blocked = await client.post('/two-factor-challenge', { code: await codeAt(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    expect((await t.client().login(email, PASSWORD)).statusCode).toBe(429);
    const failures = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userEmail, email), eq(auditLog.action, 'sign-in-failed')));
    expect(failures).toHaveLength(5);

    t.clock.now = new Date(t.clock.now.getTime() + 61_000);
    nextStep();
    const later = await passwordStep(email);
    expect(
      (await later.client.post('/two-factor-challenge', { code: await codeAt(secret) })).statusCode,
    ).toBe(200);
  });

  it('lets a recovery code sign in once, in any case and with or without dashes, then refuses it', async () => {
    const { client: first, email, user } = await signedIn(t);
    const { recoveryCodes: codes } = await enrol(first);
    const [code] = codes as [string];

    const a = await passwordStep(email);
    const unknown = await a.client.post('/two-factor-challenge', { recovery_code: 'aaaaa-bbbbb-ccccc' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.recovery_code).toEqual(['This recovery code is not valid.']);
    const used = await a.client.post('/two-factor-challenge', {
      recovery_code: ` ${code.toUpperCase().replace(/-/g, '')} `,
    });
    expect(used.statusCode).toBe(200);
    expect((await a.client.get('/api/user')).json().email).toBe(email);

    const b = await passwordStep(email);
    const twice = await b.client.post('/two-factor-challenge', { recovery_code: code });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.recovery_code).toEqual(['This recovery code has already been used.']);
    expect((await b.client.get('/api/user')).statusCode).toBe(401);
    expect((await b.client.post('/two-factor-challenge', { recovery_code: codes[1] })).statusCode).toBe(200);
    expect((await b.client.get('/api/user/two-factor')).json().recovery_codes_left).toBe(8);
    const rows = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(rows.filter((r) => r.usedAt !== null)).toHaveLength(2);
  });

  it('opens one session only when the same code is sent twice at once', async () => {
    const { client: first, email } = await signedIn(t);
    const { secret } = await enrol(first);
    const a = await passwordStep(email);
    const b = await passwordStep(email);
    const code = await codeAt(secret);
    const answers = await Promise.all([
      a.client.post('/two-factor-challenge', { code }),
      b.client.post('/two-factor-challenge', { code }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('refuses the second step without the password step, after five minutes, or with a forged challenge', async () => {
    const { client: first, email, user } = await signedIn(t);
    const { secret } = await enrol(first);

    const stranger = t.client();
    await stranger.get('/sanctum/csrf-cookie');
    const none = await stranger.post('/two-factor-challenge', { code: await codeAt(secret) });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.code).toEqual([
      'The sign-in has expired. Enter your e-mail and password again.',
    ]);

    const forged = t.client();
    await forged.get('/sanctum/csrf-cookie');
    forged.cookies.set('sonora_two_factor', `${user.id}.${t.clock.now.getTime() + 60_000}.forged`);
    expect((await forged.post('/two-factor-challenge', { code: await codeAt(secret) })).statusCode).toBe(422);

    const { client } = await passwordStep(email);
    t.clock.now = new Date(t.clock.now.getTime() + 5 * 60_000 + 1_000);
    const late = await client.post('/two-factor-challenge', { code: await codeAt(secret) });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.code[0]).toMatch(/has expired/);
    expect((await client.get('/api/user')).statusCode).toBe(401);

    const missing = await client.post('/two-factor-challenge', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.code).toEqual([
      'Enter a code of your authenticator app or a recovery code.',
    ]);
  });
});

describe('managing the second factor', () => {
  it('gives ten new recovery codes for a code; the old ones stop working', async () => {
    const { client, email, user } = await signedIn(t);
    const { secret, recoveryCodes: old } = await enrol(client);

    const wrong = await client.post('/api/user/two-factor/recovery-codes', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(10);
    const before = (await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).map(
      (r) => r.codeHash,
    );

    const res = await client.post('/api/user/two-factor/recovery-codes', { code: await codeAt(secret) });
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    const after = (await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).map(
      (r) => r.codeHash,
    );
    expect(after.filter((h) => before.includes(h))).toEqual([]);

    const { client: next } = await passwordStep(email);
    expect((await next.post('/two-factor-challenge', { recovery_code: old[0] })).statusCode).toBe(422);
    expect((await next.post('/two-factor-challenge', { recovery_code: fresh[0] })).statusCode).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'recovery-codes-regenerated')));
    expect(audit).toHaveLength(1);
  });

  it('turns it off with a code: the password alone signs in again', async () => {
    const { client, email, user } = await signedIn(t);
    const { secret } = await enrol(client);

    const wrong = await client.request('DELETE', '/api/user/two-factor', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect((await userRow(user.id)).totpEnabledAt).not.toBeNull();
    expect((await client.request('DELETE', '/api/user/two-factor', {})).statusCode).toBe(422);

    const res = await client.request('DELETE', '/api/user/two-factor', { code: await codeAt(secret) });
    expect(res.statusCode).toBe(204);
    const row = await userRow(user.id);
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    expect((await t.client().login(email, PASSWORD)).json()).toMatchObject({
      email,
      two_factor_enabled: false,
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'second-factor-disabled')));
    expect(audit).toHaveLength(1);

    const again = await client.request('DELETE', '/api/user/two-factor', { code: await codeAt(secret) });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toEqual(['Two-factor sign-in is not on.']);
  });

  it('lets a customer without it sign in with the password alone (optional for customers)', async () => {
    const { client } = await signedIn(t);
    expect((await client.get('/api/user')).json()).toMatchObject({
      two_factor_enabled: false,
      two_factor_required: false,
    });
  });
});

describe('required for super admins (TWO_FACTOR_REQUIRED_FOR_ADMINS)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ TWO_FACTOR_REQUIRED_FOR_ADMINS: 'true' });
    // Staff sessions last 12 hours: on the real date, so the test client keeps the admin's cookie.
    strict.clock.now = new Date();
  });
  afterAll(() => strict.close());

  it('is on by default in production only', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).twoFactorRequiredForAdmins).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).twoFactorRequiredForAdmins).toBe(false);
    expect(loadConfig({}).twoFactorRequiredForAdmins).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false' })
        .twoFactorRequiredForAdmins,
    ).toBe(false);
  });

  it('lets an admin without it in only to set it up, then to the back office', async () => {
    const { client } = await signedIn(strict, { isSuperAdmin: true });
    expect((await client.get('/api/user')).json()).toMatchObject({
      is_super_admin: true,
      two_factor_enabled: false,
      two_factor_required: true,
    });
    const refused = await client.get('/api/customers');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Set up two-factor sign-in to use the back office.');
    expect((await client.get('/api/orders')).statusCode).toBe(403);
    expect((await client.get('/api/user/two-factor')).json()).toMatchObject({
      enabled: false,
      required: true,
    });

    const { secret } = await enrol(client, strict);
    expect((await client.get('/api/customers')).statusCode).toBe(200);
    expect((await client.get('/api/user')).json()).toMatchObject({ two_factor_enabled: true });

    const off = await client.request('DELETE', '/api/user/two-factor', {
      code: await generate({ secret, epoch: Math.floor(strict.clock.now.getTime() / 1000) }),
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(
      'Two-factor sign-in is required for administrators: it cannot be turned off.',
    );
    expect((await client.get('/api/user/two-factor')).json().enabled).toBe(true);
  });

  it('leaves customers free to keep it off', async () => {
    const { client, customerId } = await signedIn(strict);
    expect((await client.get('/api/user')).json()).toMatchObject({ two_factor_required: false });
    expect((await client.get(`/api/customers/${customerId}`)).statusCode).toBe(200);
  });
});
