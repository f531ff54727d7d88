import type { PGlite } from '@electric-sql/pglite';
import { SHOP_TIME_ZONE } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { type Database, pgTimeoutSettings } from '../db/client';
import { erpConnector } from '../modules/erp/erp.connector';
import { deliverSyncs, dispatchQueuedSyncs } from '../modules/erp/erp-delivery.service';
import { sendStockAlerts } from '../modules/lists/stock-alerts.service';
import { cancelUnpaidOrders } from '../modules/orders/cancel-unpaid.service';
import { pruneCatalogueChanges } from '../modules/products/list-index/list-index.service';
import { allocateWaitingStock } from '../modules/stock-movements/stock-allocation.service';
import type { Ctx, Deps } from './context';
import { logSettlementFailures } from './job-settlement';
import { MAIL_QUEUE, type Mail } from './mailer';

/** The daily job cancelling orders left unpaid for a week (DESIGN §6 rule 13, §8). */
export const CANCEL_UNPAID_QUEUE = 'cancel-unpaid';
/** Every day at 03:00 in the shop's time zone, when hardly anyone orders. */
export const CANCEL_UNPAID_CRON = '0 3 * * *';
/** Orders and customers on their way to the ERP, one job per outbox row. */
export const ERP_SYNC_QUEUE = 'erp-sync';
/** Free stock given to waiting rows; daily, after cancel-unpaid has released what it held. */
export const STOCK_ALLOCATION_QUEUE = 'stock-allocation';
export const STOCK_ALLOCATION_CRON = '30 3 * * *';
/**
 * The wishlist's mails (issue 22 point 3): alerts whose product became orderable (stock arrived by any
 * path, a pre-order opened) mailed once; every 5 minutes.
 */
export const STOCK_ALERTS_QUEUE = 'stock-alerts';
export const STOCK_ALERTS_CRON = '*/5 * * * *';
/** The list index's change rows older than a day deleted (issue 23); daily, after the night's jobs. */
export const CATALOGUE_CHANGES_QUEUE = 'catalogue-changes';
export const CATALOGUE_CHANGES_CRON = '0 4 * * *';

export type JobOptions = {
  /** First retry delay of an ERP sync, doubled at each retry (with jitter); 12 retries span about a day. */
  erpRetryDelaySeconds: number;
  erpRetryLimit: number;
  /** How often the erp-sync workers look for jobs, and the relay for queued syncs (the others: every 2 s). */
  pollingIntervalSeconds: number;
};

const DEFAULTS: JobOptions = { erpRetryDelaySeconds: 10, erpRetryLimit: 12, pollingIntervalSeconds: 1 };
/** Syncs pushed at once by one fetch of a worker; two workers, so up to 2 × 20 requests in flight. */
const ERP_BATCH = 20;
const ERP_WORKERS = 2;
const RELAY_BATCH = 500;
/**
 * A push takes at most ERP_TIMEOUT_MS; a job still active after this was held by a process that died,
 * and pg-boss's maintenance (every MAINTENANCE_SECONDS) hands it out again.
 */
const ERP_JOB_EXPIRY_SECONDS = 30;
const MAINTENANCE_SECONDS = 30;
/**
 * pg-boss's own pool keeps the shop's idle-transaction and acquire timeouts (issue 15) but waits longer
 * on statements and locks: its maintenance archives jobs in bulk, and instances starting together
 * queue on its advisory lock.
 */
const JOBS_STATEMENT_TIMEOUT_MS = 60_000;
const JOBS_LOCK_TIMEOUT_MS = 30_000;

export type Jobs = {
  boss: PgBoss;
  /** Stops taking jobs, waits for the running ones (up to `timeoutMs`) and closes pg-boss's own connections. */
  stop(timeoutMs?: number): Promise<void>;
};

/**
 * pg-boss on PGlite (DESIGN §8): its schema and maintenance SQL come as parameterless multi-statement
 * scripts, which only PGlite's `exec` runs; everything else goes through `query` with its values.
 */
