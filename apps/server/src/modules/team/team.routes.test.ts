import { companyMessages, type TeamMember } from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, PASSWORD, STRONG_PASSWORD } from '../../test/factories';
import { openShop } from '../orders/checkout.fixtures';
import { monthlySpent } from './team.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signIn(app: TestApp, options: Parameters<typeof createUser>[1] = {}) {
  const created = await createUser(app.db, options);
  const client = app.client();
  const login = await client.login(created.email, PASSWORD);
  expect(login.statusCode, login.body).toBe(200);
  return { ...created, client };
}

/** A company admin signed in, with his customer. */
async function company() {
  const admin = await signIn(t, { customer: { type: 'G', company: 'Dischi Rossi srl' } });
  const customerId = admin.customerId!;
  return { admin, customerId, url: `/api/customers/${customerId}/users` };
}

async function teamOf(client: ReturnType<TestApp['client']>, customerId: number): Promise<TeamMember[]> {
  const res = await client.get(`/api/customers/${customerId}/users`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: TeamMember[] }).data;
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

let orderSeq = 0;
async function insertOrder(userId: number, customerId: number, net: number, status: string, date: Date) {
  orderSeq += 1;
  const address = { address: 'Via Roma 1', city: 'Milano', postcode: '20100', country: 'IT' };
  await t.db.insert(orders).values({
    orderNo: `T-TEAM-${orderSeq}`,
    customerId,
    placedByUserId: userId,
    status: status as never,
    paymentMethod: 'as_agreed',
    shippingAddress: address as never,
    billingAddress: address as never,
    vat: Math.round(net * 0.22),
    total: net + Math.round(net * 0.22),
    totalWithoutTaxes: net,
    date,
  });
}

describe('GET /api/customers/:id/users', () => {
  it('lists admins first, then by e-mail, with status, limits and the net spent this shop month', async () => {
    const { admin, customerId } = await company();
    const buyer = await createUser(t.db, {
      customerId,
      role: 'buyer',
      email: 'a-buyer@dischi.it',
      orderLimit: 50_000,
      monthlyLimit: 200_000,
    });
    await createUser(t.db, {
      customerId,
      role: 'viewer',
      email: 'b-viewer@dischi.it',
      disabledAt: t.clock.now,
    });
    // November in Rome: 30 Nov 23:30 UTC is already 1 December there, 31 Oct 23:30 UTC is 1 November.
    await insertOrder(buyer.user.id, customerId, 12_345, 'registered', new Date('2026-11-02T09:00:00Z'));
    await insertOrder(buyer.user.id, customerId, 1_000, 'confirmed', new Date('2026-10-31T23:30:00Z'));
    await insertOrder(
      buyer.user.id,
      customerId,
      70_000,
      'awaiting_approval',
      new Date('2026-11-03T09:00:00Z'),
    );
    await insertOrder(buyer.user.id, customerId, 5_000, 'cancelled', new Date('2026-11-04T09:00:00Z'));
    await insertOrder(buyer.user.id, customerId, 9_000, 'registered', new Date('2026-11-30T23:30:00Z'));
    await insertOrder(buyer.user.id, customerId, 8_000, 'registered', new Date('2026-10-31T22:30:00Z'));

    const team = await teamOf(admin.client, customerId);
    expect(team.map((m) => [m.email, m.role, m.status])).toEqual([
      [admin.email, 'admin', 'active'],
      ['a-buyer@dischi.it', 'buyer', 'active'],
      ['b-viewer@dischi.it', 'viewer', 'disabled'],
    ]);
    expect(team[1]).toMatchObject({ order_limit: 50_000, monthly_limit: 200_000, spent_this_month: 13_345 });
    expect(team[0]).toMatchObject({ order_limit: null, monthly_limit: null, spent_this_month: 0 });
    expect(await monthlySpent(t, buyer.user.id, t.clock.now)).toBe(13_345);
    expect(await monthlySpent(t, buyer.user.id, new Date('2026-12-01T10:00:00Z'))).toBe(9_000);
    expect(await monthlySpent(t, buyer.user.id, new Date('2026-10-15T10:00:00Z'))).toBe(8_000);
  });

  it("refuses a buyer, an approver and a viewer with 403, another customer's admin with 404", async () => {
    const { customerId, url } = await company();
    for (const role of ['buyer', 'approver', 'viewer'] as const) {
      const member = await signIn(t, { customerId, role });
      const res = await member.client.get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(companyMessages.roleForbidden);
      expect((await member.client.post(url, { email: 'x@dischi.it', role: 'viewer' })).statusCode).toBe(403);
      expect((await member.client.delete(`${url}/${member.user.id}`)).statusCode).toBe(403);
    }
    const other = await company();
    expect((await other.admin.client.get(url)).statusCode).toBe(404);
    expect((await other.admin.client.post(url, { email: 'x@dischi.it', role: 'viewer' })).statusCode).toBe(
      404,
    );
    expect((await t.client().get(url)).statusCode).toBe(401);
  });

  it('shows the demo team of company@example.com: buyer with a 500 € order limit and a viewer', async () => {
    const shop = await openShop();
    try {
      const team = await teamOf(shop.clients.company, shop.ids.company);
      expect(team.map((m) => [m.email, m.role, m.order_limit, m.monthly_limit])).toEqual([
        ['company@example.com', 'admin', null, null],
        ['accounts@example.com', 'viewer', null, null],
        ['buyer@example.com', 'buyer', 50_000, null],
      ]);
    } finally {
      await shop.t.close();
    }
  });
});

