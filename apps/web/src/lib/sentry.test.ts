import type { ErrorEvent } from '@sentry/react';
import { describe, expect, it } from 'vitest';
import { sentryOptions } from './sentry';

/** The browser SDK's settings (SPEC §9) and the scrubbing of what it would send. */

describe('the browser error reporting settings', () => {
  const options = sentryOptions('https://public@sentry.example/1', {
    VITE_SENTRY_RELEASE: 'sonora@1.2.3',
    MODE: 'production',
  });

  it('samples every trace, 10 % of sessions and every session with an error, tagged', () => {
    expect(options).toMatchObject({
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      release: 'sonora@1.2.3',
      environment: 'production',
    });
    expect(options.integrations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'BrowserTracing' }),
        expect.objectContaining({ name: 'Replay' }),
      ]),
    );
  });

  it('sends no password, token, cookie, address or e-mail of a failed request', () => {
    const event = {
      exception: { values: [{ type: 'TypeError', value: 'cannot read mario@example.com' }] },
      request: {
        url: 'https://shop.example/reset-password/abcdefghijklmnopqrstuvwxyz012345?email=mario%40example.com',
        headers: { Cookie: 'shop_session=s3cr3t', 'X-XSRF-TOKEN': 'xsrf-42' },
        data: { password: 'Password1!', address: 'Via Roma 1' },
      },
      user: { id: 4, email: 'mario@example.com' },
      breadcrumbs: [{ category: 'fetch', data: { url: '/api/login', method: 'POST' } }],
    } as unknown as ErrorEvent;
    const sent = JSON.stringify(options.beforeSend!(event, {}));
    for (const secret of [
      'Password1!',
      's3cr3t',
      'xsrf-42',
      'Via Roma 1',
      'mario',
      'abcdefghijklmnopqrstuvwxyz012345',
    ])
      expect(sent).not.toContain(secret);
    expect(sent).toContain('TypeError');
    expect(sent).toContain('/api/login');
  });
});
