import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Metrics } from './metrics';
import { registerRequestLog } from './request-log';

/** One line per request (issue 18): API requests at info, static files and pages at debug. */

async function appLogging() {
  const lines: { level: number; msg: string; route?: string; status?: number; ms?: number }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const observed: unknown[][] = [];
  const metrics = { observeRequest: (...args: unknown[]) => observed.push(args) } as unknown as Metrics;
  const app = Fastify({
    logger: { level: 'debug', stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app, metrics);
  app.get('/api/orders/:orderNo', () => ({ ok: true }));
  app.get('/assets/app.js', { config: { staticFile: true } }, () => 'js');
  // The web app's pages answer through the not-found handler with index.html.
  app.setNotFoundHandler((request, reply) =>
    request.url.startsWith('/api/') ? reply.status(404).send({}) : reply.type('text/html').send('<html>'),
  );
  await app.ready();
  return { app, lines, observed };
}

describe('the request log', () => {
  it('writes one info line per API request with method, route pattern, status and ms', async () => {
    const { app, lines, observed } = await appLogging();
    await app.inject('/api/orders/2026-000042');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: expect.stringMatching(/^GET \/api\/orders\/:orderNo 200 \d+ ms$/),
        route: '/api/orders/:orderNo',
        status: 200,
        ms: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('2026-000042');
    expect(observed).toEqual([['GET', '/api/orders/:orderNo', 200, expect.any(Number)]]);
  });

  it('logs static files and pages at debug, an unknown API path at info', async () => {
    const { app, lines } = await appLogging();
    await app.inject('/assets/app.js');
    await app.inject('/products/some-record');
    await app.inject('/api/nothing-here');
    expect(lines.map((l) => [l.level, l.msg.replace(/\d+ ms$/, 'ms')])).toEqual([
      [20, 'GET /assets/app.js 200 ms'],
      [20, 'GET (not found) 200 ms'],
      [30, 'GET (not found) 404 ms'],
    ]);
  });
});
