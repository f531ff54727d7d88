import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PlacedOrder } from '@shop/domain';
import { type ErpSim, startErpSim } from '@shop/erp-sim';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db/client';
import { ACCOUNTS, DEMO_PASSWORD, seedDemo } from './db/seed/demo';
import { SETTINGS_CACHE_MS } from './lib/settings-cache';
import { rowsOf } from './modules/orders/checkout.fixtures';
import { PRICING_TTL_MS } from './modules/products/products.service';
import { type ServerProcess, startServer } from './test/server-process';

/**
 * Issue 18 point 8: two server processes on one PostgreSQL database, started together, behind a
 * round-robin proxy, as a load balancer runs them. What one instance does the other sees: the
 * migrations ran once, a session, a scheduled job run once, a discount rule and a setting within their
 * cache windows, an order pushed to the ERP once.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const TOKEN = 'two-instances-erp-token';
const migrationCount = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** A round-robin reverse proxy: request n goes to upstream n mod 2; `x-upstream` says which served it. */
function roundRobinProxy(upstreams: string[]) {
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next++ % upstreams.length;
    const target = new URL(request.url ?? '/', upstreams[index]);
    const forwarded = http.request(
      target,
      { method: request.method, headers: { ...request.headers, host: target.host } },
      (upstream) => {
        response.writeHead(upstream.statusCode ?? 502, { ...upstream.headers, 'x-upstream': String(index) });
        upstream.pipe(response);
      },
    );
    forwarded.on('error', () => {
      response.writeHead(502).end();
    });
    request.pipe(forwarded);
  });
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** A browser's cookie jar and XSRF header, usable against the proxy or one instance directly. */
function browser() {
  const cookies = new Map<string, string>();
  return async (base: string, method: string, url: string, body?: unknown) => {
    const xsrf = cookies.get('XSRF-TOKEN');
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'POST' && url === '/api/orders'
          ? { 'idempotency-key': randomBytes(8).toString('hex') }
          : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  };
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!baseUrl)('two instances on one PostgreSQL database', () => {
  const name = `test_two_${process.pid}_${randomBytes(4).toString('hex')}`;
  let dataDir = '';
  let database: Database;
  let sim: ErpSim;
  let proxy: Awaited<ReturnType<typeof roundRobinProxy>>;
  let instances: ServerProcess[] = [];
  let slot: Date;

  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    const url = new URL(baseUrl!);
    url.pathname = `/${name}`;
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-two-'));
    sim = await startErpSim({ token: TOKEN });
    // Both start at once on the empty database: both try to migrate it. They share DATA_DIR, as
    // instances on one machine or one network volume do.
    const env = { ERP_URL: sim.url, ERP_TOKEN: TOKEN, PAYMENTS_TEST_MODE: 'true' };
    const started = await Promise.allSettled([
      startServer(dataDir, env, { databaseUrl: url.toString() }),
      startServer(dataDir, env, { databaseUrl: url.toString() }),
    ]);
    instances = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    proxy = await roundRobinProxy(instances.map((i) => i.url));

    database = await openDatabase({ kind: 'pg', url: url.toString(), poolSize: 2 });

    // The daily cancel-unpaid job, moved to a minute of the next ~2 minutes (UTC) through pg-boss's own
    // schedule table. The slot must start after this update: pg-boss sends a cron job only from a check
    // made within the minute after its slot, one check at a time across instances, so a check made
    // before the update, in an already started slot, was the slot's only one (a CI run saw no job).
    const [now] = await rowsOf<{ epoch: number }>(
      database.db,
      sql`select extract(epoch from now())::float as epoch`,
    );
    const next = Math.floor(now!.epoch / 60) * 60 + 60;
    slot = new Date((next - now!.epoch >= 5 ? next : next + 60) * 1000);
    await database.db.execute(
      sql`update pgboss.schedule set cron = ${`${slot.getUTCMinutes()} ${slot.getUTCHours()} * * *`},
        timezone = 'UTC' where name = 'cancel-unpaid'`,
    );
    // After the schedule: the wait for the slot runs while the demo data loads.
    await seedDemo(database.db, { productCount: 50 });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      instances.map(async (instance) => {
        instance.process.kill('SIGTERM');
        await instance.exited;
      }),
    );
    await proxy?.close();
    await sim?.close();
    await database?.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('migrates the database once when both start together', async () => {
    expect(instances).toHaveLength(2);
    for (const instance of instances)
      expect((await fetch(`${instance.url}/api/health/ready`)).status).toBe(200);
    const [migrations] = await rowsOf<{ all: number; distinct: number }>(
      database.db,
      sql`select count(*)::int as all, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
    );
    expect(migrations).toEqual({ all: migrationCount, distinct: migrationCount });
  });

  it('keeps a session made on one instance on the other', async () => {
    const request = browser();
    const served: string[] = [];
    const send = async (method: string, url: string, body?: unknown) => {
      const response = await request(proxy.url, method, url, body);
      served.push(response.headers.get('x-upstream')!);
      return response;
    };
    expect((await send('GET', '/sanctum/csrf-cookie')).status).toBe(204);
    // The CSRF token of one instance is accepted by the other, the session it opens is known to both.
    expect((await send('POST', '/login', { email: ACCOUNTS.admin, password: DEMO_PASSWORD })).status).toBe(
      200,
    );
    const first = await send('GET', '/api/user');
    const second = await send('GET', '/api/user');
    // The cookie came from one instance, the sign-in went to the other, and so on alternately.
    expect(served).toEqual(served[0] === '0' ? ['0', '1', '0', '1'] : ['1', '0', '1', '0']);
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expect(((await response.json()) as { email: string }).email).toBe(ACCOUNTS.admin);
    }
    expect((await send('POST', '/logout', {})).status).toBe(204);
    expect((await send('GET', '/api/user')).status).toBe(401);
  });

  it('reprices on the other instance within the pricing cache window after a discount rule changes', async () => {
    const [ids] = await rowsOf<{ product: number; sku: string; group: number; category: number }>(
      database.db,
      sql`select p.id as product, p.sku, (select id from customer_groups where code = 'RIVENDITORI') as group,
        p.category_id as category from products p join categories c on c.id = p.category_id
        where p.parent_id is null and c.code = 'HI_FI' order by p.id limit 1`,
    );
    await database.db.execute(sql`update products set price = 12345 where id = ${ids!.product}`);
    await database.db.execute(sql`delete from campaign_rows where product_id = ${ids!.product}`);
    const [a, b] = instances.map((i) => i.url) as [string, string];
    const company = browser();
    await company(proxy.url, 'GET', '/sanctum/csrf-cookie');
    expect(
      (await company(proxy.url, 'POST', '/login', { email: ACCOUNTS.company, password: DEMO_PASSWORD }))
        .status,
    ).toBe(200);
    const priceOn = async (base: string) => {
      const response = await company(base, 'GET', `/api/products/${ids!.sku}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { price: { discounted_price: number } }).price.discounted_price;
    };
    // RIVENDITORI has no HI_FI rule: 2% base discount, now in both instances' pricing caches.
    expect(await priceOn(a)).toBe(12098);
    expect(await priceOn(b)).toBe(12098);

    const admin = browser();
    await admin(a, 'GET', '/sanctum/csrf-cookie');
    expect(
      (await admin(a, 'POST', '/login', { email: ACCOUNTS.admin, password: DEMO_PASSWORD })).status,
    ).toBe(200);
    const rule = { customerGroupId: ids!.group, productCategoryId: ids!.category, rate: 1000, priority: 1 };
    const created = await admin(a, 'POST', '/api/discount-rules', rule);
    expect(created.status).toBe(201);
    const changedAt = Date.now();
    // 2% then 10%: 123.45 × 0.98 × 0.90 = 108.88. A, which made the change, knows at once.
    expect(await priceOn(a)).toBe(10888);
    let seen = await priceOn(b);
    while (seen !== 10888 && Date.now() - changedAt < PRICING_TTL_MS + 3_000) {
      await sleep(250);
      seen = await priceOn(b);
    }
    expect(seen).toBe(10888);
    // The window, plus a poll's interval and the request's own time on a busy machine.
    expect(Date.now() - changedAt).toBeLessThanOrEqual(PRICING_TTL_MS + 2_000);
  }, 30_000);

  it('uses a settings change made on one instance on the other within the settings cache window', async () => {
    const [product] = await rowsOf<{ id: number }>(
      database.db,
      sql`select p.id from products p join stocks s on s.product_id = p.id
        where not p.has_variants and s.on_hand - s.ordered >= 1 and p.available order by p.id limit 1`,
    );
    const [a, b] = instances.map((i) => i.url) as [string, string];
    const company = browser();
    await company(proxy.url, 'GET', '/sanctum/csrf-cookie');
    expect(
      (await company(proxy.url, 'POST', '/login', { email: ACCOUNTS.company, password: DEMO_PASSWORD }))
        .status,
    ).toBe(200);
    const codFeeOn = async (base: string) => {
      const response = await company(base, 'POST', '/api/cart/quote', {
        products: [{ id: product!.id, isVariant: false, quantity: 1 }],
        payment_method: 'cash_on_delivery',
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { payment_fee: number }).payment_fee;
    };
    // The demo's 5.00 fee, now in both instances' caches of the shop's terms.
    expect(await codFeeOn(a)).toBe(500);
    expect(await codFeeOn(b)).toBe(500);

    const admin = browser();
    await admin(a, 'GET', '/sanctum/csrf-cookie');
    expect(
      (await admin(a, 'POST', '/login', { email: ACCOUNTS.admin, password: DEMO_PASSWORD })).status,
    ).toBe(200);
    const {
      mail_from_default: _default,
      next_documents: _next,
      ...current
    } = (await (await admin(a, 'GET', '/api/settings')).json()) as Record<string, unknown>;
    expect((await admin(a, 'PUT', '/api/settings', { ...current, cod_fee: 700 })).status).toBe(200);
    const changedAt = Date.now();
    expect(await codFeeOn(a)).toBe(700);
    let seen = await codFeeOn(b);
    while (seen !== 700 && Date.now() - changedAt < SETTINGS_CACHE_MS + 3_000) {
      await sleep(500);
      seen = await codFeeOn(b);
    }
    expect(seen).toBe(700);
    // The window, plus a poll's interval and the request's own time on a busy machine.
    expect(Date.now() - changedAt).toBeLessThanOrEqual(SETTINGS_CACHE_MS + 2_000);
  }, 60_000);

  it('pushes an order placed through the proxy to the ERP once', async () => {
    const [ids] = await rowsOf<{ product: number; billing: number; shipping: number }>(
      database.db,
      sql`select
        (select p.id from products p join stocks s on s.product_id = p.id
          where not p.has_variants and s.on_hand - s.ordered >= 5 and p.available
          order by p.id limit 1) as product,
        (select a.id from customer_addresses a join customers c on c.id = a.customer_id
          where c.email = ${ACCOUNTS.company} and a.type = 'B' and a.is_default) as billing,
        (select a.id from customer_addresses a join customers c on c.id = a.customer_id
          where c.email = ${ACCOUNTS.company} and a.type = 'S' and a.is_default) as shipping`,
    );
    // Slow pushes: both instances' outbox relays and workers run while the first push is in flight.
    sim.store.delayMs = 1_500;
    const company = browser();
    await company(proxy.url, 'GET', '/sanctum/csrf-cookie');
    expect(
      (await company(proxy.url, 'POST', '/login', { email: ACCOUNTS.company, password: DEMO_PASSWORD }))
        .status,
    ).toBe(200);
    const placed = await company(proxy.url, 'POST', '/api/orders', {
      products: [{ id: ids!.product, isVariant: false, quantity: 2 }],
      payment_method: 'cash_on_delivery',
      billing: { address_id: ids!.billing },
      shipping: { address_id: ids!.shipping },
    });
    expect(placed.status).toBe(201);
    const { order } = (await placed.json()) as PlacedOrder;

    const received = async () => {
      const response = await fetch(`${sim.url}/_sim/orders/${order.orderNo}`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      return response.status === 200 ? ((await response.json()) as { received: number }).received : 0;
    };
    const deadline = Date.now() + 30_000;
    while ((await received()) === 0 && Date.now() < deadline) await sleep(250);
    // Long enough for a second push from either instance to arrive, were there one.
    await sleep(4_000);
    expect(await received()).toBe(1);
    const [sync] = await rowsOf<{ statuses: string[] }>(
      database.db,
      sql`select array_agg(status) as statuses from erp_syncs where entity = 'order' and key = ${order.orderNo}`,
    );
    expect(sync!.statuses).toEqual(['sent']);
  }, 60_000);

  it('runs a scheduled job once for its slot while both instances run', async () => {
    // pg-boss sends a cron job during the minute after its slot; give its workers a few seconds more.
    await sleep(Math.max(0, slot.getTime() + 75_000 - Date.now()));
    const jobs = await rowsOf<{ state: string }>(
      database.db,
      sql`select state from pgboss.job where name = 'cancel-unpaid'
          and created_on >= ${slot.toISOString()}::timestamptz
        union all select state from pgboss.archive where name = 'cancel-unpaid'
          and created_on >= ${slot.toISOString()}::timestamptz`,
    );
    expect(jobs).toEqual([{ state: 'completed' }]);
    for (const instance of instances) expect(instance.process.exitCode).toBeNull();
  }, 240_000);
});
