// `node --import tsx bench/dashboard.ts [--orders 1000000] [--products 1000000] [--reuse]`: the back
// office's dashboard (issue 22 point 6) at a million orders and products on PostgreSQL. Loads the demo
// shop into its own database (`shop_bench_dashboard`), adds the orders, their rows and the products with
// generate_series, starts the real server, measures GET /api/backoffice/dashboard with autocannon and
// prints EXPLAIN ANALYZE of its heaviest aggregates. Run under `flock /tmp/bench.lock`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { startServer } from './server';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    products: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    reuse: { type: 'boolean', default: false },
    cold: { type: 'string', default: '12' },
  },
});
const orderCount = Number(args.orders);
const productCount = Number(args.products);
const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = process.env.BENCH_PG_DATABASE ?? 'shop_bench_dashboard';
const databaseUrl = `${adminUrl.slice(0, adminUrl.lastIndexOf('/'))}/${name}`;
const port = 3990 + Math.floor(Math.random() * 9);
const baseUrl = `http://127.0.0.1:${port}`;

const lap = (() => {
  let last = Date.now();
  return (what: string) => {
    const now = Date.now();
    console.log(`${what}: ${((now - last) / 1000).toFixed(1)} s`);
    last = now;
  };
})();

async function load() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (args.reuse && exists.rowCount) {
    await admin.end();
    const reused = await openDatabase({ kind: 'pg', url: databaseUrl });
    await reused.migrate();
    await reused.close();
    console.log(`reusing ${name}`);
    return;
  }
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({ kind: 'pg', url: databaseUrl });
  await database.migrate();
  await seedDemo(database.db, { productCount: 1000 });
  await database.close();
  lap('demo shop');

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // Products: releases spread over ±3 years, one in twenty a pre-order, 0–49 units available.
  await db.query(`insert into products (sku, description, author, category_id, vat_id, price, available_qty,
      release_date, available_for_preorders)
    select 'BD-' || g, 'Bench product ' || g, 'Author ' || (g % 5000),
      (select id from categories order by id offset (g % (select count(*) from categories)) limit 1),
      (select id from vats order by id limit 1), 500 + g % 5000, g % 50,
      current_date + ((g % 2190) - 1095), g % 20 = 0
    from generate_series(1, ${productCount - 1000}) g`);
  lap(`${productCount - 1000} products`);
  // Orders: one every ~95 s over three years back from now, in the statuses a running shop has
  // (old orders closed, the last weeks spread over the staff's statuses).
  const spacing = (3 * 365 * 86_400) / orderCount;
  await db.query(`insert into orders (order_no, customer_id, date, status, payment_method, shipping_address,
      billing_address, vat, total, total_without_taxes)
    select 'BD-' || g, c.ids[1 + g % array_length(c.ids, 1)],
      now() - make_interval(secs => g * ${spacing}),
      case when g > 40000 then (array['closed','delivered','shipped','cancelled'])[1 + g % 4]
        else (array['registered','confirmed','in_work','picking','ready_to_ship','on_ship','shipped',
          'awaiting_approval','pending','failed_payment','delivered','cancelled'])[1 + g % 12] end,
      'as_agreed', '{}'::jsonb, '{}'::jsonb, (1000 + g % 90000) * 22 / 122, 1000 + g % 90000,
      (1000 + g % 90000) * 100 / 122
    from generate_series(1, ${orderCount}) g, (select array_agg(id) as ids from customers) c`);
  lap(`${orderCount} orders`);
  // Two rows per order, of products of every category.
  await db.query(`insert into order_rows (order_id, product_id, product_sku, description, ordered_qty, price,
      vat_rate, subtotal)
    select o.id, p.id, p.sku, 'Bench row', 1, o.total_without_taxes / 2, 2200, o.total_without_taxes / 2
    from orders o cross join generate_series(0, 1) k
    join products p on p.id = (select min(id) from products) + ((o.id * 7 + k * 13) % 1000)`);
  lap('order rows');
  // The ERP outbox: every order of the last weeks sent once; one in fifty of them failed.
  await db.query(`insert into erp_syncs (entity, entity_id, key, status)
    select 'order', id, order_no, case when id % 50 = 0 then 'failed' else 'sent' end
    from orders where date > now() - interval '60 days'`);
  await db.query('vacuum analyze');
  lap('erp syncs, vacuum analyze');
  await db.end();
}

