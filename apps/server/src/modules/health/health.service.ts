import type { Ctx } from '../../lib/context';
import { listIndexOf } from '../products/list-index/list-index.service';
import * as q from './health.queries';

/**
 * How long readiness waits for the database. The pool's acquire and statement timeouts also bound the
 * round trip on PostgreSQL, but not a server that stopped answering mid-statement, nor PGlite's one
 * connection held by a long transaction.
 */
const READY_TIMEOUT_MS = 2_000;

export type Readiness = {
  status: 'ready' | 'unavailable';
  database: 'up' | 'down';
  /** 'stopped': configured on but not running (starting, shutting down); 'off': JOBS=false. */
  jobs: 'running' | 'stopped' | 'off';
  /** The storefront lists' in-process index (issue 23): lists use SQL until it is built. */
  list_index: 'ready' | 'building' | 'off';
};

/**
 * GET /api/health/ready (issue 15): ready when the database answers within READY_TIMEOUT_MS. The job
 * queue's state is reported, not required: the shop serves requests without it.
 */
export async function checkReadiness(ctx: Ctx): Promise<Readiness> {
  const jobs = !ctx.config.jobs ? 'off' : ctx.jobs.boss ? 'running' : 'stopped';
  const index = listIndexOf(ctx.readDb);
  const list_index = !index ? 'off' : index.isReady ? 'ready' : 'building';
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([q.pingDatabase(ctx.db), timedOut]);
    return { status: 'ready', database: 'up', jobs, list_index };
  } catch (error) {
    ctx.log.warn({ err: error }, 'readiness: the database did not answer');
    return { status: 'unavailable', database: 'down', jobs, list_index };
  } finally {
    clearTimeout(timer);
  }
}
