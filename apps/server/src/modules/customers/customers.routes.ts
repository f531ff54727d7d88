import { CustomerSchema, IdParamSchema } from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as customers from './customers.service';

const tags = ['customers'];

/** One customer with their addresses (SPEC §7); the list is the back office's (customers-admin.routes.ts). */
export const customersRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);

  app.get(
    '/api/customers/:id',
    {
      // A customer reads only their own record (another id is 404); administrators read any.
      config: { policy: policies.ownCustomer('read') },
      schema: { tags, params: IdParamSchema, response: { 200: CustomerSchema } },
    },
    (request) => customers.getCustomer(request.ctx, request.params.id),
  );
};
