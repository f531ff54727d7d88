import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { pidFileOf } from '../../lib/pid-file';
import { rowsOf } from '../orders/checkout.fixtures';

/** `npm run setup` without a terminal (issue 18): from flags and environment, for automation. */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-setup-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function runSetup(args: string[], env: Record<string, string> = {}) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      'node',
      ['--import', 'tsx', 'scripts/setup.ts', ...args],
      { cwd: serverDir, env: { ...inherited, DATA_DIR: dataDir, APP_URL: 'https://shop.example', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

const flags = [
  '--shop-name',
  'Dischi Verdi S.r.l.',
  '--address',
  'Via Roma 1, 40121 Bologna (BO)',
  '--vat-id',
  'IT00743110157',
  '--phone',
  '+39 051 123456',
  '--national-shipping',
  '5,50',
];

describe('npm run setup', () => {
  it('asks to stop the shop first while a server runs on the embedded database', async () => {
    const running = mkdtempSync(path.join(tmpdir(), 'shop-setup-running-'));
    try {
      mkdirSync(running, { recursive: true });
      // This test's own process stands in for the running server: its pid is alive.
      writeFileSync(pidFileOf(running), `${process.pid}\n`);
      const run = await runSetup(flags, { DATA_DIR: running });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        `The shop is running on ${running}: stop the shop first, then run npm run setup again.`,
      );
    } finally {
      rmSync(running, { recursive: true, force: true });
    }
  }, 60_000);

  it('lists the missing and invalid values and exits 1, writing nothing', async () => {
    const run = await runSetup(['--shop-name', 'Dischi Verdi S.r.l.', '--email', 'nope']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The shop was not set up. Missing or invalid:');
    expect(run.stderr).toContain('--email (or SETUP_EMAIL): Invalid email');
    expect(run.stderr).toContain('--admin-email (or SETUP_ADMIN_EMAIL): missing');
    expect(run.stderr).not.toContain('--shop-name');
    expect(run.stderr).not.toContain('--country');
  }, 60_000);

  it('sets the shop up from flags and environment, printing and mailing the set-password link', async () => {
    const run = await runSetup(flags, {
      SETUP_EMAIL: 'info@dischiverdi.example',
      SETUP_ADMIN_EMAIL: 'owner@dischiverdi.example',
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const link = /https:\/\/shop\.example\/reset-password\/[\w-]+\?email=owner%40dischiverdi\.example/.exec(
      run.stdout,
    )?.[0];
    expect(link).toBeDefined();
    expect(run.stdout).toContain('The shop "Dischi Verdi S.r.l." is set up.');
    expect(run.stdout).toContain(`written as a mail to ${path.join(dataDir, 'mail')}`);
    const [mail] = readdirSync(path.join(dataDir, 'mail'));
    expect(readFileSync(path.join(dataDir, 'mail', mail!), 'utf8')).toContain('owner@dischiverdi.example');

    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
    try {
      expect(await rowsOf(database.db, sql`select name, country, vat_id from shop`)).toEqual([
        { name: 'Dischi Verdi S.r.l.', country: 'IT', vat_id: 'IT00743110157' },
      ]);
      expect(await rowsOf(database.db, sql`select slug, price from shipping_methods order by slug`)).toEqual([
        { slug: 'international', price: 1990 },
        { slug: 'national', price: 550 },
      ]);
      expect(await rowsOf(database.db, sql`select email, is_super_admin from users`)).toEqual([
        { email: 'owner@dischiverdi.example', is_super_admin: true },
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses to run again with exit code 1', async () => {
    const run = await runSetup([...flags, '--email', 'a@example.com', '--admin-email', 'b@example.com']);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('The shop is already set up.');
  }, 60_000);
});
