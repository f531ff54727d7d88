import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Import, messages } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { ACCOUNTS, DEMO_PASSWORD, seedDemo } from './db/seed/demo';
import { rowsOf } from './modules/orders/checkout.fixtures';
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

async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
  try {
    await database.migrate();
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/** The demo shop (50 products), and what a company's order needs. */
const prepareShop = () =>
  withDatabase(async (db) => {
    await seedDemo(db, { productCount: 50 });
    const [ids] = await rowsOf<{ product: number; billing: number; shipping: number }>(
      db,
      sql`select
        (select p.id from products p join stocks s on s.product_id = p.id
          where not p.has_variants and s.on_hand - s.ordered >= 5 and p.available
          order by p.id limit 1) as product,
        (select a.id from customer_addresses a join customers c on c.id = a.customer_id
          where c.email = ${ACCOUNTS.company} and a.type = 'B' and a.is_default) as billing,
        (select a.id from customer_addresses a join customers c on c.id = a.customer_id
          where c.email = ${ACCOUNTS.company} and a.type = 'S' and a.is_default) as shipping`,
    );
    // Enough stock that every checkout of the load finds it.
    await db.execute(sql`update stocks set on_hand = on_hand + 100000 where product_id = ${ids!.product}`);
    return ids!;
  });

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
    const ids = await prepareShop();
    const server = await startServer(dataDir, { SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS) });
    running.push(server);
    const admin = httpClient(server.url);
    const company = httpClient(server.url);
    expect((await admin.login(ACCOUNTS.admin, DEMO_PASSWORD)).status).toBe(200);
    expect((await company.login(ACCOUNTS.company, DEMO_PASSWORD)).status).toBe(200);

    const preview = await admin.upload('/api/imports/products', 'shutdown.csv', productsCsv());
    expect(preview.status).toBe(201);
    const previewed = (await preview.json()) as Import;
    const importId = previewed.id;
    const started = await admin.post(`/api/imports/${importId}/run`, { skip_invalid: false });
    expect({ status: started.status, body: await started.text(), previewed }).toMatchObject({ status: 202 });

    // Shoppers keep reading and ordering until the server stops answering.
    let stopped = false;
    const statuses: number[] = [];
    const refusals: string[] = [];
    const shopper = async (request: () => Promise<Response>) => {
      while (!stopped) {
        try {
          const response = await request();
          statuses.push(response.status);
          if (response.status >= 400 && refusals.length < 3) refusals.push(await response.text());
        } catch {
          return; // the server has closed its port
        }
      }
    };
    const load = [
      shopper(() => company.get('/api/shop')),
      shopper(() => company.get('/api/products?per_page=12')),
      shopper(() =>
        company.post(
          '/api/orders',
          {
            products: [{ id: ids.product, isVariant: false, quantity: 1 }],
            payment_method: 'cash_on_delivery',
            billing: { address_id: ids.billing },
            shipping: { address_id: ids.shipping },
          },
          { 'idempotency-key': randomUUID() },
        ),
      ),
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
    expect(statuses.length).toBeGreaterThan(0);
    // While closing the server answers 503 to new requests; nothing else fails.
    expect({ refusals, other: statuses.filter((s) => ![200, 201, 503].includes(s)) }).toEqual({
      refusals: [],
      other: [],
    });
    expect(statuses).toContain(201);

    // The embedded database reopens: every order is whole, every reservation has its rows.
    await withDatabase(async (db) => {
      const halfWritten = await rowsOf(
        db,
        sql`select o.order_no from orders o
          where not exists (select 1 from order_rows r where r.order_id = o.id)
             or not exists (select 1 from order_status_changes s where s.order_id = o.id and s.from_status is null)
             or o.total_without_taxes <> o.shipping_costs + o.payment_fee
                + (select sum(r.subtotal) from order_rows r where r.order_id = o.id)`,
      );
      expect(halfWritten).toEqual([]);
      const mismatches = await rowsOf(
        db,
        sql`with reserved as (
            select r.product_id, sum(r.ordered_qty - r.shipped_qty - r.cancelled_qty)::int as qty
            from order_rows r join orders o on o.id = r.order_id
            where o.status not in ('cancelled', 'closed') and r.status <> 'cancelled'
            group by r.product_id),
          stock as (select product_id, sum(ordered)::int as ordered from stocks group by product_id)
          select stock.product_id, reserved.qty, stock.ordered from stock
          left join reserved on reserved.product_id = stock.product_id
          where coalesce(reserved.qty, 0) <> stock.ordered`,
      );
      expect(mismatches).toEqual([]);
    });

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
    await withDatabase(async (db) => {
      const [count] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from products where sku like 'SHUT-%'`,
      );
      expect(count!.n).toBe(IMPORTED);
    });
  }, 240_000);
});
