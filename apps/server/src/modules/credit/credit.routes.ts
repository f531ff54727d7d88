import { CreditStatusSchema, IdParamSchema } from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { creditStatusOf } from './credit.service';

const tags = ['credit'];
const schema = { tags, params: IdParamSchema, response: { 200: CreditStatusSchema } };

/**
 * A customer's credit (issue 20 point 3): staff see any customer's on his page; the company admin
 * sees his own in the profile (another customer's id answers 404, a buyer 403).
 */
export const creditRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);

  app.get('/api/backoffice/customers/:id/credit', { config: { policy: policies.admin }, schema }, (r) =>
    creditStatusOf(r.ctx, r.params.id),
  );

  app.get('/api/customers/:id/credit', { config: { policy: policies.ownCustomer('manage') }, schema }, (r) =>
    creditStatusOf(r.ctx, r.params.id),
  );
};
