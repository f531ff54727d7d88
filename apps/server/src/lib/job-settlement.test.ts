import { describe, expect, it } from 'vitest';
import { logSettlementFailures } from './job-settlement';

/**
 * pg-boss 10 calls `complete` and `fail` after a worker's handler without awaiting them: with the
 * database gone at that moment (a restart, a dropped connection) their rejection was unhandled and
 * ended the process (db-faults.test.ts under load, CI 2026-11-27).
 */
describe('logSettlementFailures', () => {
  it('turns a rejected complete or fail that nobody awaits into a logged warning, not a crash', async () => {
    const lost = new Error('terminating connection due to administrator command');
    const boss = {
      complete: async (_name: string, _ids: string | string[]) => {
        throw lost;
      },
      fail: async (_name: string, _ids: string | string[]) => {
        throw lost;
      },
    };
    const warnings: unknown[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      logSettlementFailures(boss, { warn: (obj: unknown) => warnings.push(obj) });
      void boss.complete('erp-sync', ['1']);
      void boss.fail('erp-sync', ['2']);
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
    expect(warnings).toEqual([
      { err: lost, queue: 'erp-sync', jobs: ['1'], step: 'complete' },
      { err: lost, queue: 'erp-sync', jobs: ['2'], step: 'fail' },
    ]);
  });

  it('still answers the callers that await, with the same result or error', async () => {
    const boss = {
      complete: async (_name: string, ids: string | string[]) => ({ jobs: ids, affected: ids.length }),
      fail: async (_name: string, _ids: string | string[]) => {
        throw new Error('gone');
      },
    };
    logSettlementFailures(boss, { warn: () => {} });
    await expect(boss.complete('mail', ['a', 'b'])).resolves.toEqual({ jobs: ['a', 'b'], affected: 2 });
    await expect(boss.fail('mail', ['c'])).rejects.toThrow('gone');
  });
});
