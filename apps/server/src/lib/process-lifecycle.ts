/**
 * How the server process ends (issue 15 item 7). A crash is never silent: an uncaught exception or an
 * unhandled rejection is logged with its stack and the process exits non-zero at once, as Node does,
 * for a supervisor (deploy/sonora.service) to restart it on a clean state. A shutdown is bounded: the
 * first SIGTERM or SIGINT starts `close`, and the process exits when it is done, when the deadline
 * passes, or at a second signal, whatever the logger or the database are doing then.
 */

type Log = {
  fatal(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
};

/** `report` sends the error to the error reporting (lib/sentry.ts reportCrash) before the exit; it bounds its own wait. */
export function exitOnCrash(
  log: () => Log,
  report: (error: unknown) => Promise<void> = async () => {},
): void {
  const exitAfterReport = (error: unknown) => {
    void report(error).finally(() => process.exit(1));
  };
  process.on('uncaughtException', (error, origin) => {
    log().fatal({ err: error, origin }, 'uncaught exception: the process exits');
    exitAfterReport(error);
  });
  process.on('unhandledRejection', (reason) => {
    log().fatal({ err: reason }, 'unhandled promise rejection: the process exits');
    exitAfterReport(reason);
  });
}

export function closeOnSignals(
  close: (signal: NodeJS.Signals) => Promise<void>,
  deadlineMs: number,
  log: () => Log,
): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      log().warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    log().info({ signal, deadlineMs }, 'shutting down');
    setTimeout(() => {
      log().error({ deadlineMs }, 'shutdown deadline passed: exiting now');
      process.exit(1);
    }, deadlineMs);
    close(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        log().error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
