import {
  JOB_STATES,
  type JobState,
  messages,
  type QueueCounts,
  type QueueJob,
  type QueueList,
} from '@shop/domain';
import type PgBoss from 'pg-boss';
import type { Ctx } from '../../lib/context';
import { ConflictError, NotFoundError } from '../../lib/errors';
import * as q from './queues.queries';

/**
 * The back office's queue management (SPEC §2 navbar link, DESIGN §8): pg-boss's queues with their jobs
 * by state, a queue's jobs in one state, and retrying a failed job or deleting one.
 *
 * Retry and delete go through pg-boss, which runs each as one statement on its own connection: atomic
 * by themselves, and outside `inTransaction` because on PGlite (one connection) pg-boss would wait
 * for the shop's open transaction forever.
 */

type QueuesCtx = Pick<Ctx, 'db' | 'jobs'>;

/** pg-boss's own queues (the one its cron sends through), not the shop's business. */
const INTERNAL_QUEUE_PREFIX = '__pgboss__';
const isShopQueue = (name: string) => !name.startsWith(INTERNAL_QUEUE_PREFIX);

function bossOf(ctx: QueuesCtx): PgBoss {
  if (!ctx.jobs.boss) throw new ConflictError(messages.jobsOff);
  return ctx.jobs.boss;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The message of a failure as pg-boss records it in `output`: a serialised Error (`{ message }`), or
 * `{ value }` holding a text (pg-boss shutting down) or `{ message }` (an expired job).
 */
export function failureMessage(output: unknown): string | null {
  if (typeof output !== 'object' || output === null) return null;
  const { message, value } = output as { message?: unknown; value?: unknown };
  if (typeof message === 'string') return message;
  if (typeof value === 'string') return value;
  const nested =
    typeof value === 'object' && value !== null ? (value as { message?: unknown }).message : null;
  return typeof nested === 'string' ? nested : null;
}

function toJob(row: q.JobRow): QueueJob {
  return {
    id: row.id,
    state: row.state,
    data: row.data,
    // A completed job's output is its worker's result, not an error.
    error: row.state === 'completed' ? null : failureMessage(row.output),
    retry_count: row.retry_count,
    retry_limit: row.retry_limit,
    created_at: iso(row.created_on),
    started_at: row.started_on === null ? null : iso(row.started_on),
    completed_at: row.completed_on === null ? null : iso(row.completed_on),
  };
}

/** GET /api/queues: every queue by name with its jobs counted by state (zero when none). */
export async function listQueues(ctx: QueuesCtx): Promise<QueueList> {
  const boss = ctx.jobs.boss;
  if (!boss) return { enabled: false, data: [] };
  const queues = await boss.getQueues();
  const counted = await q.countJobsByQueueAndState(ctx.db);
  const names = queues
    .map((queue) => queue.name)
    .filter(isShopQueue)
    .sort();
  return {
    enabled: true,
    data: names.map((name) => {
      const counts = Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as QueueCounts;
      for (const row of counted) if (row.name === name) counts[row.state] = row.n;
      return { name, counts };
    }),
  };
}

/** A queue's newest jobs in one state; 404 for a queue pg-boss does not know. */
export async function listQueueJobs(ctx: QueuesCtx, name: string, state: JobState): Promise<QueueJob[]> {
  const boss = bossOf(ctx);
  if (!isShopQueue(name) || !(await boss.getQueue(name))) throw new NotFoundError();
  return (await q.listJobs(ctx.db, name, state)).map(toJob);
}

async function findJob(ctx: QueuesCtx, name: string, id: string): Promise<q.JobRow> {
  const job = isShopQueue(name) ? await q.findJob(ctx.db, name, id) : undefined;
  if (!job) throw new NotFoundError();
  return job;
}

/** Puts a failed job back in the queue (state retry, one more attempt allowed) and answers it. */
export async function retryJob(ctx: QueuesCtx, name: string, id: string): Promise<QueueJob> {
  const boss = bossOf(ctx);
  const job = await findJob(ctx, name, id);
  if (job.state !== 'failed') throw new ConflictError(messages.jobNotFailed);
  await boss.retry(name, id);
  return toJob(await findJob(ctx, name, id));
}

/** Deletes a job that is not running (a worker busy with it would go on regardless). */
export async function deleteJob(ctx: QueuesCtx, name: string, id: string): Promise<void> {
  const boss = bossOf(ctx);
  const job = await findJob(ctx, name, id);
  if (job.state === 'active') throw new ConflictError(messages.jobRunning);
  await boss.deleteJob(name, id);
}
