import { messages } from '@shop/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, auditLog } from '../../db/schema';
import { createTestApp, type TestApp, TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

let t: TestApp;
let start: Date;
beforeAll(async () => {
  t = await createTestApp();
  // TestClient drops cookies that expired by the wall clock; a super admin's short session set on the
  // test's fixed date would already count as expired, so this file runs on today's date.
  t.clock.now = new Date(Math.floor(Date.now() / 1000) * 1000);
  start = t.clock.now;
});
afterAll(() => t.close());
afterEach(() => {
  t.clock.now = start;
});

const DAY_MS = 86_400_000;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
let ipSeq = 0;

/** A signed-in browser, each from its own address so no per-address limit is shared between tests. */
async function signIn(options: Parameters<typeof createUser>[1] = {}) {
  const created = await createUser(t.db, options);
  ipSeq += 1;
  const client = new TestClient(t.app, `10.17.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`);
  await client.login(created.email, PASSWORD);
  return { ...created, client };
}

async function newToken(client: TestClient, userId: number, body: Record<string, unknown> = {}) {
  const res = await client.post(`/api/users/${userId}/request-token`, { name: 'Gestionale', ...body });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string; token: string };
}

function bearer(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body ? { payload: body } : {}),
  });
}

async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

function tokensOf(userId: number) {
  return t.db.select().from(apiTokens).where(eq(apiTokens.userId, userId));
}

function auditOf(action: string, entityId: number | string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
}

