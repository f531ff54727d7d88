import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { startServer } from '../../test/server-process';
import { rowsOf } from '../orders/checkout.fixtures';

/** Issue 18: a production start on an empty database loads no demo and asks for the first run. */

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-first-run-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a production start on an empty database', () => {
  it('creates no user at all and logs where to set the shop up', async () => {
    let output = '';
    const server = await startServer(
      dataDir,
      { NODE_ENV: 'production', JOBS: 'false', LOG_LEVEL: 'info', SEED_DEMO: '' },
      {
        onStdout: (text) => {
          output += text;
        },
      },
    );
    try {
      const hint = new RegExp(
        `No administrator yet: open ${server.url.replaceAll('.', '\\.')}/setup\\?token=[\\w-]{43} to set the shop up \\(or run npm run setup\\)`,
      );
      for (let waited = 0; !hint.test(output) && waited < 10_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toMatch(hint);
      expect(await (await fetch(`${server.url}/api/setup`)).json()).toEqual({ needed: true });
    } finally {
      server.process.kill('SIGTERM');
      await server.exited;
    }

    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
    try {
      expect(await rowsOf(database.db, sql`select email from users`)).toEqual([]);
      expect(await rowsOf(database.db, sql`select name from shop`)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 90_000);
});
