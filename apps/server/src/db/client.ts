import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { runPreparedOn } from './prepared';
import { openReplicaPool, type ReplicaStats } from './replicas';
import * as schema from './schema';

export type Schema = typeof schema;
/** One Drizzle type for both drivers: PGlite embedded and node-postgres (DESIGN §2). */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  db: Db;
  /**
   * Where the storefront's catalogue reads go (issue 23): one Db over the read replicas
   * (db/replicas.ts), or `db` itself without replicas. Nothing that writes or must see its own writes.
   */
  readDb: Db;
  kind: 'pglite' | 'pg';
  /** What the job queue connects through (lib/jobs.ts): this PGlite client, or the URL for its own pool. */
  jobsConnection:
    | { kind: 'pglite'; client: PGlite }
    | { kind: 'pg'; url: string; timeouts?: DatabaseTimeouts };
  /** The connection pool's state for the metrics (lib/metrics.ts); null on PGlite, one connection and no pool. */
  poolStats(): PoolStats | null;
  /** The read replicas' health and use; null without replicas. */
  replicaStats(): ReplicaStats | null;
  /** Applies the committed SQL migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type PoolStats = {
  max: number;
  /** Connections open, idle among them, and requests waiting for one. */
  total: number;
  idle: number;
  waiting: number;
  /** Since the start: connections handed out, the seconds spent waiting for them, and the waits that timed out. */
  acquires: number;
  acquireWaitSeconds: number;
  acquireTimeouts: number;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const casing = 'snake_case' as const;

/**
 * Issue 15, nothing waits without limit: how long a statement, a lock wait and an idle transaction may
 * last on a connection, and a request for a pooled connection (config.database). Without them (scripts,
 * benches, tests) PostgreSQL's defaults apply: no limit.
 */
export type DatabaseTimeouts = {
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  acquireTimeoutMs: number;
};

/**
 * PGlite ignores `timeouts`: it is one in-process connection, so there is no pool to wait for, no other
 * session to hold a lock and no connection to lose, and its WebAssembly build has no timer to cancel a
 * statement with (a `set statement_timeout` there stops nothing).
 */
export type DatabaseOptions =
  | { kind: 'pg'; url: string; poolSize?: number; timeouts?: DatabaseTimeouts; replicaUrls?: string[] }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pg') {
    return openPostgres(options.url, options.poolSize ?? 10, options.timeouts, options.replicaUrls ?? []);
  }
  return openPglite(options.dataDir, options.loadDataDir);
}

/** pg pool settings giving every connection the timeouts (the shop's pool and pg-boss's own). */
export function pgTimeoutSettings(
  timeouts: DatabaseTimeouts | undefined,
): Pick<
  pg.PoolConfig,
  'statement_timeout' | 'lock_timeout' | 'idle_in_transaction_session_timeout' | 'connectionTimeoutMillis'
> {
  if (!timeouts) return {};
  return {
    statement_timeout: timeouts.statementTimeoutMs,
    lock_timeout: timeouts.lockTimeoutMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
    // Covers both the wait for a free pooled connection and the opening of a new one.
    connectionTimeoutMillis: timeouts.acquireTimeoutMs,
  };
}

/**
 * PGlite's WebAssembly memory grows to hold PostgreSQL's buffer cache and never shrinks: the default
 * 128 MB of shared buffers alone kept an idle shop near 475 MB. 32 MB keeps the server with a running
 * 100,000-row import under 500 MB; the files stay in the OS page cache, so reads cost a copy, not I/O.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/** The contrib extensions the migrations create (pg_trgm: search that forgives typos, issue 22). */
