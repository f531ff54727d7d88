// `npm run bench [-- --products N] [-- --db pg]`: loads a catalogue, starts the real server in its
// own process and measures each scenario with autocannon; prints a table and writes RESULTS.md.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { erpSyncBenchmark, erpSyncRows } from './erp-sync';
import { importBenchmark, importRows } from './import';
import { orderScenarios } from './orders';
import { explainContractPrices, priceListScenarios, seedPriceList } from './price-list';
import { scenarios as baseScenarios } from './scenarios';
import { startServer } from './server';
import { firstJavaScript, largestContentfulPaint } from './web';

const scenarios = [...baseScenarios, ...orderScenarios, ...priceListScenarios];
const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'pglite' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    web: { type: 'boolean', default: true },
    reuse: { type: 'boolean', default: false },
  },
  // `--no-web` skips the storefront bundle and Chromium measurements (API scenarios only); `--reuse`
  // keeps a PostgreSQL catalogue loaded by an earlier run of the same size (seeding 1M takes minutes).
  allowNegative: true,
});
const root = path.resolve(import.meta.dirname, '..');
const WARMUP_S = 3;
const productCount = Number(args.products);
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
const port = 3900 + Math.floor(Math.random() * 90);
const baseUrl = `http://127.0.0.1:${port}`;

async function prepareDatabase(): Promise<string | undefined> {
  let databaseUrl: string | undefined;
  if (args.db === 'pg') {
    const admin = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = process.env.BENCH_PG_DATABASE ?? `shop_bench_${productCount}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    databaseUrl = `${admin.slice(0, admin.lastIndexOf('/'))}/${name}`;
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (args.reuse && exists.rowCount) {
      await client.end();
      const reused = await openDatabase({ kind: 'pg', url: databaseUrl });
      await reused.migrate();
      await seedPriceList(reused.db);
      await reused.close();
      console.log(`reusing the catalogue in ${name}`);
      return databaseUrl;
    }
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    await client.end();
  }
  const database = await openDatabase(
    databaseUrl
      ? { kind: 'pg', url: databaseUrl }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') },
  );
  await database.migrate();
  const started = Date.now();
  await seedDemo(database.db, { productCount });
  await seedPriceList(database.db);
  console.log(
    `catalogue of ${productCount} products loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await database.close();
  return databaseUrl;
}

const databaseUrl = await prepareDatabase();
if (databaseUrl) await explainContractPrices(databaseUrl);
const server = startServer({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, PAYMENTS_TEST_MODE: 'true' } : {}),
});