/** Every table of the shop, as a count and a digest of its rows: equal before and after = nothing changed. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ digest: string }>(
      sql`select count(*) || ':' || coalesce(md5(string_agg(r::text, ',' order by r::text)), '') as digest
          from ${sql.identifier(name)} r`,
    );
    out[name] = row!.digest;
  }
  return out;
}

describe('creating a token', () => {
  it('lasts 90 days read-write by default, so SPEC §7 clients sending a name keep working', async () => {
    const { user, client } = await signIn();
    const { id } = await newToken(client, user.id);
    const list = (await client.get(`/api/users/${user.id}/tokens`)).json().data;
    expect(list).toEqual([
      {
        id,
        name: 'Gestionale',
        scope: 'read-write',
        expires_at: new Date(start.getTime() + 90 * DAY_MS).toISOString(),
        last_used_at: null,
        created_at: expect.any(String),
      },
    ]);
    const [audit] = await auditOf('token-created', id);
    expect(audit).toMatchObject({ userId: user.id, entity: 'api-token' });
  });

  it('keeps the chosen expiry and scope, shown in the list', async () => {
    const { user, client } = await signIn();
    const { id } = await newToken(client, user.id, { expires_in_days: 365, scope: 'read' });
    const [row] = (await client.get(`/api/users/${user.id}/tokens`)).json().data;
    expect(row).toMatchObject({
      id,
      scope: 'read',
      expires_at: new Date(start.getTime() + 365 * DAY_MS).toISOString(),
    });
  });

  it('refuses an expiry over a year, under a day or not whole with 422, creating nothing', async () => {
    const { user, client } = await signIn();
    for (const days of [366, 0, -5, 1.5, '90']) {
      const res = await client.post(`/api/users/${user.id}/request-token`, {
        name: 'Troppo',
        expires_in_days: days,
      });
      expect(res.statusCode, String(days)).toBe(422);
      expect(res.json().errors.expires_in_days).toEqual([
        typeof days === 'string' ? messages.invalidValue : messages.apiTokenExpiryRange,
      ]);
    }
    const unknownScope = await client.post(`/api/users/${user.id}/request-token`, {
      name: 'Admin',
      scope: 'admin',
    });
    expect(unknownScope.statusCode).toBe(422);
    expect(unknownScope.json().errors.scope).toEqual([messages.invalidValue]);
    expect(await tokensOf(user.id)).toEqual([]);
  });

  it('refuses a token minted with a read-write token (403): it would outlive its parent', async () => {
    const { user, client } = await signIn();
    const { token } = await newToken(client, user.id, { expires_in_days: 30 });
    const res = await bearer(token, 'POST', `/api/users/${user.id}/request-token`, {
      name: 'Figlio',
      expires_in_days: 365,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.apiTokenFromToken);
    expect(await tokensOf(user.id)).toHaveLength(1);
  });
});

describe('using a token', () => {
  it('records when it was last used, at most once a minute', async () => {
    const { user, client } = await signIn();
    const { token } = await newToken(client, user.id);
    expect((await bearer(token, 'GET', '/api/user')).statusCode).toBe(200);
    const [first] = await tokensOf(user.id);
    expect(first!.lastUsedAt).toEqual(start);

    t.clock.now = new Date(start.getTime() + 30_000);
    await bearer(token, 'GET', '/api/user');
    expect((await tokensOf(user.id))[0]!.lastUsedAt).toEqual(start);

    const later = new Date(start.getTime() + 5 * 60_000);
    t.clock.now = later;
    await bearer(token, 'GET', '/api/user');
    const [row] = (await client.get(`/api/users/${user.id}/tokens`)).json().data;
    expect(row.last_used_at).toBe(later.toISOString());
  });

  it('refuses an expired token with 401, changing nothing', async () => {
    const { user, client } = await signIn();
    const { token } = await newToken(client, user.id, { expires_in_days: 1 });
    t.clock.now = new Date(start.getTime() + DAY_MS - 1000);
    expect((await bearer(token, 'GET', '/api/user')).statusCode).toBe(200);
    const lastUsed = (await tokensOf(user.id))[0]!.lastUsedAt;

    t.clock.now = new Date(start.getTime() + DAY_MS);
    const before = await snapshot();
    const read = await bearer(token, 'GET', '/api/user');
    expect(read.statusCode).toBe(401);
    expect(read.json().message).toBe('This API token has expired.');
    const write = await bearer(token, 'PUT', `/api/users/${user.id}/password`, {
      password: 'Scaduto-12!',
      password_confirmation: 'Scaduto-12!',
    });
    expect(write.statusCode).toBe(401);
    expect(write.json().message).toBe(messages.apiTokenExpired);
    expect(await snapshot()).toEqual(before);
    expect((await tokensOf(user.id))[0]!.lastUsedAt).toEqual(lastUsed);

    // Still listed, so the user sees it expired and can revoke it.
    const [row] = (await client.get(`/api/users/${user.id}/tokens`)).json().data;
    expect(new Date(row.expires_at).getTime()).toBeLessThanOrEqual(t.clock.now.getTime());
  });

  it('lets a read-only token read, and refuses its writes with 403', async () => {
    const admin = await signIn({ isSuperAdmin: true });
    const { token } = await newToken(admin.client, admin.user.id, { scope: 'read' });
    expect((await bearer(token, 'GET', '/api/user')).json().id).toBe(admin.user.id);
    expect((await bearer(token, 'GET', '/api/orders')).statusCode).toBe(200);
    expect((await bearer(token, 'GET', `/api/users/${admin.user.id}/tokens`)).statusCode).toBe(200);

    const res = await bearer(token, 'POST', '/api/vats', { rate: 10 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This API token is read-only: it cannot change anything.' });
  });

  it('refuses every scope escalation by a read-only token with 403, changing nothing', async () => {
    const { user, client } = await signIn();
    const { id, token } = await newToken(client, user.id, { scope: 'read' });
    await bearer(token, 'GET', '/api/user');
    const before = await snapshot();
    const attempts = [
      bearer(token, 'POST', `/api/users/${user.id}/request-token`, { name: 'Su', scope: 'read-write' }),
      bearer(token, 'DELETE', `/api/users/${user.id}/${id}/revoke`),
      bearer(token, 'PUT', `/api/users/${user.id}/password`, {
        current_password: PASSWORD,
        password: 'Rubata-123!',
        password_confirmation: 'Rubata-123!',
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(messages.apiTokenReadOnly);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('a password change or reset revokes every token', () => {
  it('on a change: tokens gone, the user mailed how many, the audit log written', async () => {
    const { user, email, client } = await signIn();
    const a = await newToken(client, user.id, { name: 'Uno' });
    const b = await newToken(client, user.id, { name: 'Due', scope: 'read' });
    const mails = t.mails.length;

    const res = await client.put(`/api/users/${user.id}/password`, {
      current_password: PASSWORD,
      password: 'Cambiata-9!',
      password_confirmation: 'Cambiata-9!',
    });
    expect(res.statusCode).toBe(204);
    expect(await tokensOf(user.id)).toEqual([]);
    expect((await bearer(a.token, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await client.get(`/api/users/${user.id}/tokens`)).json().data).toEqual([]);

    expect(t.mails.slice(mails)).toEqual([
      expect.objectContaining({
        to: email,
        subject: 'I tuoi token API sono stati revocati / Your API tokens were revoked',
      }),
    ]);
    const text = t.mails.at(-1)!.text;
    expect(text).toContain('i tuoi 2 token API sono stati revocati');
    expect(text).toContain('your 2 API tokens were revoked');
    expect(text).toContain('/profile?tab=api-tokens');

    expect(await auditOf('password-changed', user.id)).toEqual([
      expect.objectContaining({ userId: user.id, entity: 'user' }),
    ]);
    for (const { id } of [a, b]) {
      expect(await auditOf('token-revoked', id)).toEqual([
        expect.objectContaining({ userId: user.id, entity: 'api-token' }),
      ]);
    }
  });

  it('mails nothing when the user had no tokens', async () => {
    const { user, client } = await signIn();
    const mails = t.mails.length;
    const res = await client.put(`/api/users/${user.id}/password`, {
      current_password: PASSWORD,
      password: 'Cambiata-9!',
      password_confirmation: 'Cambiata-9!',
    });
    expect(res.statusCode).toBe(204);
    expect(t.mails.length).toBe(mails);
    expect(await auditOf('password-changed', user.id)).toHaveLength(1);
  });

  it('on a change by a read-write token: that token goes too', async () => {
    const { user, client } = await signIn();
    const { token } = await newToken(client, user.id);
    const res = await bearer(token, 'PUT', `/api/users/${user.id}/password`, {
      current_password: PASSWORD,
      password: 'Cambiata-9!',
      password_confirmation: 'Cambiata-9!',
    });
    expect(res.statusCode).toBe(204);
    expect((await bearer(token, 'GET', '/api/user')).statusCode).toBe(401);
    expect(t.mails.at(-1)!.text).toContain('your API token was revoked');
  });

  it('on a reset: tokens gone, the user mailed, the audit log written in their name', async () => {
    const { user, email, client } = await signIn();
    const { id, token } = await newToken(client, user.id);
    const anonymous = new TestClient(t.app, '10.99.0.1');
    await anonymous.get('/sanctum/csrf-cookie');
    await anonymous.post('/forgot-password', { email });
    const link = /\/reset-password\/([\w-]+)\?email=/.exec(t.mails.at(-1)!.text)![1]!;

    const res = await anonymous.post('/reset-password', {
      token: link,
      email,
      password: 'Nuova-pass2!',
      password_confirmation: 'Nuova-pass2!',
    });
    expect(res.statusCode).toBe(200);
    expect(await tokensOf(user.id)).toEqual([]);
    expect((await bearer(token, 'GET', '/api/user')).statusCode).toBe(401);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.text).toContain('La password del tuo account è stata reimpostata');
    expect(mail.text).toContain('The password of your account was reset, so your API token was revoked.');
    expect(await auditOf('password-reset', user.id)).toEqual([
      expect.objectContaining({ userId: user.id, userEmail: email }),
    ]);
    expect(await auditOf('token-revoked', id)).toEqual([
      expect.objectContaining({ userId: user.id, userEmail: email }),
    ]);
  });
});

describe('scope matrix (issue 17)', () => {
  /** An example value for each path parameter, so the URL reaches its route. */
  function expand(url: string): string {
    return url.replace(/:(\w+)/g, (_, name: string) => (/no$/i.test(name) ? 'ORD-1' : '1')).replace('*', 'x');
  }

  it("refuses a super admin's read-only token on every state-changing route with 403, before anything runs", async () => {
    const admin = await signIn({ isSuperAdmin: true });
    const { token } = await newToken(admin.client, admin.user.id, { scope: 'read' });
    const readWrite = await newToken(admin.client, admin.user.id, { name: 'Pieno' });
    // Used once first, so its last-used time stays put during the matrix.
    await bearer(token, 'GET', '/api/user');

    // No route is left out: payment and ERP callbacks authenticate by their own signature and never
    // carry a shop token, and a read-only token sent to them is refused like anywhere else.
    const writes = t.app.routeList.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => !SAFE.has(method))
        .map((method) => ({ method, url: route.url })),
    );
    expect(writes.length).toBeGreaterThan(80);

    const before = await snapshot();
    const refused: string[] = [];
    for (const { method, url } of writes) {
      const res = await t.app.inject({
        method: method as 'POST',
        url: expand(url),
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      });
      if (res.statusCode === 403 && res.json().message === messages.apiTokenReadOnly) {
        refused.push(`${method} ${url}`);
      }
    }
    expect(refused).toEqual(writes.map(({ method, url }) => `${method} ${url}`));
    expect(await snapshot()).toEqual(before);

    // The refusal is the scope's: the same admin's read-write token gets through to the handler.
    const vat = await bearer(readWrite.token, 'POST', '/api/vats', {});
    expect(vat.statusCode).toBe(422);
  });
});
