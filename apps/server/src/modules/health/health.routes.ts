import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { checkReadiness } from './health.service';

const LiveSchema = z.object({ status: z.literal('ok') });
const ReadySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['up', 'down']),
  jobs: z.enum(['running', 'stopped', 'off']),
  list_index: z.enum(['ready', 'building', 'off']),
});

/**
 * Probes for orchestrators and tests (issue 15). Liveness answers from the process alone, so a slow or
 * absent database never gets the process restarted; readiness (503 while the database does not answer)
 * takes the instance out of rotation instead. /api/health answers as readiness (issue 18): an 'ok'
 * from a shop whose database is gone misled whoever watched it.
 */
export const healthRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.public };
  const live = { config, schema: { hide: true, response: { 200: LiveSchema } } };
  const ready = { config, schema: { hide: true, response: { 200: ReadySchema, 503: ReadySchema } } };

  app.get('/api/health/live', live, () => ({ status: 'ok' as const }));
  for (const url of ['/api/health/ready', '/api/health']) {
    app.get(url, ready, async (r, reply) => {
      const readiness = await checkReadiness(r.ctx);
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    });
  }
};