const rows: string[][] = [];
const webRows: string[][] = [];
try {
  await waitForServer();
  const indexSeconds = await waitForListIndex();
  if (indexSeconds !== null) {
    rows.push([
      'list index built at start, s (issue 23)',
      indexSeconds.toFixed(1),
      '',
      '',
      '',
      String(serverMemoryMb()),
    ]);
  }
  for (const scenario of scenarios) {
    if (args.only && !scenario.name.includes(args.only)) continue;
    const setup = await scenario.setup(baseUrl);
    const requests = [scenario.path].flat().map((p) => ({
      method: scenario.method,
      path: p,
      headers: setup.headers,
      body: setup.body,
      ...(setup.setupRequest ? { setupRequest: setup.setupRequest } : {}),
    }));
    const connections = Number(args.connections);
    let clients = 0;
    const options = {
      url: baseUrl,
      connections: Number(args.connections),
      duration: Number(args.duration),
      // WARMUP_S not counted first (autocannon's warmup; its types omit it): the route's code is
      // compiled and its caches filled, so the figures are the steady state of a running shop.
      warmup: { connections: Number(args.connections), duration: WARMUP_S },
      requests,
      // Each connection starts its round of the paths at its own place: in step, ten connections
      // would ask for each path within a millisecond and the page cache would answer nine of them.
      setupClient: (client: { setRequests(r: typeof requests): void }) => {
        const shift = Math.floor(((clients++ % connections) * requests.length) / connections);
        client.setRequests([...requests.slice(shift), ...requests.slice(0, shift)]);
      },
    };
    const result = await autocannon(options);
    const memory = await serverMemoryMb();
    rows.push([
      scenario.name,
      String(Math.round(result.requests.average)),
      String(result.latency.p50),
      String(result.latency.p99),
      String(result.non2xx),
      String(memory),
    ]);
    console.log(
      `${scenario.name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`,
    );
  }
  if (args.web) {
    const js = firstJavaScript(path.join(root, 'apps/web/dist'));
    console.log(
      `storefront first JavaScript: ${js.gzipKb} KB gzip in ${js.files.length} files; back office included: ${js.hasBackoffice}`,
    );
    rows.push([
      'storefront first JS (gzip KB, build)',
      String(js.gzipKb),
      '',
      '',
      js.hasBackoffice ? 'back office in it!' : '',
      '',
    ]);
    const lcp = await largestContentfulPaint(baseUrl, '/products?category=MUSICA');
    console.log(`product list LCP (median of 5): ${lcp} ms`);
    webRows.push(['product list largest contentful paint, Chromium', `${lcp} ms`, 'median of 5 cold loads']);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

// The import benchmark starts its own server on an embedded demo shop (bench/import.ts); 20,000 rows
// here, as product pages loaded beside the run slow it ~5× (100,000: `node --import tsx bench/import.ts`).
if (args.db === 'pglite' && (!args.only || 'import products'.includes(args.only))) {
  rows.push(...importRows(await importBenchmark(20_000)));
}
// So does the ERP sync benchmark, with the ERP simulator beside it (bench/erp-sync.ts).
if (args.db === 'pglite' && (!args.only || 'erp sync'.includes(args.only))) {
  rows.push(...erpSyncRows(await erpSyncBenchmark()));
}

const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'server RSS MB'];
const markdown = (head: string[], body: string[][]) =>
  [head, head.map(() => '---'), ...body].map((r) => `| ${r.join(' | ')} |`).join('\n');
const table =
  markdown(header, rows) + (webRows.length ? `\n\n${markdown(['web', 'value', 'note'], webRows)}` : '');
const machine = `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`;
const section = `## ${args.db === 'pg' ? 'PostgreSQL' : 'Embedded PGlite'}, ${productCount.toLocaleString('en')} products\n\n${new Date().toISOString().slice(0, 10)} · ${machine} · ${args.connections} connections × ${args.duration} s after ${WARMUP_S} s of warm-up\n\n${table}\n`;
console.log(`\n${table}\n`);
writeResults(section);

/** RESULTS.md keeps one section per database and catalogue size; a new run replaces its own. */
function writeResults(newSection: string) {
  const file = path.join(import.meta.dirname, 'RESULTS.md');
  const title = '# Benchmark results\n\nWritten by `npm run bench`; see README.md beside this file.\n';
  const old = existsSync(file) ? readFileSync(file, 'utf8') : title;
  const heading = newSection.slice(0, newSection.indexOf('\n'));
  const sections = old
    .split(/\n(?=## )/)
    .slice(1)
    .filter((s) => !s.startsWith(heading));
  writeFileSync(file, [title, ...sections.map((s) => `${s.trimEnd()}\n`), newSection].join('\n'));
}

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null || server.signalCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/** Lists use SQL until the in-process list index is built: the scenarios measure the built shop. */
async function waitForListIndex(): Promise<number | null> {
  const started = Date.now();
  for (;;) {
    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { list_index?: string };
    if (health.list_index !== 'building')
      return health.list_index === 'ready' ? (Date.now() - started) / 1000 : null;
    if (Date.now() - started > 900_000) throw new Error('the list index was not built in 15 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
}

function serverMemoryMb(): number {
  try {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}
