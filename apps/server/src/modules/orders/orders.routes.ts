import {
  OrderSchema,
  PlacedOrderSchema,
  PlaceOrderRequestSchema,
  QuickOrderReportSchema,
} from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { placeOrder } from './checkout.service';
import { getOrderForActor, reorder } from './orders.service';

const tags = ['orders'];

const OrderParamsSchema = z.object({ orderNo: z.string().trim().min(1).max(40) });
/** Writes with money effects carry an Idempotency-Key (DESIGN §5): the same key, the same order. */
const IdempotencyHeadersSchema = z.object({ 'idempotency-key': z.string().trim().min(1).max(200) });

/** Orders (SPEC §7 /api/orders; DESIGN §6 rules 9–10): place, read, reorder. */
export const ordersRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const reading = { policy: policies.customerMay('read') };
  const ordering = { policy: policies.customerMay('order') };

  app.post(
    '/api/orders',
    {
      config: ordering,
      schema: {
        tags,
        headers: IdempotencyHeadersSchema,
        body: PlaceOrderRequestSchema,
        response: { 200: PlacedOrderSchema, 201: PlacedOrderSchema },
      },
    },
    async (request, reply) => {
      const { created, ...placed } = await placeOrder(
        request.ctx,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(created ? 201 : 200).send(placed);
    },
  );

  app.get(
    '/api/orders/:orderNo',
    { config: reading, schema: { tags, params: OrderParamsSchema, response: { 200: OrderSchema } } },
    (request) => getOrderForActor(request.ctx, request.params.orderNo),
  );

  app.post(
    '/api/orders/:orderNo/reorder',
    {
      config: ordering,
      schema: { tags, params: OrderParamsSchema, response: { 200: QuickOrderReportSchema } },
    },
    (request) => reorder(request.ctx, request.params.orderNo),
  );
};
