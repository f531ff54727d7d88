import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { rowsOf } from './modules/orders/checkout.fixtures';

/** The real server process: starts its jobs with it and stops gracefully on SIGTERM (issue 8). */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(server: ChildProcess, url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && server.exitCode === null) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

describe('the server process', () => {
  it('starts with its jobs scheduled and exits with code 0 within a few seconds of SIGTERM', async () => {
    const port = await freePort();
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const server = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        VIES_URL: '',
        JOBS: 'true',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    expect(await waitForHealth(server, `http://127.0.0.1:${port}/api/health`, 60_000)).toBe(true);

    const signalledAt = Date.now();
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);

    // The database was closed cleanly and holds the schedule the server created.
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
    try {
      expect(
        await rowsOf<{ name: string; cron: string; timezone: string }>(
          database.db,
          sql`select name, cron, timezone from pgboss.schedule`,
        ),
      ).toEqual([{ name: 'cancel-unpaid', cron: '0 3 * * *', timezone: 'Europe/Rome' }]);
    } finally {
      await database.close();
    }
  }, 90_000);
});
