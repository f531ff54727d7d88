import { DashboardSchema } from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as dashboard from './dashboard.service';

const tags = ['dashboard (back office)'];

/** The back office's home (issue 22 point 6), staff only: a customer's session gets 403, a visitor 401. */
export const dashboardRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  app.get(
    '/api/backoffice/dashboard',
    { config: { policy: policies.admin }, schema: { tags, response: { 200: DashboardSchema } } },
    (r) => dashboard.getDashboard(r.ctx),
  );
};
