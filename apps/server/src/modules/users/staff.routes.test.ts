import type { StaffMember } from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, recoveryCodes, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD, STRONG_PASSWORD } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signIn(app: TestApp, options: Parameters<typeof createUser>[1] = {}) {
  const created = await createUser(app.db, options);
  const client = app.client();
  expect((await client.login(created.email, PASSWORD)).statusCode).toBe(200);
  return { ...created, client };
}

async function staffOf(client: TestClient, email: string): Promise<StaffMember | undefined> {
  const list = (await client.get('/api/staff')).json() as { data: StaffMember[] };
  return list.data.find((member) => member.email === email);
}

/** The set-password link of the last mail to `email`, split as the reset page reads it. */
function invitationLink(app: TestApp, email: string) {
  const mail = app.mails.filter((m) => m.to === email).at(-1);
  const match = mail?.text.match(/\/reset-password\/([^?\s]+)\?email=(\S+)/);
  if (!match) throw new Error(`no set-password link mailed to ${email}`);
  return { mail: mail!, token: match[1]!, email: decodeURIComponent(match[2]!) };
}

async function setPassword(app: TestApp, email: string) {
  const link = invitationLink(app, email);
  const client = app.client();
  await client.get('/sanctum/csrf-cookie');
  return client.post('/reset-password', {
    token: link.token,
    email: link.email,
    password: STRONG_PASSWORD,
    password_confirmation: STRONG_PASSWORD,
  });
}

describe('GET /api/staff', () => {
  it('lists the accounts without a customer with their status and second factor, not the customers', async () => {
    const admin = await signIn(t, { isSuperAdmin: true });
    const customer = await createUser(t.db);
    const res = await admin.client.get('/api/staff');
    expect(res.statusCode).toBe(200);
    const emails = (res.json() as { data: StaffMember[] }).data.map((m) => m.email);
    expect(emails).not.toContain(customer.email);
    expect(await staffOf(admin.client, admin.email)).toMatchObject({
      id: admin.user.id,
      is_super_admin: true,
      status: 'active',
      two_factor: false,
      last_sign_in_at: t.clock.now.toISOString(),
    });
  });

  it('refuses a customer with 403 and anonymous with 401', async () => {
    const customer = await signIn(t);
    expect((await customer.client.get('/api/staff')).statusCode).toBe(403);
    expect((await t.client().get('/api/staff')).statusCode).toBe(401);
  });
});

describe('POST /api/staff', () => {
  it('creates an invited super admin and mails a link that sets the password; sign-in then works', async () => {
    const admin = await signIn(t, { isSuperAdmin: true });
    const res = await admin.client.post('/api/staff', { email: 'New.Colleague@Shop.it' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'new.colleague@shop.it',
      is_super_admin: true,
      status: 'invited',
      two_factor: false,
      last_sign_in_at: null,
    });
    const link = invitationLink(t, 'new.colleague@shop.it');
    expect(link.mail.text).toContain('7');
    // Nobody knows the password it was created with.
    expect((await t.client().login('new.colleague@shop.it', PASSWORD)).statusCode).toBe(422);

    expect((await setPassword(t, 'new.colleague@shop.it')).statusCode).toBe(200);
    const colleague = t.client();
    expect((await colleague.login('new.colleague@shop.it', STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await colleague.get('/api/staff')).statusCode).toBe(200);
    expect((await staffOf(admin.client, 'new.colleague@shop.it'))?.status).toBe('active');
  });

  it('refuses an e-mail that already has an account with 422 on the field', async () => {
    const admin = await signIn(t, { isSuperAdmin: true });
    const customer = await createUser(t.db);
    const mailsBefore = t.mails.length;
    const res = await admin.client.post('/api/staff', { email: customer.email });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email has already been taken.']);
    expect(t.mails.length).toBe(mailsBefore);
  });

  it('refuses an invalid e-mail with 422, a customer with 403, anonymous with 401', async () => {
    const admin = await signIn(t, { isSuperAdmin: true });
    expect((await admin.client.post('/api/staff', { email: 'not-an-email' })).json().errors.email).toEqual([
      'Invalid email',
    ]);
    const customer = await signIn(t);
    expect((await customer.client.post('/api/staff', { email: 'x@shop.it' })).statusCode).toBe(403);
    const anonymous = t.client();
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.post('/api/staff', { email: 'x@shop.it' })).statusCode).toBe(401);
  });

  it('records the invitation in the audit trail', async () => {
    const admin = await signIn(t, { isSuperAdmin: true });
    const res = await admin.client.post('/api/staff', { email: 'audited@shop.it' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(res.json().id))));
    expect(entry).toMatchObject({ action: 'create', userId: admin.user.id });
    expect(entry!.changes?.status).toEqual({ from: null, to: 'invited' });
  });
});

