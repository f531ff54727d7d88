import { CustomerCouponSchema, IdParamSchema, pageOf } from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as coupons from './coupons.service';

/** The customer's coupons (SPEC §2 profile/coupons): their own only (another id is 404); administrators any. */
export const couponsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);

  app.get(
    '/api/customers/:id/coupons',
    {
      config: { policy: policies.ownCustomer('id') },
      schema: { tags: ['customers'], params: IdParamSchema, response: { 200: pageOf(CustomerCouponSchema) } },
    },
    async (request) => {
      const data = await coupons.listCoupons(request.ctx, request.params.id);
      return { data, meta: { total: data.length, page: 1, per_page: data.length } };
    },
  );
};
