import { NotFoundError, UnauthenticatedError } from '../../lib/errors';
import { isMetricsToken } from '../../lib/metrics';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { bearerToken } from '../auth/auth.cookies';

/**
 * GET /metrics for Prometheus (issue 18): only with `Authorization: Bearer <METRICS_TOKEN>` (401 without
 * it or with another), and absent (404) while no token is configured. METRICS_PORT serves the same text
 * without a token on an internal port (lib/metrics.ts startMetricsServer).
 */
export const metricsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  app.get(
    '/metrics',
    { config: { policy: policies.ownSecret }, schema: { hide: true } },
    async (r, reply) => {
      const { config, metrics } = r.ctx;
      if (!config.metrics.token) throw new NotFoundError();
      if (!isMetricsToken(config.metrics.token, bearerToken(r))) throw new UnauthenticatedError();
      return reply.type(metrics.contentType).send(await metrics.render());
    },
  );
};
