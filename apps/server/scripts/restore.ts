/**
 * Restores a backup of npm run backup into DATA_DIR or another directory (README, "Backups").
 *
 *   npm run restore -- ../backups/sonora-2026-11-26T13-00-00
 *   npm run restore -- ../backups/sonora-2026-11-26T13-00-00 --data-dir /var/lib/sonora-restored
 *   npm run restore -- <backup> --force   # replaces the database DATA_DIR already holds
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { BackupError, restoreEmbedded } from '../src/lib/backup';

async function main() {
  const { values, positionals } = parseArgs({
    options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    throw new BackupError('Usage: npm run restore -- <backup folder> [--data-dir <directory>] [--force]');
  }
  // npm runs the script in apps/server; a path typed on the command line is relative to where npm ran.
  const typed = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
  const dataDir = values['data-dir'] ? typed(values['data-dir']) : loadConfig().dataDir;
  const manifest = await restoreEmbedded({ backupDir: typed(positionals[0]!), dataDir, force: values.force });
  console.log(`Restored the backup of ${manifest.created_at} into ${dataDir}.`);
  console.log(`Start the shop on it: DATA_DIR=${dataDir} npm start`);
}

main().catch((error) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
