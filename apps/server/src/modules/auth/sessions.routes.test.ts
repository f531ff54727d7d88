import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { rowsOf } from '../orders/checkout.fixtures';

const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function browser(ip: string, userAgent: string): TestClient {
  const client = t.client();
  client.ip = ip;
  client.userAgent = userAgent;
  return client;
}

async function advance(ms: number) {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
}

describe('a new session at every sign-in (issue 17 point 2)', () => {
  it('signing in again gives a new session id and ends the browser’s previous one', async () => {
    const { email } = await createUser(t.db);
    const client = t.client();
    await client.login(email, PASSWORD);
    const first = client.cookies.get('sonora_session')!;
    await client.login(email, PASSWORD);
    const second = client.cookies.get('sonora_session')!;
    expect(second).not.toBe(first);
    expect((await client.get('/api/user')).statusCode).toBe(200);

    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      cookies: { sonora_session: first },
    });
    expect(replay.statusCode).toBe(401);
    const [row] = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sessions where user_id = (select id from users where email = ${email})`,
    );
    expect(row!.n).toBe(1);
  });

  it('a session cookie planted before sign-in (fixation) is not the one that signs in', async () => {
    const { email } = await createUser(t.db);
    const attacker = t.client();
    await attacker.login(email, PASSWORD);
    const planted = attacker.cookies.get('sonora_session')!;
    const victim = t.client();
    victim.cookies.set('sonora_session', planted);
    await victim.login(email, PASSWORD);
    expect(victim.cookies.get('sonora_session')).not.toBe(planted);
    expect((await attacker.get('/api/user')).statusCode).toBe(401);
  });
});

describe('absolute session lifetime (issue 17 point 2)', () => {
  it('a customer’s session slides while used but ends 30 days after sign-in', async () => {
    const { email } = await createUser(t.db);
    const client = t.client();
    await client.login(email, PASSWORD);
    const start = t.clock.now.getTime();
    for (let day = 6; day < 30; day += 6) {
      t.clock.now = new Date(start + day * DAY);
      expect((await client.get('/api/user')).statusCode).toBe(200);
    }
    t.clock.now = new Date(start + 30 * DAY - HOUR);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    t.clock.now = new Date(start + 30 * DAY + 1_000);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('a staff session ends 12 hours after sign-in however busy', async () => {
    const { email } = await createUser(t.db, { isSuperAdmin: true });
    const client = t.client();
    await client.login(email, PASSWORD);
    const start = t.clock.now.getTime();
    for (let hour = 1; hour < 12; hour++) {
      t.clock.now = new Date(start + hour * HOUR);
      expect((await client.get('/api/user')).statusCode).toBe(200);
    }
    t.clock.now = new Date(start + 12 * HOUR + 1_000);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('the lifetimes are configurable', async () => {
    const short = await createTestApp({ SESSION_MAX_HOURS_CUSTOMER: '2', SESSION_MAX_HOURS_STAFF: '1' });
    try {
      const { email } = await createUser(short.db);
      const client = short.client();
      const signedIn = await client.login(email, PASSWORD);
      const cookie = signedIn.cookies.find((c) => c.name === 'sonora_session');
      expect(new Date(cookie!.expires!).getTime()).toBe(short.clock.now.getTime() + 2 * HOUR);
      short.clock.now = new Date(short.clock.now.getTime() + 2 * HOUR + 1_000);
      expect((await client.get('/api/user')).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('the account’s sessions (issue 17 point 2)', () => {
  it('lists each signed-in browser with its device, address, start and last use', async () => {
    const { email } = await createUser(t.db);
    const office = browser('203.0.113.7', FIREFOX_MAC);
    await office.login(email, PASSWORD);
    const startedAt = t.clock.now.toISOString();
    await advance(10 * 60_000);
    const home = browser('198.51.100.20', CHROME_WINDOWS);
    await home.login(email, PASSWORD);
    const homeStartedAt = t.clock.now.toISOString();
    await advance(6 * 60_000);
    await office.get('/api/user');
    const officeSeenAt = t.clock.now.toISOString();
    await advance(6 * 60_000);

    const res = await home.get('/api/user/sessions');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: expect.any(Number),
        browser: 'Chrome',
        os: 'Windows',
        ip: '198.51.100.20',
        started_at: homeStartedAt,
        last_seen_at: t.clock.now.toISOString(),
        current: true,
      },
      {
        id: expect.any(Number),
        browser: 'Firefox',
        os: 'macOS',
        ip: '203.0.113.7',
        started_at: startedAt,
        last_seen_at: officeSeenAt,
        current: false,
      },
    ]);
  });

  it('signs one other browser out: it is refused at once, the others stay signed in', async () => {
    const { email } = await createUser(t.db);
    const [a, b, c] = [
      browser('203.0.113.1', FIREFOX_MAC),
      browser('203.0.113.2', CHROME_WINDOWS),
      browser('203.0.113.3', CHROME_WINDOWS),
    ];
    for (const client of [a, b, c]) await client.login(email, PASSWORD);
    const sessions = (await a.get('/api/user/sessions')).json().data as { id: number; ip: string }[];
    const target = sessions.find((s) => s.ip === '203.0.113.2')!;

    const res = await a.delete(`/api/user/sessions/${target.id}`);
    expect(res.statusCode).toBe(204);
    expect((await b.get('/api/user')).statusCode).toBe(401);
    expect((await c.get('/api/user')).statusCode).toBe(200);
    expect((await a.get('/api/user/sessions')).json().data).toHaveLength(2);

    const again = await a.delete(`/api/user/sessions/${target.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This session has already ended.');
  });

  it('cannot sign out another account’s session: 404, nothing ended', async () => {
    const victim = await createUser(t.db);
    const victimBrowser = t.client();
    await victimBrowser.login(victim.email, PASSWORD);
    const [victimSession] = (await victimBrowser.get('/api/user/sessions')).json().data;

    const attacker = t.client();
    await attacker.login((await createUser(t.db)).email, PASSWORD);
    expect((await attacker.delete(`/api/user/sessions/${victimSession.id}`)).statusCode).toBe(404);
    expect((await attacker.get('/api/user/sessions')).json().data).toHaveLength(1);
    expect((await victimBrowser.get('/api/user')).statusCode).toBe(200);
  });

  it('signs out everywhere else, keeping this browser', async () => {
    const { email } = await createUser(t.db);
    const here = browser('203.0.113.10', FIREFOX_MAC);
    const others = [browser('203.0.113.11', CHROME_WINDOWS), browser('203.0.113.12', CHROME_WINDOWS)];
    await here.login(email, PASSWORD);
    for (const client of others) await client.login(email, PASSWORD);

    expect((await here.delete('/api/user/other-sessions')).statusCode).toBe(204);
    for (const client of others) expect((await client.get('/api/user')).statusCode).toBe(401);
    expect((await here.get('/api/user')).statusCode).toBe(200);
    const { data } = (await here.get('/api/user/sessions')).json();
    expect(data).toEqual([expect.objectContaining({ ip: '203.0.113.10', current: true })]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.client().get('/api/user/sessions')).statusCode).toBe(401);
  });
});

describe('sign-ins in the audit log (issue 17 point 7)', () => {
  it('records each sign-in and failed sign-in with the address', async () => {
    const { email } = await createUser(t.db);
    const client = browser('203.0.113.99', FIREFOX_MAC);
    await client.login(email, 'Wrong-pass1');
    await client.login(email, PASSWORD);
    const rows = await rowsOf<{ action: string; ip: string; user_id: number | null }>(
      t.db,
      sql`select action, ip, user_id from audit_log where user_email = ${email} order by id`,
    );
    expect(rows.map((r) => [r.action, r.ip])).toEqual([
      ['sign-in-failed', '203.0.113.99'],
      ['sign-in', '203.0.113.99'],
    ]);
    expect(rows.every((r) => r.user_id !== null)).toBe(true);
  });
});