export const pgliteExtensions = { pg_trgm };

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: pgliteExtensions,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite(client, { schema, casing }) as unknown as Db;
  return {
    db,
    readDb: db,
    kind: 'pglite',
    jobsConnection: { kind: 'pglite', client },
    poolStats: () => null,
    replicaStats: () => null,
    migrate: () => migratePglite(drizzlePglite(client, { casing }), { migrationsFolder }),
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  timeouts: DatabaseTimeouts | undefined,
  replicaUrls: string[],
): Promise<Database> {
  // JIT compilation pays off for long analytical queries; for the shop's short ones it only adds
  // hundreds of milliseconds whenever an estimate crosses jit_above_cost (seen at 1M products).
  const pool = openPool(url, poolSize, '-c jit=off', timeouts);
  const acquired = timeAcquires(pool);
  const db = drizzleNodePg(pool, { schema, casing }) as unknown as Db;
  const lookups = openLookupPool(url, poolSize, timeouts);
  runPreparedOn(db, drizzleNodePg(lookups, { schema, casing }) as unknown as Db);
  const replicas = replicaUrls.length
    ? await openReplicaPool(replicaUrls, pool, (replicaUrl) =>
        openPool(replicaUrl, poolSize, '-c jit=off', timeouts),
      )
    : null;
  return {
    db,
    // One Db object for the life of the app: the catalogue's caches are kept per Db.
    readDb: replicas
      ? (drizzleNodePg(replicas as unknown as pg.Pool, { schema, casing }) as unknown as Db)
      : db,
    kind: 'pg',
    jobsConnection: { kind: 'pg', url, ...(timeouts ? { timeouts } : {}) },
    poolStats: () => ({
      max: poolSize,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      ...acquired,
    }),
    replicaStats: () => replicas?.stats() ?? null,
    async migrate() {
      // Several instances may start together: one migrates while the others wait on the lock.
      const client = await pool.connect();
      try {
        // Unlike a request, a migration may build an index for minutes, and its lock may be held that long.
        await client.query('set statement_timeout = 0; set lock_timeout = 0');
        await client.query('select pg_advisory_lock(727073)');
        await migrateNodePg(drizzleNodePg(client, { casing }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock(727073)').catch(() => {});
        // Destroyed rather than pooled: no request should inherit a session without timeouts.
        client.release(true);
      }
    },
    close: async () => {
      await Promise.all([pool.end(), lookups.end(), replicas?.end()]);
    },
  };
}

/**
 * The connections of the hot path's prepared statements (db/prepared.ts): reads by ids, a SKU or a
 * customer, whose plan does not depend on the values. PostgreSQL keeps re-planning a statement whose
 * custom plan looks cheaper than its generic one, which at 1M products cost the cart's product read
 * 0.5 ms of its 0.7 ms on every quote; here it plans each once per connection. The setting is kept off
 * the main pool: there a generic plan could misjudge a search's filters.
 */
function openLookupPool(url: string, poolSize: number, timeouts: DatabaseTimeouts | undefined): pg.Pool {
  return openPool(
    url,
    Math.max(2, Math.ceil(poolSize / 2)),
    '-c jit=off -c plan_cache_mode=force_generic_plan',
    timeouts,
  );
}

function openPool(
  url: string,
  max: number,
  options: string,
  timeouts: DatabaseTimeouts | undefined,
): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, options, ...pgTimeoutSettings(timeouts) });
  // An idle connection the server drops (restart, failover, a database dropped with force) is only
  // discarded: the pool opens a new one on the next query. Unhandled, its error would end the process.
  pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
  // A checked-out connection's error has no pool listener, and unhandled it ends the process too. The
  // request using it already learns of it (its query rejects, or the next one: 503 through
  // lib/database-errors.ts) and the pool discards the client on release, so nothing more to do here.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

type Acquires = Pick<PoolStats, 'acquires' | 'acquireWaitSeconds' | 'acquireTimeouts'>;
type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: () => void,
) => void;

/**
 * Times every wait for a pooled connection: pg counts who waits now, not how long waits last. Queries
 * (`pool.query` calls `this.connect`) and transactions (`pool.connect`) both go through `connect`.
 */
function timeAcquires(pool: pg.Pool): Acquires {
  const acquires: Acquires = { acquires: 0, acquireWaitSeconds: 0, acquireTimeouts: 0 };
  const connect = pool.connect.bind(pool) as (
    callback?: ConnectCallback,
  ) => Promise<pg.PoolClient> | undefined;
  const settle = (started: number, error: unknown) => {
    acquires.acquireWaitSeconds += (performance.now() - started) / 1000;
    if (!error) acquires.acquires++;
    else if (error instanceof Error && error.message.includes('timeout exceeded')) acquires.acquireTimeouts++;
  };
  pool.connect = ((callback?: ConnectCallback) => {
    const started = performance.now();
    if (callback) {
      return connect((error, client, done) => {
        settle(started, error);
        callback(error, client, done);
      });
    }
    return connect()!.then(
      (client) => {
        settle(started, undefined);
        return client;
      },
      (error: unknown) => {
        settle(started, error);
        throw error;
      },
    );
  }) as typeof pool.connect;
  return acquires;
}
