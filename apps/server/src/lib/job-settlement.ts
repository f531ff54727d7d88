type Settle = (name: string, ids: string | string[], ...rest: never[]) => Promise<unknown>;

/**
 * pg-boss 10 settles a worker's jobs with `complete` or `fail` without awaiting them, so when the
 * database is lost at that moment their rejection is unhandled and would end the process. Each call's
 * promise gets a handler that logs the failure; pg-boss then expires the job and runs it again, and a
 * caller that awaits still gets the same result or error.
 */
export function logSettlementFailures(
  boss: { complete: Settle; fail: Settle },
  log: { warn(obj: object, message?: string): void },
): void {
  for (const step of ['complete', 'fail'] as const) {
    const settle = boss[step].bind(boss);
    boss[step] = (name, ids, ...rest) => {
      const settled = settle(name, ids, ...rest);
      settled.catch((err: unknown) =>
        log.warn({ err, queue: name, jobs: ids, step }, `job queue: ${step} failed, the job will run again`),
      );
      return settled;
    };
  }
}
