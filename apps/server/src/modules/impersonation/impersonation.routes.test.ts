import {
  type AuditEntry,
  type CurrentUser,
  companyMessages,
  type Page,
  type PlacedOrder,
} from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/demo';
import { sha256 } from '../../lib/crypto';
import type { TestClient } from '../../test/app';
import { createUser } from '../../test/factories';
import { SESSION_CACHE_MS } from '../auth/session-cache';
import { addProduct, line, openShop, postOrder, rowsOf, type Shop } from '../orders/checkout.fixtures';
import { IMPERSONATION_MINUTES } from './impersonation.service';

const MINUTE = 60_000;
let shop: Shop;
let buyerId: number;
beforeAll(async () => {
  shop = await openShop();
  const [buyer] = await rowsOf<{ id: number }>(
    shop.t.db,
    sql`select id from users where email = ${ACCOUNTS.buyer}`,
  );
  buyerId = buyer!.id;
});
afterAll(() => shop.t.close());

/** A staff member's own browser, signed in as admin@example.com. */
async function staffBrowser(): Promise<TestClient> {
  const browser = shop.t.client();
  expect((await browser.login(ACCOUNTS.admin, DEMO_PASSWORD)).statusCode).toBe(200);
  return browser;
}

const signInAs = (browser: TestClient, customerId: number, userId: number) =>
  browser.post(`/api/backoffice/customers/${customerId}/users/${userId}/sign-in-as`);

/** A staff browser signed in as buyer@example.com of company@example.com's customer. */
async function asBuyer(): Promise<TestClient> {
  const browser = await staffBrowser();
  const res = await signInAs(browser, shop.ids.company, buyerId);
  expect(res.statusCode, res.body).toBe(200);
  return browser;
}

async function auditEntries(action: string): Promise<AuditEntry[]> {
  const res = await shop.clients.admin.get(`/api/audit-log?action=${action}&per_page=100`);
  expect(res.statusCode).toBe(200);
  return (res.json() as Page<AuditEntry>).data;
}

