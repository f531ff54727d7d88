import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { forgetCatalogueReads } from '../modules/products/products.service';
import { TestClient } from '../test/app';
import { type Database, type Db, openDatabase } from './client';
import { ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed/demo';

/**
 * Issue 23 point 2, on a real streaming replica: a private primary cluster made in a temp directory,
 * its replica by `pg_basebackup -R`, and the app with DATABASE_REPLICA_URLS pointing at the replica.
 */

const BIN = '/usr/lib/postgresql/15/bin';
const NOW = new Date('2026-11-21T10:00:00Z');
// initdb refuses to run as root: as root (CI, this machine) the binaries run as the postgres user.
const asRoot = process.getuid?.() === 0;
const skipReason = whySkip();
if (skipReason) console.log(`db/replicas.test.ts skipped: ${skipReason}`);

function whySkip(): string | null {
  const missing = ['initdb', 'pg_ctl', 'pg_basebackup'].filter((bin) => !existsSync(path.join(BIN, bin)));
  if (missing.length > 0) return `no PostgreSQL 15 binaries (${missing.join(', ')}) in ${BIN}`;
  if (asRoot && !postgresUser()) return 'running as root and there is no postgres user to run initdb as';
  return null;
}

function postgresUser(): { uid: number; gid: number } | null {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

function pgBin(bin: string, args: string[]): string {
  const [command, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, bin), ...args]]
    : [path.join(BIN, bin), args];
  return execFileSync(command, argv, {
    encoding: 'utf8',
    timeout: 30_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let dir: string;
const cluster = { primary: { dir: '', port: 0 }, replica: { dir: '', port: 0 } };
const urlOf = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
/** How the replica is named in logs and metrics: without credentials. */
const replicaName = () => `127.0.0.1:${cluster.replica.port}/postgres`;

function start(which: 'primary' | 'replica') {
  const { dir: dataDir, port } = cluster[which];
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c shared_buffers=16MB -c max_connections=60`;
  pgBin('pg_ctl', ['-D', dataDir, '-l', `${dataDir}.log`, '-o', options, '-w', '-t', '20', 'start']);
}

function stop(which: 'primary' | 'replica') {
  pgBin('pg_ctl', ['-D', cluster[which].dir, '-m', 'immediate', '-w', 'stop']);
}

/** One query on its own connection to a cluster, outside the app. */
async function queryOn<T>(port: number, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: urlOf(port) });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

async function eventually<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Scans of the products table on the replica, as its statistics count them. */
async function replicaProductScans(): Promise<number> {
  const [row] = await queryOn<{ scans: string }>(
    cluster.replica.port,
    `select pg_stat_clear_snapshot(), coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as scans
     from pg_stat_user_tables where relname = 'products'`,
  );
  return Number(row!.scans);
}

async function standby(db: Db): Promise<boolean> {
  const result = (await db.execute(sql`select pg_is_in_recovery() as standby`)) as unknown as {
    rows: { standby: boolean }[];
  };
  return result.rows[0]!.standby;
}

async function rowsOn<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

let database: Database;
let app: FastifyInstance;
let company: TestClient;

describe.skipIf(skipReason !== null)('catalogue reads on a PostgreSQL streaming replica', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'shop-replicas-'));
    const owner = postgresUser();
    if (asRoot && owner) chownSync(dir, owner.uid, owner.gid);
    cluster.primary = { dir: path.join(dir, 'primary'), port: await freePort() };
    cluster.replica = { dir: path.join(dir, 'replica'), port: await freePort() };

    pgBin('initdb', ['-D', cluster.primary.dir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    appendFileSync(
      path.join(cluster.primary.dir, 'postgresql.conf'),
      'wal_level = replica\nmax_wal_senders = 4\n',
    );
    appendFileSync(
      path.join(cluster.primary.dir, 'pg_hba.conf'),
      'host replication all 127.0.0.1/32 trust\n',
    );
    start('primary');

    const setup = await openDatabase({ kind: 'pg', url: urlOf(cluster.primary.port), poolSize: 2 });
    await setup.migrate();
    await seedDemo(setup.db, { productCount: 50, today: NOW });
    await setup.close();

    pgBin('pg_basebackup', [
      ...['-R', '-D', cluster.replica.dir, '-h', '127.0.0.1', '-p', String(cluster.primary.port)],
      ...['-U', 'postgres', '-X', 'stream', '-c', 'fast'],
    ]);
    start('replica');

    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
    const config = loadConfig({
      DATABASE_URL: urlOf(cluster.primary.port),
      DATABASE_REPLICA_URLS: urlOf(cluster.replica.port),
      DATA_DIR: dataDir,
      WEB_DIST: path.join(tmpdir(), 'no-web-build'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      VIES_URL: '',
    });
    // As main.ts opens it.
    database = await openDatabase({
      kind: 'pg',
      url: config.databaseUrl!,
      poolSize: 4,
      replicaUrls: config.databaseReplicaUrls,
    });
    app = await buildApp({
      config,
      database,
      logger: false,
      now: () => new Date(NOW),
      mailer: { send: async () => {} },
    });
    await app.ready();
    // Right after its start the replica may not have replayed a commit yet: the checks find it up soon.
    const healthy = await eventually(
      () => database.replicaStats()!.replicas[0]!.healthy,
      (up) => up,
    );
    expect(healthy).toBe(true);
    company = new TestClient(app);
    expect((await company.login(ACCOUNTS.company, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    for (const which of ['replica', 'primary'] as const) {
      try {
        stop(which);
      } catch {
        // Already stopped (the fallback test stops the replica), or never started.
      }
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has a read Db on the replica and a write Db on the primary', async () => {
    expect(await standby(database.readDb)).toBe(true);
    expect(await standby(database.db)).toBe(false);
    // A transaction on the read Db takes its connection from the replica too.
    expect(await database.readDb.transaction((tx) => standby(tx as unknown as Db))).toBe(true);
  });

  let list: unknown;
  let sku: string;
  let page: unknown;

  it('reads the product list and a product page from the replica', async () => {
    const before = database.replicaStats()!;
    const scansBefore = await replicaProductScans();

    const res = await company.get('/api/products?per_page=20&sort=title');
    expect(res.statusCode, res.body).toBe(200);
    list = res.json();
    const cards = (list as { data: { sku: string }[]; meta: { total: number } }).data;
    expect(cards).toHaveLength(20);
    sku = cards[0]!.sku;
    const detail = await company.get(`/api/products/${sku}`);
    expect(detail.statusCode, detail.body).toBe(200);
    page = detail.json();
    expect((page as { sku: string }).sku).toBe(sku);

    const after = database.replicaStats()!;
    expect(after.replicas[0]!.queries).toBeGreaterThan(before.replicas[0]!.queries);
    expect(after.primaryQueries).toBe(before.primaryQueries);
    // The replica's own statistics saw the products table read (they are flushed within a second or so).
    expect(await eventually(replicaProductScans, (scans) => scans > scansBefore)).toBeGreaterThan(
      scansBefore,
    );
  });

  it('writes on the primary: a sign-in and a cart quote succeed and send nothing to the replica', async () => {
    const before = database.replicaStats()!;
    const other = new TestClient(app);
    expect((await other.login(ACCOUNTS.private, DEMO_PASSWORD)).statusCode).toBe(200);
    const [product] = await rowsOn<{ id: number }>(
      database.db,
      sql`select id from products where sku = ${sku}`,
    );
    const quote = await other.post('/api/cart/quote', {
      products: [{ id: product!.id, isVariant: false, quantity: 1 }],
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().products).toHaveLength(1);

    const after = database.replicaStats()!;
    expect(after.replicas[0]!.queries).toBe(before.replicas[0]!.queries);
    expect(after.primaryQueries).toBe(before.primaryQueries);
    // The sign-in's session was written on the primary and reaches the replica by streaming replication.
    const sessions = `select count(*)::int as n from sessions`;
    const [onPrimary] = await queryOn<{ n: number }>(cluster.primary.port, sessions);
    const [onReplica] = await eventually(
      () => queryOn<{ n: number }>(cluster.replica.port, sessions),
      ([row]) => row!.n === onPrimary!.n,
    );
    expect(onReplica!.n).toBe(onPrimary!.n);
  });

  it('falls back to the primary, without an error, when the replica stops', async () => {
    stop('replica');
    // The pages are cached for a few seconds: forgotten, they are read again, now from the primary.
    forgetCatalogueReads(database.readDb);
    const before = database.replicaStats()!;

    const res = await company.get('/api/products?per_page=20&sort=title');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(list);
    const detail = await company.get(`/api/products/${sku}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toEqual(page);

    const after = database.replicaStats()!;
    expect(after.replicas[0]!.healthy).toBe(false);
    expect(after.primaryQueries).toBeGreaterThan(before.primaryQueries);
    expect(after.replicas[0]!.queries).toBe(before.replicas[0]!.queries);
    expect(await standby(database.readDb)).toBe(false);
    const metrics = await app.deps.metrics.render();
    expect(metrics).toContain(`sonora_db_replica_up{replica="${replicaName()}"} 0`);
    const onPrimary = database.replicaStats()!.primaryQueries;
    expect(metrics).toContain(`sonora_db_replica_queries_total{target="primary"} ${onPrimary}`);
  });

  it('reads from the replica again once it is back and caught up', async () => {
    start('replica');
    const up = await eventually(
      () => database.replicaStats()!.replicas[0]!.healthy,
      (healthy) => healthy,
    );
    expect(up).toBe(true);
    expect(await standby(database.readDb)).toBe(true);
    expect(await app.deps.metrics.render()).toContain(`sonora_db_replica_up{replica="${replicaName()}"} 1`);
  });
});
