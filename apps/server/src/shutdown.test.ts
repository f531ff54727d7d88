import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Import, messages } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo';
import { rowsOf } from './modules/orders/checkout.fixtures';
import { checkout, type Outcome, prepareLoadShop, reads, wholeness } from './test/checkout-load';
import { httpClient, type ServerProcess, startServer } from './test/server-process';

/**
 * A bounded shutdown on the real process (issue 15 item 7): SIGTERM while shoppers read and check
 * out and an import runs. The process exits within its deadline, nothing is half-written, and the
 * embedded database reopens with every order whole and every reservation matched by its rows.
 */

const DEADLINE_MS = 8_000;
const IMPORTED = 20_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-shutdown-'));
const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) server.process.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const embedded = { kind: 'pglite' as const, dataDir: path.join(dataDir, 'pgdata') };

const productsCsv = () =>
  [
    'sku;description;category;price;vat',
    ...Array.from(
      { length: IMPORTED },
      (_, i) => `SHUT-${String(i).padStart(6, '0')};Titolo ${i};MUSICA;12,50;22`,
    ),
  ].join('\n');

describe('SIGTERM under load', () => {
  it('exits within the deadline, with nothing half-written, and the embedded database reopens', async () => {
    const shop = await prepareLoadShop(embedded);
    const server = await startServer(dataDir, { SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS) });
    running.push(server);
    const admin = httpClient(server.url);
    const company = httpClient(server.url);
    expect((await admin.login(ACCOUNTS.admin, DEMO_PASSWORD)).status).toBe(200);
    expect((await company.login(ACCOUNTS.company, DEMO_PASSWORD)).status).toBe(200);

    const preview = await admin.upload('/api/imports/products', 'shutdown.csv', productsCsv());
    expect(preview.status).toBe(201);
    const importId = ((await preview.json()) as Import).id;
    expect((await admin.post(`/api/imports/${importId}/run`, { skip_invalid: false })).status).toBe(202);

    // Shoppers keep reading and ordering until the server stops answering.
    let stopped = false;
    const outcomes: Outcome[] = [];
    const shopper = async (request: (n: number) => Promise<Outcome>) => {
      for (let n = 0; !stopped; n++) {
        const outcome = await request(n);
        if (outcome.status === 0) return; // the server has closed its port
        outcomes.push(outcome);
      }
    };
    const [readShop, readProduct] = reads(company, shop);
    const load = [
      shopper(readShop!),
      shopper(readProduct!),
      shopper((n) => checkout(company, shop, `shutdown-${n}`)),
    ];
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const signalledAt = Date.now();
    server.process.kill('SIGTERM');
    const code = await server.exited;
    const took = Date.now() - signalledAt;
    stopped = true;
    await Promise.all(load);

    expect(code).toBe(0);
    expect(took).toBeLessThan(DEADLINE_MS);
    // While closing the server answers 503 to new requests; nothing else fails.
    expect(outcomes.filter((o) => ![200, 201, 503].includes(o.status))).toEqual([]);
    expect(outcomes.filter((o) => o.status === 201).length).toBeGreaterThan(0);

    // The embedded database reopens: every order is whole, every reservation has its rows.
    const state = await wholeness(embedded, shop);
    expect(state.orders).toBeGreaterThan(0);
    expect(state.halfWritten).toEqual([]);
    for (const r of state.reservations) expect(r.ordered).toBe(r.residual);

    // The import stopped after the batch it was writing, to be continued: run again, every row is there once.
    const again = await startServer(dataDir);
    running.push(again);
    const staff = httpClient(again.url);
    expect((await staff.login(ACCOUNTS.admin, DEMO_PASSWORD)).status).toBe(200);
    let record = (await (await staff.get(`/api/imports/${importId}`)).json()) as Import;
    expect(record).toMatchObject({ status: 'failed', error: messages.importInterrupted });
    expect(record.progress.processed).toBeLessThan(IMPORTED);
    const rerun = await staff.post(`/api/imports/${importId}/run`, { skip_invalid: false });
    expect(rerun.status).toBe(202);
    record = (await rerun.json()) as Import;
    const deadline = Date.now() + 120_000;
    while (record.status === 'running' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      record = (await (await staff.get(`/api/imports/${importId}`)).json()) as Import;
    }
    expect(record.status).toBe('completed');
    again.process.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    const database = await openDatabase(embedded);
    try {
      const [count] = await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from products where sku like 'SHUT-%'`,
      );
      expect(count!.n).toBe(IMPORTED);
    } finally {
      await database.close();
    }
  }, 240_000);
});
