import type pg from 'pg';
import { databaseFailure } from '../lib/database-errors';

/**
 * Issue 23 point 2: the storefront's catalogue reads go to PostgreSQL streaming replicas
 * (DATABASE_REPLICA_URLS). A replica whose replay lags more than this is not read from, so what a
 * shopper sees is at most this old, plus the time between two checks (docs/decisions.md).
 */
export const REPLICA_MAX_LAG_SECONDS = 5;
export const REPLICA_CHECK_INTERVAL_MS = 2_000;

/**
 * Caught up (all WAL received is replayed, and still receiving): no lag, however long ago the primary
 * last committed. Otherwise the age of the last replayed commit, an upper bound of the lag; null when
 * nothing was replayed since the replica started (unknown: not used).
 */
const CHECK_SQL = `select pg_is_in_recovery() as in_recovery,
  case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() and exists (select from pg_stat_wal_receiver)
    then 0::float8
    else extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 end as lag_seconds`;

export type ReplicaState = {
  /** host:port/database, without credentials. */
  name: string;
  healthy: boolean;
  lagSeconds: number | null;
  /** Read queries this replica answered since the start. */
  queries: number;
};

export type ReplicaStats = {
  replicas: ReplicaState[];
  /** Read queries sent to the primary: no replica was healthy, or the chosen one failed (retried). */
  primaryQueries: number;
};

type Replica = ReplicaState & { pool: pg.Pool; checking: boolean };

/**
 * The pool-like client of the read Db: each query goes round-robin to a healthy replica's pool, or to
 * the primary's when none is healthy. A replica that fails to connect is marked down and the query is
 * retried once on the primary, so the shopper sees no error; the next successful check marks it up.
 * Named …Pool on purpose: Drizzle's node-postgres session tells a pool (a connection taken per
 * transaction) from a client by that name when `instanceof pg.Pool` fails.
 */
export class ReplicaPool {
  private next = 0;
  private primaryQueries = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly replicas: Replica[],
    private readonly primary: pg.Pool,
  ) {
    this.timer = setInterval(() => void this.checkAll(), REPLICA_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  // Drizzle calls query(config, values) and awaits it; pg's callback forms are not used.
  async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const replica = this.pick();
    if (replica) {
      try {
        const result = await replica.pool.query(config, values);
        replica.queries++;
        return result;
      } catch (error) {
        if (!this.failedOver(replica, error)) throw error;
      }
    }
    this.primaryQueries++;
    return this.primary.query(config, values);
  }

  /** A connection for a transaction (Drizzle's `transaction` on a pool). */
  async connect(): Promise<pg.PoolClient> {
    const replica = this.pick();
    if (replica) {
      try {
        return await replica.pool.connect();
      } catch (error) {
        if (!this.failedOver(replica, error)) throw error;
      }
    }
    return this.primary.connect();
  }

  stats(): ReplicaStats {
    return {
      replicas: this.replicas.map(({ name, healthy, lagSeconds, queries }) => ({
        name,
        healthy,
        lagSeconds,
        queries,
      })),
      primaryQueries: this.primaryQueries,
    };
  }

  /** Checks every replica now; they are checked every REPLICA_CHECK_INTERVAL_MS anyway. */
  async checkAll(): Promise<void> {
    await Promise.all(this.replicas.map((replica) => this.check(replica)));
  }

  async end(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.replicas.map((replica) => replica.pool.end()));
  }

  private pick(): Replica | undefined {
    const count = this.replicas.length;
    for (let i = 0; i < count; i++) {
      const replica = this.replicas[(this.next + i) % count]!;
      if (replica.healthy) {
        this.next = (this.next + i + 1) % count;
        return replica;
      }
    }
    return undefined;
  }

  /**
   * Whether the query that met this error goes to the primary instead: the replica is unreachable
   * (marked down until a check succeeds), or cancelled it in conflict with the WAL it replays (40001).
   */
  private failedOver(replica: Replica, error: unknown): boolean {
    if (databaseFailure(error) === 'unavailable') {
      this.setHealth(replica, false, errorText(error));
      return true;
    }
    return (error as { code?: unknown }).code === '40001';
  }

  private async check(replica: Replica): Promise<void> {
    if (replica.checking) return;
    replica.checking = true;
    try {
      const { rows } = await replica.pool.query<{ in_recovery: boolean; lag_seconds: number | null }>(
        CHECK_SQL,
      );
      const { in_recovery: inRecovery, lag_seconds: lag } = rows[0]!;
      replica.lagSeconds = lag;
      if (!inRecovery) this.setHealth(replica, false, 'not in recovery: not a replica');
      else if (lag === null || lag > REPLICA_MAX_LAG_SECONDS) {
        this.setHealth(replica, false, `replay lag ${lag ?? 'unknown'} s over ${REPLICA_MAX_LAG_SECONDS} s`);
      } else this.setHealth(replica, true);
    } catch (error) {
      replica.lagSeconds = null;
      this.setHealth(replica, false, errorText(error));
    } finally {
      replica.checking = false;
    }
  }

  private setHealth(replica: Replica, healthy: boolean, reason?: string): void {
    if (replica.healthy === healthy) return;
    replica.healthy = healthy;
    if (healthy) console.info(`read replica ${replica.name} up: catalogue reads go to it`);
    else console.warn(`read replica ${replica.name} down (${reason}): its reads go elsewhere`);
  }
}

/**
 * The read Db's client over these replicas, each with its own pool from `openPool`. A first check is
 * awaited here, before any query: the replicas it finds down or behind are logged and not used.
 */
export async function openReplicaPool(
  urls: readonly string[],
  primary: pg.Pool,
  openPool: (url: string) => pg.Pool,
): Promise<ReplicaPool> {
  const replicas = urls.map(
    (url): Replica => ({
      name: replicaName(url),
      pool: openPool(url),
      // Until the first check, so that it logs only the replicas it finds unusable.
      healthy: true,
      lagSeconds: null,
      queries: 0,
      checking: false,
    }),
  );
  const pool = new ReplicaPool(replicas, primary);
  await pool.checkAll();
  return pool;
}

function replicaName(url: string): string {
  const u = new URL(url);
  return `${u.host}${u.pathname}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