describe('disabling and enabling a member', () => {
  it('signs the member out, refuses their sign-in and tokens, and enabling gives both back', async () => {
    const admin = await signIn(t, { isSuperAdmin: true });
    const member = await signIn(t, { isSuperAdmin: true });
    const created = await member.client.post(`/api/users/${member.user.id}/request-token`, { name: 'ci' });
    const bearer = { authorization: `Bearer ${created.json().token}` };
    expect((await t.client().get('/api/staff', bearer)).statusCode).toBe(200);

    const res = await admin.client.post(`/api/staff/${member.user.id}/disable`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.user.id, status: 'disabled' });
    expect((await member.client.get('/api/user')).statusCode).toBe(401);
    const token = await t.client().get('/api/staff', bearer);
    expect(token.statusCode).toBe(401);
    expect(token.json().message).toBe('This account has been disabled: ask an administrator.');
    // The right password learns why; a wrong one gets the usual answer.
    const refused = await t.client().login(member.email, PASSWORD);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.email).toEqual(['This account has been disabled: ask an administrator.']);
    const wrong = await t.client().login(member.email, 'Wrong-Password-1!');
    expect(wrong.json().errors.email).toEqual(['These credentials do not match our records.']);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(member.user.id)), eq(auditLog.action, 'update')));
    expect(entry!.changes).toEqual({ status: { from: 'active', to: 'disabled' } });

    const enabled = await admin.client.post(`/api/staff/${member.user.id}/enable`);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().status).toBe('active');
    expect((await t.client().login(member.email, PASSWORD)).statusCode).toBe(200);
    expect((await t.client().get('/api/staff', bearer)).statusCode).toBe(200);
  });

  it('mails no reset link to a disabled member, and an invitation link no longer sets the password', async () => {
    const admin = await signIn(t, { isSuperAdmin: true });
    const invited = await admin.client.post('/api/staff', { email: 'left-early@shop.it' });
    await admin.client.post(`/api/staff/${invited.json().id}/disable`);
    const res = await setPassword(t, 'left-early@shop.it');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['This account has been disabled: ask an administrator.']);

    const mailsBefore = t.mails.length;
    t.clock.now = new Date(t.clock.now.getTime() + 120_000);
    const anonymous = t.client();
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.post('/forgot-password', { email: 'left-early@shop.it' })).statusCode).toBe(200);
    expect(t.mails.length).toBe(mailsBefore);
  });

  it('refuses the second step of a sign-in begun before the account was disabled', async () => {
    const admin = await signIn(t, { isSuperAdmin: true });
    const member = await signIn(t, { isSuperAdmin: true });
    const { secret } = (await member.client.post('/api/user/two-factor')).json() as { secret: string };
    const epoch = () => Math.floor(t.clock.now.getTime() / 1000);
    await member.client.post('/api/user/two-factor/confirm', {
      code: await generate({ secret, epoch: epoch() }),
    });
    t.clock.now = new Date(t.clock.now.getTime() + 30_000);

    const browser = t.client();
    expect((await browser.login(member.email, PASSWORD)).json()).toEqual({ two_factor: true });
    await admin.client.post(`/api/staff/${member.user.id}/disable`);
    const res = await browser.post('/two-factor-challenge', {
      code: await generate({ secret, epoch: epoch() }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['This account has been disabled: ask an administrator.']);
    expect((await browser.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses disabling oneself with 409', async () => {
    const admin = await signIn(t, { isSuperAdmin: true });
    await signIn(t, { isSuperAdmin: true });
    const res = await admin.client.post(`/api/staff/${admin.user.id}/disable`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot disable your own account.');
    expect((await admin.client.get('/api/user')).statusCode).toBe(200);
  });

  it("answers 404 for a customer's account and an unknown id, 403 to a customer", async () => {
    const admin = await signIn(t, { isSuperAdmin: true });
    const customer = await signIn(t);
    expect((await admin.client.post(`/api/staff/${customer.user.id}/disable`)).statusCode).toBe(404);
    expect((await admin.client.post(`/api/staff/${customer.user.id}/enable`)).statusCode).toBe(404);
    expect((await admin.client.delete(`/api/staff/${customer.user.id}/two-factor`)).statusCode).toBe(404);
    expect((await admin.client.post('/api/staff/999999/disable')).statusCode).toBe(404);
    expect((await customer.client.post(`/api/staff/${admin.user.id}/disable`)).statusCode).toBe(403);
    expect((await customer.client.post(`/api/staff/${admin.user.id}/enable`)).statusCode).toBe(403);
    expect((await customer.client.delete(`/api/staff/${admin.user.id}/two-factor`)).statusCode).toBe(403);
    expect((await customer.client.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses anonymous with 401', async () => {
    const admin = await createUser(t.db, { isSuperAdmin: true });
    const anonymous = t.client();
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.post(`/api/staff/${admin.user.id}/disable`)).statusCode).toBe(401);
    expect((await anonymous.post(`/api/staff/${admin.user.id}/enable`)).statusCode).toBe(401);
    expect((await anonymous.delete(`/api/staff/${admin.user.id}/two-factor`)).statusCode).toBe(401);
  });
});

describe('the last active super admin', () => {
  it('cannot be disabled: 409 and nothing changes', async () => {
    const own = await createTestApp();
    try {
      const admin = await signIn(own, { isSuperAdmin: true });
      // A disabled colleague does not count as another administrator.
      const invited = await admin.client.post('/api/staff', { email: 'gone@shop.it' });
      await admin.client.post(`/api/staff/${invited.json().id}/disable`);

      const res = await admin.client.post(`/api/staff/${admin.user.id}/disable`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This is the last active super admin: enable or invite another one first.',
      );
      const [row] = await own.db.select().from(users).where(eq(users.id, admin.user.id));
      expect(row!.disabledAt).toBeNull();
      expect((await admin.client.get('/api/user')).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('DELETE /api/staff/:id/two-factor', () => {
  it("clears the member's second factor and recovery codes, so they set it up again", async () => {
    const admin = await signIn(t, { isSuperAdmin: true });
    const member = await signIn(t, { isSuperAdmin: true });
    const started = await member.client.post('/api/user/two-factor');
    const { secret } = started.json() as { secret: string };
    const code = await generate({ secret, epoch: Math.floor(t.clock.now.getTime() / 1000) });
    expect((await member.client.post('/api/user/two-factor/confirm', { code })).statusCode).toBe(200);
    expect((await staffOf(admin.client, member.email))?.two_factor).toBe(true);

    const res = await admin.client.delete(`/api/staff/${member.user.id}/two-factor`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.user.id, two_factor: false });
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.user.id))).toEqual(
      [],
    );
    // The next sign-in asks for the password only.
    const again = await t.client().login(member.email, PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(again.json().two_factor).toBeUndefined();
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(member.user.id)), eq(auditLog.action, 'update')));
    expect(entry!.changes).toEqual({ two_factor: { from: true, to: false } });
  });

  it("refuses the administrator's own second factor with 409", async () => {
    const admin = await signIn(t, { isSuperAdmin: true });
    const res = await admin.client.delete(`/api/staff/${admin.user.id}/two-factor`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Turn off your own two-factor sign-in from your account page.');
  });
});