describe('staff sign in as a customer’s user (issue 19 point 5)', () => {
  it('opens the storefront as the user for 60 minutes, the staff session kept aside', async () => {
    const browser = await staffBrowser();
    const staffSession = browser.cookies.get('sonora_session');
    const res = await signInAs(browser, shop.ids.company, buyerId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ redirect: '/' });
    expect(browser.cookies.get('sonora_staff_session')).toBe(staffSession);
    expect(browser.cookies.get('sonora_session')).not.toBe(staffSession);
    const staffCookie = res.cookies.find((c) => c.name === 'sonora_staff_session')!;
    expect(staffCookie.httpOnly).toBe(true);

    const user = (await browser.get('/api/user')).json() as CurrentUser;
    expect(user.email).toBe(ACCOUNTS.buyer);
    expect(user.is_super_admin).toBe(false);
    expect(user.customer_role).toBe('buyer');
    expect(user.impersonation).toEqual({
      staff_email: ACCOUNTS.admin,
      expires_at: new Date(shop.t.clock.now.getTime() + IMPERSONATION_MINUTES * MINUTE).toISOString(),
    });
    // The new session has its own CSRF token: a write goes through.
    expect((await browser.post('/api/cart/items', {})).statusCode).not.toBe(419);
  });

  it('refuses the password, the API tokens, the second factor and the sessions with 403', async () => {
    const browser = await asBuyer();
    const refused = [
      browser.put(`/api/users/${buyerId}/password`, {
        current_password: DEMO_PASSWORD,
        password: 'An0ther-Passw0rd!',
        password_confirmation: 'An0ther-Passw0rd!',
      }),
      browser.get(`/api/users/${buyerId}/tokens`),
      browser.post(`/api/users/${buyerId}/request-token`, { name: 'help', scope: 'read' }),
      browser.get('/api/user/two-factor'),
      browser.get('/api/user/sessions'),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(companyMessages.notWhileImpersonating);
    }
  });

  it('cannot sign in as someone else from a session as a customer’s user (403)', async () => {
    const browser = await asBuyer();
    const res = await signInAs(browser, shop.ids.company, buyerId);
    expect(res.statusCode).toBe(403);
  });

  it('places an order on channel backoffice with the staff member’s name, all in the audit trail, then returns', async () => {
    const browser = await asBuyer();
    const product = await addProduct(shop.t.db, { price: 1500, stock: 10 });
    const res = await postOrder({ ...shop, clients: { ...shop.clients, company: browser } }, 'company', {
      products: [line(product.id, 2)],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json() as PlacedOrder;
    expect(order.channel).toBe('backoffice');
    expect(order.placed_by).toEqual({ email: ACCOUNTS.buyer, staff_email: ACCOUNTS.admin });

    const ended = await browser.post('/api/impersonation/end');
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ redirect: `/backoffice/customers/${shop.ids.company}` });
    expect(browser.cookies.has('sonora_staff_session')).toBe(false);
    const me = (await browser.get('/api/user')).json() as CurrentUser;
    expect(me.email).toBe(ACCOUNTS.admin);
    expect(me.is_super_admin).toBe(true);
    expect(me.impersonation).toBeNull();
    expect((await browser.get('/api/audit-log')).statusCode).toBe(200);
    // A back-office write with the restored session's CSRF token.
    const write = await browser.put(`/api/orders/${order.orderNo}`, { notes: 'Helped by phone' });
    expect(write.statusCode).not.toBe(419);

    const staffAndSubject = (e: AuditEntry) => ({
      user: e.user_email,
      subject: e.subject_email,
      entity: e.entity,
      id: e.entity_id,
    });
    const customerId = String(shop.ids.company);
    const subject = ACCOUNTS.buyer;
    expect((await auditEntries('impersonation-start')).map(staffAndSubject)).toContainEqual({
      user: ACCOUNTS.admin,
      subject,
      entity: 'customer',
      id: customerId,
    });
    const actions = await auditEntries('impersonation-action');
    const placed = actions.find((e) => e.entity_id === order.orderNo)!;
    expect(staffAndSubject(placed)).toEqual({
      user: ACCOUNTS.admin,
      subject,
      entity: 'POST /api/orders',
      id: order.orderNo,
    });
    expect(placed.changes?.http_status).toEqual({ to: 201 });
    expect(placed.changes?.payment_method).toEqual({ to: 'cash_on_delivery' });
    expect((await auditEntries('impersonation-end')).map(staffAndSubject)).toContainEqual({
      user: ACCOUNTS.admin,
      subject,
      entity: 'customer',
      id: customerId,
    });
  });

  it('records refused writes too, with their status, and no secret', async () => {
    const browser = await asBuyer();
    await browser.put(`/api/users/${buyerId}/password`, {
      current_password: DEMO_PASSWORD,
      password: 'An0ther-Passw0rd!',
      password_confirmation: 'An0ther-Passw0rd!',
    });
    const [entry] = (await auditEntries('impersonation-action')).filter(
      (e) => e.entity === 'PUT /api/users/:id/password',
    );
    expect(entry!.user_email).toBe(ACCOUNTS.admin);
    expect(entry!.subject_email).toBe(ACCOUNTS.buyer);
    expect(entry!.changes?.http_status).toEqual({ to: 403 });
    expect(JSON.stringify(entry!.changes)).not.toContain('An0ther');
  });

  it('ends after 60 minutes: the 61st minute is 401', async () => {
    const browser = await asBuyer();
    const start = shop.t.clock.now;
    try {
      shop.t.clock.now = new Date(start.getTime() + 59 * MINUTE);
      expect((await browser.get('/api/user')).statusCode).toBe(200);
      shop.t.clock.now = new Date(start.getTime() + 61 * MINUTE);
      expect((await browser.get('/api/user')).statusCode).toBe(401);
      const stale = await shop.t.app.inject({
        method: 'GET',
        url: '/api/user',
        cookies: { sonora_session: [...browser.cookies].find(([k]) => k === 'sonora_session')?.[1] ?? '' },
      });
      expect(stale.statusCode).toBe(401);
    } finally {
      shop.t.clock.now = start;
    }
  });

  it('gives the sign-in page when the staff session ended meanwhile', async () => {
    const browser = await asBuyer();
    const staffSession = browser.cookies.get('sonora_staff_session')!;
    await shop.t.db.delete(sessions).where(eq(sessions.tokenHash, sha256(staffSession)));
    // Past the session cache's few seconds, as another instance would be.
    shop.t.clock.now = new Date(shop.t.clock.now.getTime() + SESSION_CACHE_MS + 1000);
    const res = await browser.post('/api/impersonation/end');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ redirect: '/sign-in' });
    expect(browser.cookies.has('sonora_session')).toBe(false);
    expect(browser.cookies.has('sonora_staff_session')).toBe(false);
    expect((await browser.get('/api/user')).statusCode).toBe(401);
  });

  it('signing out while signed in as a customer drops the staff session kept aside too', async () => {
    const browser = await asBuyer();
    expect((await browser.post('/logout')).statusCode).toBe(204);
    expect(browser.cookies.has('sonora_session')).toBe(false);
    expect(browser.cookies.has('sonora_staff_session')).toBe(false);
    expect((await browser.get('/api/user')).statusCode).toBe(401);
    const [entry] = (await auditEntries('impersonation-action')).filter((e) => e.entity === 'POST /logout');
    expect(entry).toMatchObject({ user_email: ACCOUNTS.admin, subject_email: ACCOUNTS.buyer });
  });

  it('answers 409 to ending a session that is not a staff member’s as a customer', async () => {
    const res = await shop.clients.company.post('/api/impersonation/end');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(companyMessages.notImpersonating);
  });

  it('refuses a disabled user (409), a user of another customer (404) and a customer caller (403)', async () => {
    const { user: disabled } = await createUser(shop.t.db, {
      customerId: shop.ids.company,
      role: 'buyer',
      disabledAt: new Date(),
    });
    const browser = await staffBrowser();
    const refused = await signInAs(browser, shop.ids.company, disabled.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(companyMessages.userDisabled);
    expect((await signInAs(browser, shop.ids.private, buyerId)).statusCode).toBe(404);
    expect((await signInAs(shop.clients.company, shop.ids.company, buyerId)).statusCode).toBe(403);
    const [row] = await rowsOf<{ n: number }>(
      shop.t.db,
      sql`select count(*)::int as n from sessions where user_id = ${disabled.id}`,
    );
    expect(row!.n).toBe(0);
  });

  it('leaves the staff member’s session out of the customer user’s own sessions list', async () => {
    await asBuyer();
    const buyer = shop.t.client();
    expect((await buyer.login(ACCOUNTS.buyer, DEMO_PASSWORD)).statusCode).toBe(200);
    const res = await buyer.get('/api/user/sessions');
    expect(res.statusCode).toBe(200);
    const [row] = await rowsOf<{ own: number; staff: number }>(
      shop.t.db,
      sql`select count(*) filter (where impersonator_id is null)::int as own,
        count(*) filter (where impersonator_id is not null)::int as staff
        from sessions where user_id = ${buyerId} and expires_at > ${shop.t.clock.now.toISOString()}`,
    );
    expect(row!.staff).toBeGreaterThan(0);
    expect(res.json().data).toHaveLength(row!.own);
  });
});
