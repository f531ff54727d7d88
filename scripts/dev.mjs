// `npm run dev`: the shop's dev server and, unless ERP_URL points at a real ERP, the ERP simulator
// (apps/erp-sim) wired to it. SIGINT and SIGTERM go to both; when one stops, the other is stopped too
// and this script exits with the first one's code once every process of both is gone.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const SIM_PORT = 4100;
const SIM_TOKEN = 'dev-erp-token';
const STOP_TIMEOUT_MS = 15_000;
// npm passes no signal on to the script it runs (npm → sh → node --watch → the server): each child
// leads its own process group and is signalled as a whole. Windows has no groups: the child only.
const groups = process.platform !== 'win32';

const children = [];
let exitCode = null;
let stopping = false;

function start(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env, detached: groups });
  child.on('exit', (code, signal) => {
    // Killed by the signal this script passed on is a clean stop; by any other, a failure.
    exitCode ??= code ?? (stopping ? 0 : 1);
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? `exit code ${code}`}): stopping the rest`);
      void stop('SIGTERM');
    }
  });
  children.push(child);
}

function signal(child, name) {
  try {
    if (groups) process.kill(-child.pid, name);
    else child.kill(name);
  } catch {
    // Already gone.
  }
}

function alive(child) {
  if (!groups) return child.exitCode === null && child.signalCode === null;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stop(name) {
  if (stopping) return;
  stopping = true;
  for (const child of children) signal(child, name);
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (children.some(alive)) {
    if (Date.now() > deadline) for (const child of children) signal(child, 'SIGKILL');
    await sleep(100);
  }
  process.exit(exitCode ?? 0);
}

const shopEnv = { ...process.env };
if (!process.env.ERP_URL) {
  shopEnv.ERP_URL = `http://127.0.0.1:${SIM_PORT}`;
  shopEnv.ERP_TOKEN = SIM_TOKEN;
  // The simulator's own PORT and HOST, not the shop's.
  start('ERP simulator', process.execPath, ['--import', 'tsx', 'apps/erp-sim/src/main.ts'], {
    ...process.env,
    PORT: String(SIM_PORT),
    HOST: '127.0.0.1',
    ERP_TOKEN: SIM_TOKEN,
    SHOP_URL: process.env.APP_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`,
  });
}
// npm_execpath is npm's own script when run through npm: no shell needed.
const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
start('shop', npm[0], [...npm[1], 'run', 'dev', '-w', 'apps/server'], shopEnv);

for (const name of ['SIGINT', 'SIGTERM']) process.on(name, () => void stop(name));
