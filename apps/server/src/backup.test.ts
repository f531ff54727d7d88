import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './db/client';
import { ACCOUNTS, DEMO_PASSWORD, seedDemo } from './db/seed/demo';
import { backupEmbedded, restoreEmbedded } from './lib/backup';
import { pidFileOf } from './lib/pid-file';
import { rowsOf } from './modules/orders/checkout.fixtures';
import { httpClient, startServer } from './test/server-process';

/** Issue 18 point 9: backups that restore into a fresh directory or database and read an order back. */

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');
const journal = JSON.parse(readFileSync(path.join(serverDir, 'drizzle/meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const temporary: string[] = [];
const tempDir = async (name: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), `shop-${name}-`));
  temporary.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

type OrderRow = { order_no: string; status: string; total: number };
const firstOrder = async (db: Db) =>
  (await rowsOf<OrderRow>(db, sql`select order_no, status, total from orders order by order_no limit 1`))[0];

/** npm run backup / restore as the operator runs them, on `dataDir`. */
async function script(name: 'backup' | 'restore', dataDir: string, args: string[] = []) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return run('node', ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: serverDir,
    env: { ...env, DATA_DIR: dataDir },
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('npm run backup and restore of the embedded database', () => {
  it('restores into a fresh directory the order, the uploads and not the mail', async () => {
    const dataDir = await tempDir('data');
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
    await database.migrate();
    await seedDemo(database.db, { productCount: 50, uploadsDir: path.join(dataDir, 'uploads') });
    const order = await firstOrder(database.db);
    await database.close();
    expect(order).toBeDefined();
    await mkdir(path.join(dataDir, 'mail'));
    await writeFile(path.join(dataDir, 'mail', 'welcome.eml'), 'Subject: hi\n');
    const covers = readdirSync(path.join(dataDir, 'uploads', 'covers'));
    expect(covers.length).toBeGreaterThan(0);

    const backups = await tempDir('backups');
    const backup = await backupEmbedded({ dataDir, outDir: backups, now: new Date('2026-11-26T13:00:00Z') });
    expect(path.basename(backup)).toBe('sonora-2026-11-26T13-00-00');
    expect(JSON.parse(readFileSync(path.join(backup, 'manifest.json'), 'utf8'))).toEqual({
      format: 1,
      created_at: '2026-11-26T13:00:00.000Z',
      database: 'embedded',
      migrations: { count: journal.entries.length, last: journal.entries.at(-1)!.tag },
    });

    const restored = await tempDir('restored');
    await restoreEmbedded({ backupDir: backup, dataDir: restored });
    const reopened = await openDatabase({ kind: 'pglite', dataDir: path.join(restored, 'pgdata') });
    try {
      expect(await firstOrder(reopened.db)).toEqual(order);
    } finally {
      await reopened.close();
    }
    expect(readdirSync(path.join(restored, 'uploads', 'covers'))).toEqual(covers);
    expect(existsSync(path.join(restored, 'mail'))).toBe(false);

    await expect(restoreEmbedded({ backupDir: backup, dataDir: restored })).rejects.toThrow(
      `${restored} already holds a database: restore into an empty directory (--data-dir), or add --force to replace it.`,
    );
    // Not even with --force while a live process holds the directory (here the test runner's parent).
    await writeFile(pidFileOf(restored), `${process.ppid}\n`);
    await expect(restoreEmbedded({ backupDir: backup, dataDir: restored, force: true })).rejects.toThrow(
      `The shop is running (pid ${process.ppid}): stop it first (systemctl stop sonora), then run npm run restore again.`,
    );
    await rm(pidFileOf(restored));
    await restoreEmbedded({ backupDir: backup, dataDir: restored, force: true });

    // The shop starts on the restored directory and shows the order.
    const server = await startServer(restored);
    try {
      const admin = httpClient(server.url);
      expect((await admin.login(ACCOUNTS.admin, DEMO_PASSWORD)).status).toBe(200);
      const shown = await admin.get(`/api/backoffice/orders/${order!.order_no}`);
      expect(shown.status).toBe(200);
      expect(((await shown.json()) as { total: number }).total).toBe(order!.total);
    } finally {
      server.process.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);

  it('refuses while the server runs on the directory, and backs up once it has stopped', async () => {
    const dataDir = await tempDir('running');
    const server = await startServer(dataDir);
    const pid = server.process.pid!;
    expect(readFileSync(pidFileOf(dataDir), 'utf8').trim()).toBe(String(pid));
    const out = await tempDir('out');

    const refused = await script('backup', dataDir, ['--out', out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `The shop is running (pid ${pid}): stop it first (systemctl stop sonora), then run npm run backup again.`,
    );
    expect(readdirSync(out)).toEqual([]);

    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(pidFileOf(dataDir))).toBe(false);
    // A pid file left by a killed server does not block.
    await writeFile(pidFileOf(dataDir), `${pid}\n`);
    const done = await script('backup', dataDir, ['--out', out]);
    expect(done.code).toBe(0);
    const [name] = readdirSync(out);
    expect(done.stdout).toContain(`Backup written to ${path.join(out, name!)}`);

    const restored = await tempDir('restored');
    const restore = await script('restore', dataDir, [path.join(out, name!), '--data-dir', restored]);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Start the shop on it: DATA_DIR=${restored} npm start`);
  }, 120_000);
});

const baseUrl = process.env.TEST_DATABASE_URL;
const hasPgTools = await run('pg_dump', ['--version']).then(
  () => true,
  () => false,
);

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(!baseUrl || !hasPgTools)(
  'a PostgreSQL backup as the README says (pg_dump, pg_restore)',
  () => {
    const names = [1, 2].map((n) => `test_backup_${process.pid}_${n}_${randomBytes(3).toString('hex')}`);
    const urlOf = (name: string) => {
      const url = new URL(baseUrl!);
      url.pathname = `/${name}`;
      return url.toString();
    };
    afterAll(async () => {
      for (const name of names) await adminQuery(`drop database if exists ${name} with (force)`);
    });

    it('restores a dump into a fresh database and reads the order back', async () => {
      const [source, fresh] = names as [string, string];
      await adminQuery(`create database ${source}`);
      const database = await openDatabase({ kind: 'pg', url: urlOf(source), poolSize: 2 });
      await database.migrate();
      await seedDemo(database.db, { productCount: 50 });
      const order = await firstOrder(database.db);
      await database.close();

      const dump = path.join(await tempDir('dump'), 'sonora.dump');
      await run('pg_dump', ['-Fc', '-f', dump, urlOf(source)]);
      await adminQuery(`create database ${fresh}`);
      await run('pg_restore', ['--no-owner', '-d', urlOf(fresh), dump]);

      const restored = await openDatabase({ kind: 'pg', url: urlOf(fresh), poolSize: 2 });
      try {
        expect(await firstOrder(restored.db)).toEqual(order);
        // The migration level comes along: the shop starts on it without migrating again.
        const [migrations] = await rowsOf<{ count: number }>(
          restored.db,
          sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
        );
        expect(migrations!.count).toBe(journal.entries.length);
      } finally {
        await restored.close();
      }
    }, 120_000);
  },
);
