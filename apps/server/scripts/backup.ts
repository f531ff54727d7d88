/**
 * Backs up the embedded database and DATA_DIR's files (README, "Backups"); the server must be stopped.
 *
 *   npm run backup                        # into DATA_DIR/../backups/sonora-<time>/
 *   npm run backup -- --out /srv/backups
 *
 * On PostgreSQL (DATABASE_URL) the database is backed up with pg_dump instead.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { BackupError, backupEmbedded } from '../src/lib/backup';

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: false });
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'The shop runs on PostgreSQL (DATABASE_URL): back the database up with pg_dump, and DATA_DIR with your file backups (README, "Backups"). npm run backup is for the embedded database.',
    );
  }
  // npm runs the script in apps/server; a path typed on the command line is relative to where npm ran.
  const outDir = values.out
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out)
    : path.join(config.dataDir, '..', 'backups');
  const target = await backupEmbedded({ dataDir: config.dataDir, outDir });
  console.log(`Backup written to ${target}`);
  console.log(`Restore it with: npm run restore -- ${target} [--data-dir <an empty directory>]`);
}

main().catch((error) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
