import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Error reporting loads the Sentry chunk only with a DSN, and reports through it once it is there. */

const captureException = vi.fn();
const initSentry = vi.fn((_dsn: string) => ({ captureException }));
vi.mock('./sentry', () => ({ initSentry }));

beforeEach(() => {
  vi.resetModules();
  initSentry.mockClear();
  captureException.mockClear();
});
afterEach(() => vi.unstubAllEnvs());

describe('error reporting in the browser', () => {
  it('loads nothing and reports nothing without VITE_SENTRY_DSN', async () => {
    const { startErrorReporting, reportError } = await import('./error-reporting');
    expect(startErrorReporting(undefined)).toBeNull();
    expect(startErrorReporting('')).toBeNull();
    reportError(new Error('lost'));
    await Promise.resolve();
    expect(initSentry).not.toHaveBeenCalled();
    expect(captureException).not.toHaveBeenCalled();
  });

  it('starts the SDK once with the DSN and reports errors through it', async () => {
    const dsn = 'https://public@sentry.example/1';
    vi.stubEnv('VITE_SENTRY_DSN', dsn);
    const { startErrorReporting, reportError } = await import('./error-reporting');
    const started = startErrorReporting(dsn);
    expect(startErrorReporting(dsn)).toBe(started);
    const error = new Error('route failed');
    reportError(error);
    await started;
    await Promise.resolve();
    expect(initSentry).toHaveBeenCalledTimes(1);
    expect(initSentry).toHaveBeenCalledWith(dsn);
    expect(captureException).toHaveBeenCalledWith(error);
  });
});