describe('inviting a colleague', () => {
  it('creates an invited user, mails a link that sets his password; he signs in to the same customer', async () => {
    const { admin, customerId, url } = await company();
    const res = await admin.client.post(url, {
      email: 'New.Buyer@Dischi.it',
      role: 'buyer',
      order_limit: 30_000,
      monthly_limit: 100_000,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'new.buyer@dischi.it',
      role: 'buyer',
      status: 'invited',
      order_limit: 30_000,
      monthly_limit: 100_000,
      spent_this_month: 0,
      last_sign_in_at: null,
    });
    const link = invitationLink(t, 'new.buyer@dischi.it');
    expect(link.mail.text).toContain('Dischi Rossi srl');
    expect(link.mail.text).toContain('7');
    // Nobody knows the password it was created with.
    expect((await t.client().login('new.buyer@dischi.it', PASSWORD)).statusCode).toBe(422);

    expect((await setPassword(t, 'new.buyer@dischi.it')).statusCode).toBe(200);
    const colleague = t.client();
    expect((await colleague.login('new.buyer@dischi.it', STRONG_PASSWORD)).statusCode).toBe(200);
    const me = (await colleague.get('/api/user')).json();
    expect(me).toMatchObject({
      email: 'new.buyer@dischi.it',
      customer: { id: customerId },
      customer_role: 'buyer',
      order_limit: 30_000,
      monthly_limit: 100_000,
    });
    const team = await teamOf(admin.client, customerId);
    expect(team.find((m) => m.email === 'new.buyer@dischi.it')?.status).toBe('active');
  });

  it('refuses an e-mail that already has an account (any customer or staff) with 422 on the field', async () => {
    const { admin, url } = await company();
    const elsewhere = await createUser(t.db);
    const staff = await createUser(t.db, { isSuperAdmin: true });
    const mailsBefore = t.mails.length;
    for (const email of [elsewhere.email, staff.email, admin.email]) {
      const res = await admin.client.post(url, { email, role: 'viewer' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.email).toEqual([companyMessages.emailHasAccount]);
    }
    expect(t.mails.length).toBe(mailsBefore);
  });

  it('refuses zero and negative limits and limits on a role without them with 422 on the field', async () => {
    const { admin, url } = await company();
    for (const order_limit of [0, -100]) {
      const res = await admin.client.post(url, { email: 'zero@dischi.it', role: 'buyer', order_limit });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['order_limit']);
    }
    const monthly = await admin.client.post(url, {
      email: 'zero@dischi.it',
      role: 'approver',
      monthly_limit: 0,
    });
    expect(monthly.statusCode).toBe(422);
    expect(Object.keys(monthly.json().errors)).toEqual(['monthly_limit']);
    for (const role of ['admin', 'viewer']) {
      const res = await admin.client.post(url, { email: 'zero@dischi.it', role, monthly_limit: 10_000 });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.monthly_limit).toEqual([companyMessages.limitsNotForRole]);
    }
    expect((await admin.client.post(url, { email: 'zero@dischi.it', role: 'owner' })).statusCode).toBe(422);
  });

  it('resends a new link to an invited user only; the new link works', async () => {
    const { admin, url } = await company();
    const invited = (await admin.client.post(url, { email: 'late@dischi.it', role: 'viewer' })).json();
    const first = invitationLink(t, 'late@dischi.it');
    const res = await admin.client.post(`${url}/${invited.id}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: companyMessages.invitationResent });
    const second = invitationLink(t, 'late@dischi.it');
    expect(second.token).not.toBe(first.token);
    expect((await setPassword(t, 'late@dischi.it')).statusCode).toBe(200);

    const again = await admin.client.post(`${url}/${invited.id}/resend`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(companyMessages.notInvited);
    expect((await admin.client.post(`${url}/${admin.user.id}/resend`)).statusCode).toBe(409);
  });
});

describe('PUT /api/customers/:id/users/:userId', () => {
  it('changes role and limits; becoming viewer clears the limits', async () => {
    const { admin, customerId, url } = await company();
    const member = await createUser(t.db, { customerId, role: 'buyer', orderLimit: 10_000 });
    const res = await admin.client.put(`${url}/${member.user.id}`, {
      role: 'approver',
      monthly_limit: 90_000,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'approver', order_limit: 10_000, monthly_limit: 90_000 });
    const cleared = await admin.client.put(`${url}/${member.user.id}`, { order_limit: null });
    expect(cleared.json()).toMatchObject({ role: 'approver', order_limit: null, monthly_limit: 90_000 });
    const viewer = await admin.client.put(`${url}/${member.user.id}`, { role: 'viewer' });
    expect(viewer.json()).toMatchObject({ role: 'viewer', order_limit: null, monthly_limit: null });
    const refused = await admin.client.put(`${url}/${member.user.id}`, { order_limit: 5_000 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.order_limit).toEqual([companyMessages.limitsNotForRole]);
    const zero = await admin.client.put(`${url}/${member.user.id}`, { role: 'buyer', order_limit: 0 });
    expect(zero.statusCode).toBe(422);
  });

  it('the new role applies to his next request', async () => {
    const { admin, customerId, url } = await company();
    const member = await signIn(t, { customerId, role: 'admin' });
    expect((await member.client.get(url)).statusCode).toBe(200);
    await admin.client.put(`${url}/${member.user.id}`, { role: 'buyer' });
    expect((await member.client.get(url)).statusCode).toBe(403);
    expect((await member.client.get('/api/user')).json().customer_role).toBe('buyer');
  });

  it('refuses to demote the last active company admin with 409 (a disabled admin does not count)', async () => {
    const { admin, customerId, url } = await company();
    await createUser(t.db, { customerId, role: 'admin', disabledAt: t.clock.now });
    const res = await admin.client.put(`${url}/${admin.user.id}`, { role: 'buyer' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(companyMessages.lastCompanyAdmin);
    expect((await teamOf(admin.client, customerId))[0]).toMatchObject({ email: admin.email, role: 'admin' });

    const second = await createUser(t.db, { customerId, role: 'admin' });
    expect((await admin.client.put(`${url}/${admin.user.id}`, { role: 'approver' })).statusCode).toBe(200);
    const last = await t.client();
    expect((await last.login(second.email, PASSWORD)).statusCode).toBe(200);
    expect((await last.put(`${url}/${second.user.id}`, { role: 'viewer' })).statusCode).toBe(409);
  });

  it('lets only one of two admins demoting each other at once through', async () => {
    const { admin, customerId, url } = await company();
    const other = await signIn(t, { customerId, role: 'admin' });
    const results = await Promise.all([
      admin.client.put(`${url}/${other.user.id}`, { role: 'buyer' }),
      other.client.put(`${url}/${admin.user.id}`, { role: 'buyer' }),
    ]);
    // The loser hears 409 if his request reached the lock, or 403 if it was authorised after his demotion.
    const [winner, loser] = results.map((r) => r.statusCode).sort();
    expect(winner).toBe(200);
    expect([403, 409]).toContain(loser);
    const remaining = await t.db.select().from(users).where(eq(users.customerId, customerId));
    expect(remaining.filter((u) => u.customerRole === 'admin')).toHaveLength(1);
  });

  it("answers 404 for another customer's user, a staff account and an unknown id", async () => {
    const { admin, url } = await company();
    const other = await createUser(t.db);
    const staff = await createUser(t.db, { isSuperAdmin: true });
    for (const id of [other.user.id, staff.user.id, 999_999]) {
      expect((await admin.client.put(`${url}/${id}`, { role: 'viewer' })).statusCode).toBe(404);
      expect((await admin.client.post(`${url}/${id}/disable`)).statusCode).toBe(404);
      expect((await admin.client.post(`${url}/${id}/enable`)).statusCode).toBe(404);
      expect((await admin.client.post(`${url}/${id}/resend`)).statusCode).toBe(404);
      expect((await admin.client.delete(`${url}/${id}`)).statusCode).toBe(404);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, other.user.id));
    expect(row!.customerRole).toBe('admin');
  });
});

describe('disabling, enabling and removing a user', () => {
  it('disabling signs him out and refuses his sign-in; enabling lets him back', async () => {
    const { admin, customerId, url } = await company();
    const member = await signIn(t, { customerId, role: 'buyer' });
    expect((await member.client.get('/api/user')).statusCode).toBe(200);

    const res = await admin.client.post(`${url}/${member.user.id}/disable`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.user.id, status: 'disabled' });
    expect((await member.client.get('/api/user')).statusCode).toBe(401);
    const refused = await t.client().login(member.email, PASSWORD);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.email).toEqual(['This account has been disabled: ask an administrator.']);

    const enabled = await admin.client.post(`${url}/${member.user.id}/enable`);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().status).toBe('active');
    expect((await t.client().login(member.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses disabling the last active company admin and oneself with 409', async () => {
    const { admin, customerId, url } = await company();
    const last = await admin.client.post(`${url}/${admin.user.id}/disable`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(companyMessages.lastCompanyAdmin);
    await createUser(t.db, { customerId, role: 'admin' });
    const self = await admin.client.post(`${url}/${admin.user.id}/disable`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(companyMessages.disableSelf);
    expect((await admin.client.get('/api/user')).statusCode).toBe(200);
  });

  it('removes a user: his sessions end, he cannot sign in, his orders stay', async () => {
    const { admin, customerId, url } = await company();
    const member = await signIn(t, { customerId, role: 'buyer' });
    await insertOrder(member.user.id, customerId, 1_000, 'registered', t.clock.now);
    const res = await admin.client.delete(`${url}/${member.user.id}`);
    expect(res.statusCode).toBe(204);
    expect((await member.client.get('/api/user')).statusCode).toBe(401);
    expect((await t.client().login(member.email, PASSWORD)).statusCode).toBe(422);
    expect((await teamOf(admin.client, customerId)).map((m) => m.email)).toEqual([admin.email]);
    const kept = await t.db.select().from(orders).where(eq(orders.customerId, customerId));
    expect(kept).toHaveLength(1);
  });

  it('refuses removing the last active company admin and oneself with 409', async () => {
    const { admin, customerId, url } = await company();
    const last = await admin.client.delete(`${url}/${admin.user.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(companyMessages.lastCompanyAdmin);
    await createUser(t.db, { customerId, role: 'admin' });
    const self = await admin.client.delete(`${url}/${admin.user.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(companyMessages.removeSelf);
  });
});

describe('staff', () => {
  it("manage any customer's team, and the audit trail records it", async () => {
    const staff = await signIn(t, { isSuperAdmin: true });
    const { customerId, admin, url } = await company();
    expect((await teamOf(staff.client, customerId)).map((m) => m.email)).toEqual([admin.email]);

    const invited = await staff.client.post(url, { email: 'by-staff@dischi.it', role: 'approver' });
    expect(invited.statusCode).toBe(201);
    const id = invited.json().id as number;
    expect(invitationLink(t, 'by-staff@dischi.it').mail.text).toContain('Dischi Rossi srl');
    expect((await staff.client.put(`${url}/${id}`, { order_limit: 40_000 })).json().order_limit).toBe(40_000);
    expect((await staff.client.post(`${url}/${id}/resend`)).statusCode).toBe(200);
    expect((await staff.client.post(`${url}/${id}/disable`)).json().status).toBe('disabled');
    expect((await staff.client.post(`${url}/${id}/enable`)).json().status).toBe('invited');
    // Staff are bound by the last-admin rule too.
    expect((await staff.client.delete(`${url}/${admin.user.id}`)).statusCode).toBe(409);
    expect((await staff.client.delete(`${url}/${id}`)).statusCode).toBe(204);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual([
      'create',
      'update',
      'password-link-sent',
      'update',
      'update',
      'delete',
    ]);
    expect(entries[1]!.changes).toEqual({ order_limit: { from: null, to: 40_000 } });
    expect(entries[3]!.changes).toEqual({ status: { from: 'invited', to: 'disabled' } });
  });
});
