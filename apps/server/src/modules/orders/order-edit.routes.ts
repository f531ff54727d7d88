import { AddOrderRowsInputSchema, IdParamSchema, OrderEditInputSchema, OrderSchema } from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { addOrderRows, editOrder } from './order-edit.service';

const tags = ['orders'];
const OrderParamsSchema = z.object({ orderNo: z.string().trim().min(1).max(40) });

/** Editing an order in the back office (SPEC §7 PUT /api/orders/{orderNo}, POST /api/order/{id}/rows). */
export const orderEditRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };

  app.put(
    '/api/orders/:orderNo',
    {
      config,
      schema: { tags, params: OrderParamsSchema, body: OrderEditInputSchema, response: { 200: OrderSchema } },
    },
    (request) => editOrder(request.ctx, request.params.orderNo, request.body),
  );

  app.post(
    '/api/order/:id/rows',
    {
      config,
      schema: { tags, params: IdParamSchema, body: AddOrderRowsInputSchema, response: { 200: OrderSchema } },
    },
    (request) => addOrderRows(request.ctx, request.params.id, request.body),
  );
};
