import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../apps/server');

/**
 * Starts the server exactly as `npm start` does (the `start` script of apps/server/package.json,
 * Node flags included), so the figures are those of the shipped command.
 */
export function startServer(env: Record<string, string>): ChildProcess {
  const start = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')).scripts
    .start as string;
  const [command, ...args] = start.split(/\s+/);
  return spawn(command!, args, {
    cwd: serverDir,
    env: { ...process.env, SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** The process's resident memory now (VmRSS) or at its peak (VmHWM), MB. */
export function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}