async function adminHeaders(): Promise<Record<string, string>> {
  const csrf = await fetch(`${baseUrl}/sanctum/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: 'admin@example.com', password: 'Password1!' }),
  });
  if (!login.ok) throw new Error(`bench sign-in failed: ${login.status}`);
  return {
    cookie: login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function measure(label: string, url: string, headers: Record<string, string>) {
  const result = await autocannon({
    url: `${baseUrl}${url}`,
    headers,
    connections: Number(args.connections),
    duration: Number(args.duration),
    warmup: { connections: Number(args.connections), duration: 3 },
  } as autocannon.Options);
  console.log(
    `| ${label} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} |`,
  );
}

async function explain() {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const today = (await db.query(`select (now() at time zone 'Europe/Rome')::date::text as d`)).rows[0].d;
  const month = `${today.slice(0, 8)}01`;
  const day = (d: string, plus = 0) => `(('${d}'::date + ${plus})::timestamp at time zone 'Europe/Rome')`;
  const statuses = `status <> 'cancelled'`;
  const queries = {
    'sales by category, this month': `select c.description, sum(r.subtotal) from orders o
      cross join lateral (select x.product_id, x.subtotal from order_rows x where x.order_id = o.id offset 0) r
      join products p on p.id = r.product_id
      left join products parent on parent.id = p.parent_id
      left join categories c on c.id = coalesce(p.category_id, parent.category_id)
      where o.date >= ${day(month)} and o.date < ${day(today, 1)} and o.${statuses} group by 1`,
    'sales by day, 30 days': `select (date at time zone 'Europe/Rome')::date, count(*), sum(total) from orders
      where date >= ${day(today, -29)} and date < ${day(today, 1)} and ${statuses} group by 1`,
    'orders by status': `select status, count(*) from orders where status in ('awaiting_approval',
      'registered','confirmed','in_work','picking','ready_to_ship') group by status`,
  };
  for (const [label, query] of Object.entries(queries)) {
    const plan = await db.query(`explain (analyze, buffers) ${query}`);
    console.log(`\n#### ${label}\n\n\`\`\`\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\``);
  }
  await db.end();
}

await load();
const server = startServer({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-bench-dashboard-')),
  DATABASE_URL: databaseUrl,
  JOBS: 'false',
});
try {
  await waitForServer();
  const headers = await adminHeaders();
  const dashboard = (await (await fetch(`${baseUrl}/api/backoffice/dashboard`, { headers })).json()) as {
    month_sales: { current: { orders: number; link: string } };
    erp_failures: { count: number; link: string };
    low_stock: { count: number; link: string };
  };
  console.log(
    `month ${dashboard.month_sales.current.orders} orders, ERP failures ${dashboard.erp_failures.count}, low stock ${dashboard.low_stock.count}`,
  );
  // Uncached: one request every 5.2 s, past the dashboard's 5 s of cache, each computing every figure.
  const cold: number[] = [];
  for (let i = 0; i < Number(args.cold); i++) {
    await new Promise((r) => setTimeout(r, 5_200));
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/backoffice/dashboard`, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`dashboard answered ${res.status}`);
    cold.push(performance.now() - started);
  }
  cold.sort((a, b) => a - b);
  const at = (q: number) => Math.round(cold[Math.min(cold.length - 1, Math.floor(q * cold.length))]!);
  console.log(`\ndashboard computed (uncached), ${cold.length} requests: p50 ${at(0.5)} ms, max ${at(1)} ms`);
  console.log('\n| endpoint | req/s | p50 ms | p99 ms | non-2xx |\n|---|---|---|---|---|');
  await measure('GET /api/backoffice/dashboard', '/api/backoffice/dashboard', headers);
  const api = (link: string) =>
    link
      .replace('/backoffice/orders', '/api/orders')
      .replace('/backoffice/products', '/api/backoffice/products');
  await measure("orders list, this month's link", api(dashboard.month_sales.current.link), headers);
  await measure('orders list, ERP failures link', api(dashboard.erp_failures.link), headers);
  await measure('products list, running-out link', api(dashboard.low_stock.link), headers);
  await explain();
} finally {
  server.kill();
}
