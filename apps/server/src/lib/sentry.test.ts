import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import * as Sentry from '@sentry/node';
import { messages } from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { policies } from './policy';
import { initErrorReporting } from './sentry';

/**
 * Error reporting (SPEC §9, issue 18) against a Sentry stand-in started here: an unexpected error's
 * envelope arrives, tagged, and carries none of the request's password, cookie or Authorization.
 */

const PASSWORD = 'Secret-Password-4-Test!';
const COOKIE = 'cookie-value-that-must-not-leave';
const BEARER = 'bearer-token-that-must-not-leave';
const EMAIL = 'mario.rossi@example.com';

let sentry: Server;
const envelopes: string[] = [];
let database: TestDatabase;
let app: FastifyInstance;
let shopUrl: string;

beforeAll(async () => {
  sentry = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      envelopes.push((request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString());
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', resolve));
  const dsn = `http://public@127.0.0.1:${(sentry.address() as AddressInfo).port}/1`;

  const config = loadConfig({
    SENTRY_DSN: dsn,
    SENTRY_RELEASE: 'sonora@test-release',
    SENTRY_ENVIRONMENT: 'test-environment',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    VIES_URL: '',
  });
  expect(initErrorReporting(config)).toBe(true);
  database = await createTestDatabase();
  app = await buildApp({ config, database, logger: false });
  // A bug's stand-in: a route that fails in a way no error class foresees.
  app.post('/api/test/broken', { config: { policy: policies.public } }, () => {
    throw new Error('the unexpected happened');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  shopUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Sentry.close(2_000);
  await app.close();
  await database.close();
  await new Promise((resolve) => sentry.close(resolve));
});

describe('error reporting', () => {
  it("reports an unexpected error's envelope, tagged and without the request's secrets", async () => {
    const res = await fetch(`${shopUrl}/api/test/broken?email=${encodeURIComponent(EMAIL)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `shop_session=${COOKIE}`,
        authorization: `Bearer ${BEARER}`,
      },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD, address: 'Via Roma 1' }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: messages.serverError });

    expect(await Sentry.flush(5_000)).toBe(true);
    const sent = envelopes.join('\n');
    const events = sent
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((item) => 'exception' in item);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      exception: { values: [{ type: 'Error', value: 'the unexpected happened' }] },
      release: 'sonora@test-release',
      environment: 'test-environment',
    });
    for (const secret of [PASSWORD, COOKIE, BEARER, EMAIL, 'Via Roma 1']) expect(sent).not.toContain(secret);
    // Every request is traced (trace sample rate 1): its spans were sent too, scrubbed as well.
    expect(sent).toMatch(/"type":"(span|transaction)"/);
  });

  it('does not report a refusal (4xx)', async () => {
    envelopes.length = 0;
    const res = await fetch(`${shopUrl}/api/orders/2026-000001`);
    expect(res.status).toBe(401);
    await Sentry.flush(5_000);
    expect(envelopes.join('\n')).not.toContain('"exception"');
  });
});
