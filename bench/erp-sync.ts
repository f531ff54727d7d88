// The ERP sync benchmark (issue 8): 10,000 orders waiting in the outbox of a demo shop, drained by the
// real server's erp-sync queue into the ERP simulator; prints jobs/s and the server's peak RSS.
// `node --import tsx bench/erp-sync.ts [--orders N]`, or as part of `npm run bench` (bench/run.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startErpSim } from '@shop/erp-sim';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { rssMb, startServer } from './server';

const TOKEN = 'bench-erp-token';

/**
 * `count` copies of one demo order (its rows too), each with its own number and a queued sync: what a
 * day of orders committed while the ERP was unreachable leaves in the outbox.
 */
async function queueOrders(database: Database, count: number): Promise<void> {
  if (database.jobsConnection.kind !== 'pglite') throw new Error('the ERP sync benchmark runs on PGlite');
  const client = database.jobsConnection.client;
  const columns = async (table: string, except: string[]) => {
    const result = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = $1
        and not (column_name = any($2)) order by ordinal_position`,
      [table, except],
    );
    return result.rows.map((r) => `"${r.column_name}"`);
  };
  const orderColumns = (await columns('orders', ['id', 'order_no', 'idempotency_key', 'erp_order_no'])).join(
    ', ',
  );
  const rowColumns = await columns('order_rows', ['id', 'order_id']);
  await client.exec(`begin;
    create temporary table bench_orders as
      with template as (select * from orders where id = (select min(order_id) from order_rows)),
      created as (
        insert into orders (order_no, ${orderColumns})
        select 'BENCH-' || lpad(g::text, 6, '0'), ${orderColumns}
        from template, generate_series(1, ${count}) g
        returning id, order_no)
      select * from created;
    insert into order_rows (order_id, ${rowColumns.join(', ')})
      select b.id, ${rowColumns.map((c) => `r.${c}`).join(', ')}
      from bench_orders b, order_rows r where r.order_id = (select min(order_id) from order_rows);
    insert into erp_syncs (entity, entity_id, key) select 'order', id, order_no from bench_orders order by id;
    drop table bench_orders;
    commit;`);
}

export type ErpSyncFigures = { orders: number; seconds: number; jobsPerSecond: number; peakRssMb: number };

export async function erpSyncBenchmark(orders = 10_000): Promise<ErpSyncFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-erp-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
  await database.migrate();
  await seedDemo(database.db, { productCount: 200 });
  await queueOrders(database, orders);
  await database.close();

  const sim = await startErpSim({ token: TOKEN });
  const port = 3980 + Math.floor(Math.random() * 9);
  const server = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JOBS: 'true',
    ERP_URL: sim.url,
    ERP_TOKEN: TOKEN,
  });
  try {
    // The clock starts with the process: the relay hands the outbox over as the server starts.
    const started = Date.now();
    const deadline = started + 15 * 60_000;
    let reported = 0;
    while (sim.store.orders.size < orders) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error('the outbox was not drained');
      await new Promise((r) => setTimeout(r, 100));
      if (sim.store.orders.size - reported >= 1000) {
        reported = sim.store.orders.size;
        console.log(
          `erp-sync: ${reported} orders in the ERP after ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const duplicates = [...sim.store.orders.values()].filter((o) => o.received > 1).length;
    if (duplicates > 0) throw new Error(`${duplicates} orders reached the ERP more than once`);
    return {
      orders,
      seconds: Math.round(seconds * 10) / 10,
      jobsPerSecond: Math.round(orders / seconds),
      peakRssMb: rssMb(server.pid!, 'VmHWM'),
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function erpSyncRows(f: ErpSyncFigures): string[][] {
  const orders = f.orders.toLocaleString('en');
  return [
    [
      `ERP sync: ${orders} queued orders drained to the simulator, jobs/s`,
      String(f.jobsPerSecond),
      '',
      '',
      '',
      '',
    ],
    [
      `ERP sync: ${orders} orders, total s (from server start), peak RSS`,
      String(f.seconds),
      '',
      '',
      '',
      String(f.peakRssMb),
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { orders: { type: 'string', default: '10000' } } });
  const f = await erpSyncBenchmark(Number(values.orders));
  console.log(
    `${f.orders} order syncs drained in ${f.seconds} s: ${f.jobsPerSecond} jobs/s; server peak RSS ${f.peakRssMb} MB`,
  );
}
