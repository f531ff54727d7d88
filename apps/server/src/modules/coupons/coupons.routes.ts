import {
  CouponInputSchema,
  CouponOrderSchema,
  CouponQuerySchema,
  CouponSchema,
  CustomerCouponSchema,
  IdParamSchema,
  pageOf,
} from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as coupons from './coupons.service';

/**
 * Coupons (issue 20 point 5): staff manage them and read their usage; a customer reads the coupons he
 * holds (another customer's id is 404), administrators any customer's.
 */
export const couponsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };
  const params = IdParamSchema;
  const tags = ['coupons'];

  app.get(
    '/api/coupons',
    { config, schema: { tags, querystring: CouponQuerySchema, response: { 200: pageOf(CouponSchema) } } },
    (r) => coupons.listCoupons(r.ctx, r.query),
  );
  app.get('/api/coupons/:id', { config, schema: { tags, params, response: { 200: CouponSchema } } }, (r) =>
    coupons.getCoupon(r.ctx, r.params.id),
  );
  app.post(
    '/api/coupons',
    { config, schema: { tags, body: CouponInputSchema, response: { 201: CouponSchema } } },
    async (r, reply) => reply.status(201).send(await coupons.createCoupon(r.ctx, r.body)),
  );
  app.put(
    '/api/coupons/:id',
    { config, schema: { tags, params, body: CouponInputSchema, response: { 200: CouponSchema } } },
    (r) => coupons.updateCoupon(r.ctx, r.params.id, r.body),
  );
  app.delete('/api/coupons/:id', { config, schema: { tags, params } }, async (r, reply) => {
    await coupons.deleteCoupon(r.ctx, r.params.id);
    return reply.status(204).send();
  });
  app.get(
    '/api/coupons/:id/orders',
    { config, schema: { tags, params, response: { 200: pageOf(CouponOrderSchema) } } },
    (r) => coupons.listCouponOrders(r.ctx, r.params.id),
  );

  app.get(
    '/api/customers/:id/coupons',
    {
      config: { policy: policies.ownCustomer('read') },
      schema: { tags: ['customers'], params, response: { 200: pageOf(CustomerCouponSchema) } },
    },
    async (request) => {
      const data = await coupons.listHeldCoupons(request.ctx, request.params.id);
      return { data, meta: { total: data.length, page: 1, per_page: data.length } };
    },
  );
};
