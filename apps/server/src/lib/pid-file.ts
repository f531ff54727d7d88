import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR/server.pid holds the process id of the server running on the embedded database: PGlite's
 * files must not be opened by a second process meanwhile, so the tools that read them (npm run backup,
 * npm run restore) look for it first.
 */
export const pidFileOf = (dataDir: string) => path.join(dataDir, 'server.pid');

/** Writes this process's id; the file goes when the process exits, however it exits short of SIGKILL. */
export function writePidFile(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const file = pidFileOf(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  process.once('exit', () => {
    if (readPid(file) === process.pid) rmSync(file, { force: true });
  });
}

/** The id of the live server process of `dataDir`, or null; a pid file left by a killed process does not count. */
export function runningServerPid(dataDir: string): number | null {
  const pid = readPid(pidFileOf(dataDir));
  if (pid === null || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to another user (the service's), so it runs.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
