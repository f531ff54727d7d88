import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { rowsOf } from './modules/orders/checkout.fixtures';
import { startServer } from './test/server-process';

/** The real server process: starts its jobs with it and stops gracefully on SIGTERM (issue 8). */

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('starts with its jobs scheduled and exits with code 0 within a few seconds of SIGTERM', async () => {
    const server = await startServer(dataDir);

    const signalledAt = Date.now();
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);

    // The database was closed cleanly and holds the schedule the server created.
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
    try {
      expect(
        await rowsOf<{ name: string; cron: string; timezone: string }>(
          database.db,
          sql`select name, cron, timezone from pgboss.schedule order by name`,
        ),
      ).toEqual([
        { name: 'cancel-unpaid', cron: '0 3 * * *', timezone: 'Europe/Rome' },
        { name: 'catalogue-changes', cron: '0 4 * * *', timezone: 'Europe/Rome' },
        { name: 'stock-alerts', cron: '*/5 * * * *', timezone: 'Europe/Rome' },
        { name: 'stock-allocation', cron: '30 3 * * *', timezone: 'Europe/Rome' },
      ]);
    } finally {
      await database.close();
    }
  }, 90_000);
});