export function pgliteJobsDb(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/**
 * The erp-sync job of an outbox row has an id derived from the row's: the relay may hand a row again
 * after a crash, and pg-boss then inserts nothing.
 */
export function erpSyncJobId(syncId: number): string {
  return `00000000-0000-4000-8000-${syncId.toString(16).padStart(12, '0')}`;
}

/** Hands outbox rows to the erp-sync queue: one job each, retried with backoff, at most once per row. */
export async function enqueueErpSyncs(
  boss: PgBoss,
  syncIds: number[],
  options: Pick<JobOptions, 'erpRetryDelaySeconds' | 'erpRetryLimit'>,
): Promise<void> {
  await boss.insert(
    syncIds.map((syncId) => ({
      id: erpSyncJobId(syncId),
      name: ERP_SYNC_QUEUE,
      data: { syncId },
      retryLimit: options.erpRetryLimit,
      retryDelay: options.erpRetryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: ERP_JOB_EXPIRY_SECONDS,
    })),
  );
}

/**
 * Starts the job queue on the shop's database (main.ts, after the app is built; never inside
 * buildApp): creates the queues, schedules the daily ones, registers the workers, starts the outbox
 * relay when the ERP sync is on, and routes the shop's mail through the mail queue.
 */
export async function startJobs(
  deps: Deps,
  database: Database,
  log: FastifyBaseLogger,
  overrides: Partial<JobOptions> = {},
): Promise<Jobs> {
  const options = { ...DEFAULTS, ...overrides };
  const ctx: Ctx = { ...deps, log, actor: null };
  const connection = database.jobsConnection;
  const boss = new PgBoss(
    connection.kind === 'pglite'
      ? { db: pgliteJobsDb(connection.client), maintenanceIntervalSeconds: MAINTENANCE_SECONDS }
      : {
          connectionString: connection.url,
          ...pgTimeoutSettings(
            connection.timeouts && {
              ...connection.timeouts,
              statementTimeoutMs: JOBS_STATEMENT_TIMEOUT_MS,
              lockTimeoutMs: JOBS_LOCK_TIMEOUT_MS,
            },
          ),
          max: 4,
          application_name: 'shop-jobs',
          maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
        },
  );
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  logSettlementFailures(boss as unknown as Parameters<typeof logSettlementFailures>[0], log);
  await boss.start();
  for (const queue of [
    CANCEL_UNPAID_QUEUE,
    STOCK_ALLOCATION_QUEUE,
    STOCK_ALERTS_QUEUE,
    CATALOGUE_CHANGES_QUEUE,
    ERP_SYNC_QUEUE,
    MAIL_QUEUE,
  ])
    await createQueue(boss, queue);

  await boss.schedule(CANCEL_UNPAID_QUEUE, CANCEL_UNPAID_CRON, {}, { tz: SHOP_TIME_ZONE });
  await boss.work(CANCEL_UNPAID_QUEUE, async () => {
    const cancelled = await cancelUnpaidOrders(ctx);
    log.info({ cancelled }, 'cancel-unpaid: unpaid orders cancelled');
  });

  await boss.schedule(STOCK_ALLOCATION_QUEUE, STOCK_ALLOCATION_CRON, {}, { tz: SHOP_TIME_ZONE });
  await boss.work(STOCK_ALLOCATION_QUEUE, async () => {
    const given = await allocateWaitingStock(ctx);
    log.info({ rows: given.length }, 'stock-allocation: free stock given to waiting rows');
  });

  await boss.schedule(STOCK_ALERTS_QUEUE, STOCK_ALERTS_CRON, {}, { tz: SHOP_TIME_ZONE });
  await boss.work(STOCK_ALERTS_QUEUE, async () => {
    const sent = await sendStockAlerts(ctx);
    if (sent > 0) log.info({ sent }, 'stock-alerts: wishlist mails sent');
  });

  await boss.schedule(CATALOGUE_CHANGES_QUEUE, CATALOGUE_CHANGES_CRON, {}, { tz: SHOP_TIME_ZONE });
  await boss.work(CATALOGUE_CHANGES_QUEUE, async () => {
    const deleted = await pruneCatalogueChanges(ctx);
    log.info({ deleted }, 'catalogue-changes: old change rows deleted');
  });

  await boss.work<Mail>(MAIL_QUEUE, async ([job]) => {
    await deps.mailTransport.send(job!.data);
  });

  const relay = await startErpSync(boss, ctx, options);

  deps.jobs.boss = boss;
  return {
    boss,
    async stop(timeoutMs = 10_000) {
      deps.jobs.boss = null;
      await relay?.stop();
      await boss.stop({ graceful: true, timeout: timeoutMs });
    },
  };
}

/**
 * pg-boss 10 creates a queue (its row and its job partition) without a lock: instances starting together
 * on a new database can deadlock there (two-instances.test.ts found it). PostgreSQL aborts one of them;
 * tried again, it finds the queue the other made and does nothing.
 */
async function createQueue(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await boss.createQueue(name);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || code !== '40P01') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * The ERP side of the jobs, when ERP_URL is set: a worker pushing each sync (a failed push is retried
 * with backoff by pg-boss, the last failure marks the sync failed) and the outbox relay handing newly
 * committed syncs to the queue every polling interval, and at once on start: what a crash right after
 * a commit left behind goes out then.
 */
async function startErpSync(boss: PgBoss, ctx: Ctx, options: JobOptions) {
  const erp = erpConnector(ctx.config);
  if (!erp) return null;
  const workerOptions = {
    batchSize: ERP_BATCH,
    includeMetadata: true as const,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
  };
  for (let i = 0; i < ERP_WORKERS; i++) {
    let workerId = '';
    workerId = await boss.work<{ syncId: number }>(ERP_SYNC_QUEUE, workerOptions, async (jobs) => {
      const failures = await deliverSyncs(
        ctx,
        erp,
        jobs.map((job) => ({ syncId: job.data.syncId, lastAttempt: job.retryCount >= job.retryLimit })),
      );
      // Only the jobs whose push failed are retried; the batch's others complete.
      for (const job of jobs) {
        const failure = failures.get(job.data.syncId);
        if (failure) await boss.fail(ERP_SYNC_QUEUE, job.id, { message: failure });
      }
      // A full batch means more are waiting: fetch again at once rather than after the polling interval.
      if (jobs.length === ERP_BATCH && workerId) boss.notifyWorker(workerId);
    });
  }

  const enqueue = (syncIds: number[]) => enqueueErpSyncs(boss, syncIds, options);
  let running: Promise<void> | null = null;
  const relayOnce = async () => {
    try {
      while ((await dispatchQueuedSyncs(ctx, enqueue, RELAY_BATCH)) === RELAY_BATCH);
    } catch (error) {
      ctx.log.error({ err: error }, 'ERP outbox relay failed; it tries again shortly');
    }
  };
  const tick = () => {
    running ??= relayOnce().finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, options.pollingIntervalSeconds * 1000);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
