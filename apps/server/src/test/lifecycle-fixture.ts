import { closeOnSignals, exitOnCrash } from '../lib/process-lifecycle';

/**
 * A process for lib/process-lifecycle.test.ts: installs the server's crash and shutdown handling, then
 * misbehaves as argv[2] says. Logs one JSON line per event, with the error's stack.
 */
const line = (level: string) => (obj: object, msg: string) => {
  const { err, ...rest } = obj as { err?: unknown };
  const error = err instanceof Error ? { message: err.message, stack: err.stack } : err;
  process.stdout.write(`${JSON.stringify({ level, msg, ...rest, err: error })}\n`);
};
const log = { fatal: line('fatal'), error: line('error'), warn: line('warn'), info: line('info') };
const scenario = process.argv[2];
const closeMs = Number(process.argv[3] ?? 0);

// The crash report (Sentry's in main.ts) takes a while to leave: the exit waits for it.
exitOnCrash(
  () => log,
  async (error) => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    log.info({ err: error }, 'reported');
  },
);
closeOnSignals(
  async () => {
    await new Promise((resolve) => setTimeout(resolve, closeMs));
    log.info({}, 'closed');
  },
  Number(process.argv[4] ?? 10_000),
  () => log,
);

if (scenario === 'throw')
  setTimeout(() => {
    throw new Error('boom from a timer');
  }, 10);
if (scenario === 'reject') void Promise.reject(new Error('boom from a promise'));
// Keeps the process alive until a signal ends it.
setInterval(() => {}, 1_000);
process.stdout.write('ready\n');
