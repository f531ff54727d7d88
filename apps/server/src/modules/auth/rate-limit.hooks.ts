import type { FastifyInstance } from 'fastify';
import { consumeRateLimit, type RateLimit } from './throttle.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Requests allowed per client address in a window (registration, password recovery, tokens). */
    rateLimit?: RateLimit;
  }
}

/** Counts each request of a rate-limited route against its address; over the limit, 429 + Retry-After. */
export function registerRateLimits(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.rateLimit;
    if (rule) await consumeRateLimit(request.ctx, rule, request.ip);
  });
}
