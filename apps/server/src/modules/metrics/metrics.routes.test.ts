import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlacedOrder } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Jobs, startJobs } from '../../lib/jobs';
import { startMetricsServer } from '../../lib/metrics';
import { createTestApp } from '../../test/app';
import { addProduct, line, openShop, postOrder, type Shop } from '../orders/checkout.fixtures';

/**
 * GET /metrics (issue 18): Prometheus text for a bearer token only, with requests by route pattern,
 * orders placed, payments by outcome, the database pool, the job queues and the process.
 */

const TOKEN = 'metrics-token-0123456789abcdef';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const form = { 'content-type': 'application/x-www-form-urlencoded' };

let shop: Shop;
let jobs: Jobs;
beforeAll(async () => {
  shop = await openShop({ METRICS_TOKEN: TOKEN });
  jobs = await startJobs(shop.t.app.deps, shop.t.database, shop.t.app.log);
});
afterAll(async () => {
  await jobs.stop();
  await shop.t.close();
});

async function scrape(): Promise<string> {
  const res = await shop.t.client().get('/metrics', bearer(TOKEN));
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** A sample's value: the line of `name` whose labels include `labels`; undefined when none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const row of text.split('\n')) {
    const match = row.match(/^([a-z_:]+)(?:\{(.*)\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const has = Object.entries(labels).every(([k, v]) => (match[2] ?? '').includes(`${k}="${v}"`));
    if (has) return Number(match[3]);
  }
  return undefined;
}

describe('who may read the metrics', () => {
  it('answers 401 without a token and with a wrong one, 200 with METRICS_TOKEN', async () => {
    const client = shop.t.client();
    expect((await client.get('/metrics')).statusCode).toBe(401);
    expect((await client.get('/metrics', bearer('wrong-token-0123456789abcdef'))).statusCode).toBe(401);
    expect((await client.get('/metrics', bearer(`${TOKEN}x`))).statusCode).toBe(401);
    // An admin's session is no substitute for the token.
    expect((await shop.clients.admin.get('/metrics')).statusCode).toBe(401);
    expect((await client.get('/metrics', bearer(TOKEN))).statusCode).toBe(200);
  });

  it('answers 404 while METRICS_TOKEN is unset', async () => {
    const off = await createTestApp();
    try {
      const res = await off.client().get('/metrics', bearer(TOKEN));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
    } finally {
      await off.close();
    }
  });
});

describe('what the metrics hold', () => {
  it('counts a request by its route pattern and status, never by its raw URL', async () => {
    const count = { method: 'GET', route: '/api/campaigns/:id', status_code: '404' };
    const before = sample(await scrape(), 'sonora_http_request_duration_seconds_count', count) ?? 0;
    expect((await shop.t.client().get('/api/campaigns/987654')).statusCode).toBe(404);
    const text = await scrape();
    expect(sample(text, 'sonora_http_request_duration_seconds_count', count)).toBe(before + 1);
    expect(sample(text, 'sonora_http_request_duration_seconds_bucket', { ...count, le: '+Inf' })).toBe(
      before + 1,
    );
    expect(text).not.toContain('987654');
  });

  it('counts an order placed, and a card payment approved through the test gateway', async () => {
    const before = await scrape();
    const ordersBefore = sample(before, 'sonora_orders_placed_total', { payment_method: 'card' }) ?? 0;
    const approvedBefore =
      sample(before, 'sonora_payments_total', { gateway: 'test', outcome: 'approved' }) ?? 0;

    const p = await addProduct(shop.t.db, { stock: 5 });
    const res = await postOrder(shop, 'company', { products: [line(p.id)], payment_method: 'card' });
    expect(res.statusCode).toBe(201);
    const placed = res.json() as PlacedOrder;
    const page = await shop.t.client().post(placed.payment!.redirect_url, 'outcome=approved', form);
    expect(page.statusCode).toBe(307);
    const callback = await shop.t.client().post(page.headers.location as string, 'outcome=approved', form);
    expect(callback.statusCode).toBe(303);

    const after = await scrape();
    expect(sample(after, 'sonora_orders_placed_total', { payment_method: 'card' })).toBe(ordersBefore + 1);
    expect(sample(after, 'sonora_payments_total', { gateway: 'test', outcome: 'approved' })).toBe(
      approvedBefore + 1,
    );
  });

  it('does not count an order again when its Idempotency-Key is replayed', async () => {
    const p = await addProduct(shop.t.db, { stock: 5 });
    const key = { 'idempotency-key': `metrics-replay-${Date.now()}` };
    const body = { products: [line(p.id)] };
    expect((await postOrder(shop, 'private', body, key)).statusCode).toBe(201);
    const once = sample(await scrape(), 'sonora_orders_placed_total', { payment_method: 'cash_on_delivery' });
    expect((await postOrder(shop, 'private', body, key)).statusCode).toBe(200);
    expect(sample(await scrape(), 'sonora_orders_placed_total', { payment_method: 'cash_on_delivery' })).toBe(
      once,
    );
  });

  it('reports the job queues by state', async () => {
    const text = await scrape();
    for (const queue of [
      'cancel-unpaid',
      'catalogue-changes',
      'erp-sync',
      'mail',
      'stock-alerts',
      'stock-allocation',
    ]) {
      expect(sample(text, 'sonora_job_queue_jobs', { queue, state: 'failed' })).toBe(0);
    }
    expect(text).not.toContain('queue="__pgboss__');
  });

  it('reports the database pool: its size and use on PostgreSQL, one connection embedded', async () => {
    const text = await scrape();
    if (shop.t.database.kind === 'pglite') {
      expect(sample(text, 'sonora_db_pool_max')).toBe(1);
      return;
    }
    expect(sample(text, 'sonora_db_pool_max')).toBe(5);
    const inUse = sample(text, 'sonora_db_pool_connections', { state: 'in_use' })!;
    const idle = sample(text, 'sonora_db_pool_connections', { state: 'idle' })!;
    expect(inUse + idle).toBeGreaterThan(0);
    expect(inUse + idle).toBeLessThanOrEqual(5);
    expect(sample(text, 'sonora_db_pool_waiting')).toBe(0);
    expect(sample(text, 'sonora_db_pool_acquires_total')).toBeGreaterThan(10);
    expect(sample(text, 'sonora_db_pool_acquire_wait_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'sonora_db_pool_acquire_timeouts_total')).toBe(0);
  });

  it('holds every metric the Grafana dashboard charts', async () => {
    const dashboard = readFileSync(
      new URL('../../../../../deploy/grafana/sonora-dashboard.json', import.meta.url),
      'utf8',
    );
    const charted = new Set(dashboard.match(/\b(sonora|process|nodejs)_[a-z0-9_]+/g));
    expect(charted.size).toBeGreaterThan(10);
    const text = await scrape();
    // A histogram's series (_bucket, _count) belong to its family; a family is declared even without samples.
    const family = (name: string) => name.replace(/_(bucket|count)$/, '');
    expect([...charted].filter((name) => !text.includes(`# TYPE ${family(name)} `))).toEqual([]);
  });

  it("includes the process's own metrics", async () => {
    const text = await scrape();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });
});

describe('the internal metrics port', () => {
  let server: Server;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('serves the same metrics without a token, on the loopback', async () => {
    server = await startMetricsServer(shop.t.app.deps.metrics, 0, '127.0.0.1');
    const { address, port } = server.address() as AddressInfo;
    expect(address).toBe('127.0.0.1');
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('sonora_http_request_duration_seconds_count');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});
