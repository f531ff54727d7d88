import type { PGlite } from '@electric-sql/pglite';
import { SHOP_TIME_ZONE } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { cancelUnpaidOrders } from '../modules/orders/cancel-unpaid.service';
import type { Deps } from './context';

/** The daily job cancelling orders left unpaid for a week (DESIGN §6 rule 13, §8). */
export const CANCEL_UNPAID_QUEUE = 'cancel-unpaid';
/** Every day at 03:00 in the shop's time zone, when hardly anyone orders. */
export const CANCEL_UNPAID_CRON = '0 3 * * *';

export type Jobs = {
  boss: PgBoss;
  /** Stops taking jobs, waits for the running ones (up to 10 s) and closes pg-boss's own connections. */
  stop(): Promise<void>;
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
 * Starts the job queue on the shop's database (main.ts, after the app is built; never inside buildApp):
 * creates the queues, schedules cancel-unpaid and registers its worker.
 */
export async function startJobs(deps: Deps, database: Database, log: FastifyBaseLogger): Promise<Jobs> {
  const connection = database.jobsConnection;
  const boss = new PgBoss(
    connection.kind === 'pglite'
      ? { db: pgliteJobsDb(connection.client) }
      : { connectionString: connection.url, max: 3, application_name: 'shop-jobs' },
  );
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(CANCEL_UNPAID_QUEUE);
  await boss.schedule(CANCEL_UNPAID_QUEUE, CANCEL_UNPAID_CRON, {}, { tz: SHOP_TIME_ZONE });
  await boss.work(CANCEL_UNPAID_QUEUE, async () => {
    const cancelled = await cancelUnpaidOrders({ ...deps, log });
    log.info({ cancelled }, 'cancel-unpaid: unpaid orders cancelled');
  });
  return { boss, stop: () => boss.stop({ graceful: true, timeout: 10_000 }) };
}
