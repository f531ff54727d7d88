import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../db/client';
import { runningServerPid } from './pid-file';

/**
 * Backups of the embedded database (issue 18 point 9; README, "Backups"): PGlite's data directory as
 * the tarball of its dumpDataDir, the files of DATA_DIR beside it and a manifest. PGlite's files
 * belong to the one process that opened them, so both operations refuse while the server runs on the
 * directory. On PostgreSQL, pg_dump and pg_restore do the database's part.
 */

/** DATA_DIR entries a backup leaves out: the database (dumped apart), the mail drop, the pid file. */
const NOT_BACKED_UP = new Set(['pgdata', 'mail', 'server.pid']);
const DATABASE_FILE = 'database.tar.gz';
const MANIFEST_FILE = 'manifest.json';
const FILES_DIR = 'files';

export type BackupManifest = {
  format: 1;
  created_at: string;
  database: 'embedded';
  /** The migration level: how many were applied, the last one's name (drizzle/meta/_journal.json). */
  migrations: { count: number; last: string | null };
};

/** A refusal to show the operator as it is, without a stack trace. */
export class BackupError extends Error {}

const journal = JSON.parse(
  readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle/meta/_journal.json'),
    'utf8',
  ),
) as { entries: { when: number; tag: string }[] };

function refuseWhileRunning(dataDir: string, command: string) {
  const pid = runningServerPid(dataDir);
  if (pid !== null) {
    throw new BackupError(
      `The shop is running (pid ${pid}): stop it first (systemctl stop sonora), then run ${command} again.`,
    );
  }
}

async function migrationLevel(database: Database): Promise<BackupManifest['migrations']> {
  const result = (await database.db.execute(
    sql`select count(*)::int as count, max(created_at)::text as latest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { count: number; latest: string | null }[] };
  const { count, latest } = result.rows[0]!;
  return { count, last: journal.entries.find((e) => String(e.when) === latest)?.tag ?? null };
}

/** `sonora-2026-11-26T13-00-00`: sorts by time and is a valid file name everywhere. */
export const backupName = (at: Date) => `sonora-${at.toISOString().slice(0, 19).replaceAll(':', '-')}`;

/**
 * Writes `<outDir>/sonora-<time>/`: database.tar.gz, files/ (DATA_DIR's uploads, imports and any other
 * files, not its mail drop) and manifest.json. Returns the backup's folder.
 */
export async function backupEmbedded(options: {
  dataDir: string;
  outDir: string;
  now?: Date;
}): Promise<string> {
  const dataDir = path.resolve(options.dataDir);
  const pgdata = path.join(dataDir, 'pgdata');
  if (!existsSync(pgdata) || readdirSync(pgdata).length === 0) {
    throw new BackupError(`There is no embedded database in ${dataDir} (DATA_DIR): nothing to back up.`);
  }
  refuseWhileRunning(dataDir, 'npm run backup');
  const now = options.now ?? new Date();
  const target = path.join(path.resolve(options.outDir), backupName(now));
  await mkdir(path.dirname(target), { recursive: true });
  // Not recursive: a backup of the same second is never overwritten.
  await mkdir(target);

  const database = await openDatabase({ kind: 'pglite', dataDir: pgdata });
  try {
    if (database.jobsConnection.kind !== 'pglite') throw new Error('unreachable');
    const migrations = await migrationLevel(database);
    const dump = await database.jobsConnection.client.dumpDataDir('gzip');
    await writeFile(path.join(target, DATABASE_FILE), Buffer.from(await dump.arrayBuffer()));
    const manifest: BackupManifest = {
      format: 1,
      created_at: now.toISOString(),
      database: 'embedded',
      migrations,
    };
    await writeFile(path.join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  } finally {
    await database.close();
  }
  await cp(dataDir, path.join(target, FILES_DIR), {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(dataDir, source);
      // The backups folder itself, when --out points inside DATA_DIR.
      if (source === target || source.startsWith(`${target}${path.sep}`)) return false;
      return !NOT_BACKED_UP.has(relative.split(path.sep)[0]!);
    },
  });
  return target;
}

/** Reads a backup's manifest, refusing a folder that is not one. */
export async function readBackup(backupDir: string): Promise<BackupManifest> {
  const file = path.join(backupDir, MANIFEST_FILE);
  if (!existsSync(file) || !existsSync(path.join(backupDir, DATABASE_FILE))) {
    throw new BackupError(
      `${backupDir} is not a backup of npm run backup (no ${MANIFEST_FILE} or ${DATABASE_FILE}).`,
    );
  }
  return JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
}

/**
 * Restores a backup into `dataDir`: the embedded database from its tarball and the files. Refuses a
 * directory whose database the server has open, and one already holding a database unless `force`
 * (which replaces it). A backup made by a newer version of the shop, with migrations this one does not
 * know, is refused too: this version could not run on it.
 */
export async function restoreEmbedded(options: {
  backupDir: string;
  dataDir: string;
  force?: boolean;
}): Promise<BackupManifest> {
  const backupDir = path.resolve(options.backupDir);
  const dataDir = path.resolve(options.dataDir);
  const manifest = await readBackup(backupDir);
  if (manifest.migrations.count > journal.entries.length) {
    throw new BackupError(
      `The backup was made by a newer version of the shop (${manifest.migrations.count} migrations, this one has ${journal.entries.length}): restore it with that version.`,
    );
  }
  refuseWhileRunning(dataDir, 'npm run restore');
  const pgdata = path.join(dataDir, 'pgdata');
  if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
    if (!options.force) {
      throw new BackupError(
        `${dataDir} already holds a database: restore into an empty directory (--data-dir), or add --force to replace it.`,
      );
    }
    await rm(pgdata, { recursive: true, force: true });
  }

  const dump = new Blob([await readFile(path.join(backupDir, DATABASE_FILE))]);
  const database = await openDatabase({ kind: 'pglite', dataDir: pgdata, loadDataDir: dump });
  try {
    const level = await migrationLevel(database);
    if (level.count !== manifest.migrations.count) {
      throw new BackupError(
        `The restored database does not match the backup's manifest: ${backupDir} is damaged.`,
      );
    }
  } finally {
    await database.close();
  }
  const files = path.join(backupDir, FILES_DIR);
  if (existsSync(files)) await cp(files, dataDir, { recursive: true, force: true });
  return manifest;
}
