import * as Sentry from '@sentry/react';
import { scrubEvent } from '@shop/domain';

/**
 * The browser SDK's settings (SPEC §9): every trace sampled, 10 % of sessions replayed and every
 * session with an error, release and environment from the build, replays with all text and inputs
 * masked and media blocked, no personal data collected and the rest scrubbed as on the server.
 */
export function sentryOptions(
  dsn: string,
  env: Partial<ImportMetaEnv> = import.meta.env,
): Sentry.BrowserOptions {
  return {
    dsn,
    release: env.VITE_SENTRY_RELEASE || undefined,
    environment: env.VITE_SENTRY_ENVIRONMENT || env.MODE,
    tracesSampleRate: 1,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    beforeSend: (event) => scrubEvent(event),
    beforeSendSpan: (span) => scrubEvent(span),
  };
}

/** Starts the SDK (lib/error-reporting.ts loads this file only when VITE_SENTRY_DSN is set). */
export function initSentry(dsn: string) {
  Sentry.init(sentryOptions(dsn));
  return Sentry;
}
