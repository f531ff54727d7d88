import { type JobState, QUEUE_JOBS_LIMIT } from '@shop/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * pg-boss's job table, read in the shop's own database: pg-boss keeps it in its default schema
 * `pgboss` (lib/jobs.ts sets none), partitioned by queue name.
 */

export type JobCountRow = { name: string; state: JobState; n: number };

export type JobRow = {
  id: string;
  state: JobState;
  data: unknown;
  output: unknown;
  retry_count: number;
  retry_limit: number;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
};

const jobColumns = sql`id, state, data, output, retry_count, retry_limit, created_on, started_on, completed_on`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** How many jobs each queue holds in each state (states without jobs are left out). */
export function countJobsByQueueAndState(db: Db): Promise<JobCountRow[]> {
  return rows(
    db,
    sql`select name, state::text as state, count(*)::int as n from pgboss.job group by name, state`,
  );
}

/** The newest jobs of a queue in one state. */
export function listJobs(db: Db, name: string, state: JobState): Promise<JobRow[]> {
  return rows(
    db,
    sql`select ${jobColumns} from pgboss.job
      where name = ${name} and state = ${state}::pgboss.job_state
      order by created_on desc, id
      limit ${QUEUE_JOBS_LIMIT}`,
  );
}

export async function findJob(db: Db, name: string, id: string): Promise<JobRow | undefined> {
  const [row] = await rows<JobRow>(
    db,
    sql`select ${jobColumns} from pgboss.job where name = ${name} and id = ${id}::uuid`,
  );
  return row;
}
