/**
 * Error reporting in the browser (SPEC §9, issue 18). The Sentry SDK and its session replay weigh more
 * than the storefront's whole first-JavaScript budget, so nothing of it is in the entry: it is imported
 * after the first render, and only when the build had VITE_SENTRY_DSN. Errors reported before it
 * arrives wait for it.
 */

type Reporter = { captureException(error: unknown): unknown };

let reporter: Promise<Reporter | null> | null = null;

/** Loads and starts the SDK once; null (and nothing loaded) without a DSN. */
export function startErrorReporting(dsn: string | undefined) {
  if (!dsn) return null;
  reporter ??= import('./sentry').then(
    ({ initSentry }) => initSentry(dsn),
    // A chunk that fails to load must not become an error of its own: the shop works without it.
    () => null,
  );
  return reporter;
}

/** Sends an unexpected error (a route's error boundary) when reporting is on; otherwise nothing. */
export function reportError(error: unknown): void {
  // A build-time constant: a build without a DSN carries an empty function.
  if (!import.meta.env.VITE_SENTRY_DSN) return;
  void reporter?.then((r) => r?.captureException(error));
}
