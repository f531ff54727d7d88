import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as Sentry from '@sentry/node';
import { scrubEvent } from '@shop/domain';
import type { Config } from '../config';

/**
 * Error reporting to Sentry (SPEC §9, issue 18), on only with SENTRY_DSN: every trace sampled, events
 * tagged with the release and the environment, no personal data collected and the rest scrubbed
 * (scrubEvent). What is reported: the error handler's 500s and the crashes of process-lifecycle.ts;
 * refusals (4xx) and an unavailable database (503: readiness and the metrics show it) are not bugs.
 */
export function initErrorReporting(config: Pick<Config, 'sentry'>): boolean {
  if (!config.sentry) return false;
  Sentry.init({
    dsn: config.sentry.dsn,
    release: config.sentry.release ?? gitCommit(),
    environment: config.sentry.environment,
    tracesSampleRate: 1,
    // The SDK collects no personal data of its own accord (v11's successor of sendDefaultPii: false).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { deny: ['authorization', 'cookie', 'x-xsrf-token'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    // The crash path is process-lifecycle.ts's: it reports, waits for the report, then exits.
    integrations: (defaults) =>
      defaults.filter((i) => i.name !== 'OnUncaughtException' && i.name !== 'OnUnhandledRejection'),
    beforeSend: (event) => scrubEvent(event),
    // Spans are streamed one by one (v11's default trace lifecycle): each is scrubbed on its way out.
    beforeSendSpan: (span) => scrubEvent(span),
  });
  return true;
}

/** Reports an unexpected error; does nothing while error reporting is off. */
export function reportError(error: unknown): void {
  Sentry.captureException(error);
}

/** Reports an error that ends the process and waits (at most `timeoutMs`) for the report to leave. */
export async function reportCrash(error: unknown, timeoutMs = 2_000): Promise<void> {
  if (!Sentry.isEnabled()) return;
  Sentry.captureException(error, { mechanism: { type: 'onuncaughtexception', handled: false } });
  await Sentry.flush(timeoutMs);
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The checked-out commit, read from .git without running git; undefined outside a checkout. */
function gitCommit(): string | undefined {
  try {
    const gitDir = path.join(repoRoot, '.git');
    const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head;
    const ref = head.slice(5);
    try {
      return readFileSync(path.join(gitDir, ref), 'utf8').trim();
    } catch {
      const packed = readFileSync(path.join(gitDir, 'packed-refs'), 'utf8');
      return packed
        .split('\n')
        .find((l) => l.endsWith(` ${ref}`))
        ?.split(' ')[0];
    }
  } catch {
    return undefined;
  }
}
