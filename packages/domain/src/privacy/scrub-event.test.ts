import { describe, expect, it } from 'vitest';
import { scrubEvent, scrubUrl } from './scrub-event';

const SECRETS = [
  'Sup3rSecret!',
  'mario.rossi@example.com',
  'via-roma-1',
  'shop_session=abc123',
  'Bearer sk-api-0123456789',
  'xsrf-value-42',
  'resetTokenResetTokenResetToken0123',
  '203.0.113.9',
];

/** An error event as the SDKs build it for a failed request, full of what must not leave the shop. */
const event = {
  event_id: 'e1',
  exception: {
    values: [{ type: 'Error', value: 'no customer mario.rossi@example.com', stacktrace: { frames: [] } }],
  },
  request: {
    method: 'POST',
    url: 'https://shop.example/api/customers?search=rossi&email=mario.rossi@example.com',
    query_string: 'search=rossi&token=resetTokenResetTokenResetToken0123',
    headers: {
      'content-type': 'application/json',
      authorization: 'Bearer sk-api-0123456789',
      cookie: 'shop_session=abc123',
      'x-xsrf-token': 'xsrf-value-42',
    },
    cookies: { shop_session: 'abc123' },
    data: { email: 'mario.rossi@example.com', password: 'Sup3rSecret!', address: 'via-roma-1' },
  },
  user: { id: 7, email: 'mario.rossi@example.com', ip_address: '203.0.113.9' },
  extra: { input: { newPassword: 'Sup3rSecret!', quantity: 3 } },
  breadcrumbs: [
    { category: 'navigation', data: { from: '/', to: '/reset-password/resetTokenResetTokenResetToken0123' } },
    { category: 'fetch', data: { url: '/api/orders/2026-000042', method: 'GET', status_code: 200 } },
  ],
  tags: { route: '/api/customers' },
};

describe('scrubEvent', () => {
  const scrubbed = scrubEvent(event);
  const text = JSON.stringify(scrubbed);

  it.each(SECRETS)('leaves no %s in the event', (secret) => {
    expect(text).not.toContain(secret);
  });

  it('keeps what explains the error: its type, the method, the path, harmless values', () => {
    expect(scrubbed.exception.values[0]).toMatchObject({ type: 'Error', value: 'no customer [Filtered]' });
    expect(scrubbed.request).toMatchObject({
      method: 'POST',
      url: 'https://shop.example/api/customers?search=rossi&email=[Filtered]',
      query_string: 'search=rossi&token=[Filtered]',
      headers: { 'content-type': 'application/json', authorization: '[Filtered]', cookie: '[Filtered]' },
      data: '[Filtered]',
    });
    expect(scrubbed.request).not.toHaveProperty('cookies');
    expect(scrubbed.user).toEqual({ id: 7 });
    expect(scrubbed.extra.input).toEqual({ newPassword: '[Filtered]', quantity: 3 });
    expect(scrubbed.breadcrumbs[0]!.data.to).toBe('/reset-password/[Filtered]');
    expect(scrubbed.breadcrumbs[1]!.data).toEqual({
      url: '/api/orders/2026-000042',
      method: 'GET',
      status_code: 200,
    });
    expect(scrubbed.tags).toEqual({ route: '/api/customers' });
  });

  it('leaves the input as it was', () => {
    expect(event.request.data.password).toBe('Sup3rSecret!');
  });

  it("scrubs a transaction's name and its spans' URLs", () => {
    const transaction = scrubEvent({
      transaction: '/payments/test/resetTokenResetTokenResetToken0123',
      spans: [{ description: 'GET /api/x?email=a@b.it', data: { 'url.full': 'http://h/p?token=t1&page=2' } }],
    });
    expect(transaction).toEqual({
      transaction: '/payments/test/[Filtered]',
      spans: [
        {
          description: 'GET /api/x?email=[Filtered]',
          data: { 'url.full': 'http://h/p?token=[Filtered]&page=2' },
        },
      ],
    });
  });
});

describe('scrubUrl', () => {
  it.each([
    ['/api/products?page=2&sort=price', '/api/products?page=2&sort=price'],
    [
      '/reset-password/abcdefghijklmnopqrstuvwxyz012345?email=a%40b.it',
      '/reset-password/[Filtered]?email=[Filtered]',
    ],
    ['https://shop.example/api/orders/2026-000042#top', 'https://shop.example/api/orders/2026-000042#top'],
    [
      '/api/payments/test/callback?payment_id=3&signature=abc',
      '/api/payments/test/callback?payment_id=3&signature=[Filtered]',
    ],
  ])('%s → %s', (url, expected) => {
    expect(scrubUrl(url)).toBe(expected);
  });
});

describe('scrubEvent on a streamed span', () => {
  it('scrubs its name and URL attributes, plain or typed, and drops sensitive ones', () => {
    const span = scrubEvent({
      name: 'GET /reset-password/abcdefghijklmnopqrstuvwxyz012345',
      attributes: {
        'url.full': { value: 'https://shop.example/x?email=a@b.it', type: 'string' },
        'http.query': '?token=abc&page=1',
        'http.request.header.cookie': 'shop_session=abc',
        'http.response.status_code': 200,
      },
    });
    expect(span).toEqual({
      name: 'GET /reset-password/[Filtered]',
      attributes: {
        'url.full': { value: 'https://shop.example/x?email=[Filtered]', type: 'string' },
        'http.query': '?token=[Filtered]&page=1',
        'http.request.header.cookie': '[Filtered]',
        'http.response.status_code': 200,
      },
    });
  });
});
