import {
  BackofficeOrderDetailSchema,
  BackofficeOrderListItemSchema,
  BackofficeOrderListQuerySchema,
  BackofficeOrderRowSchema,
  IdParamSchema,
  OrderRowCancelRequestSchema,
  OrderStatusRequestSchema,
  pageOf,
  ShipmentRequestSchema,
  ShipmentResultSchema,
} from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as orders from './backoffice-orders.service';
import { shipOrderRows } from './order-shipments.service';

const tags = ['orders (back office)'];
const params = z.object({ orderNo: z.string().trim().min(1).max(40) });

/**
 * The back office's orders (SPEC §2 orders, §4 actions, §7 GET /api/orders), admin only: a customer's
 * session gets 403, a visitor 401. Status changes, row cancels and shipments go through the status
 * machine (DESIGN §6 rule 10) and answer the order's detail, or the row, or the shipment's documents.
 */
export const backofficeOrdersRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };

  app.get(
    '/api/orders',
    {
      config,
      schema: {
        tags,
        querystring: BackofficeOrderListQuerySchema,
        response: { 200: pageOf(BackofficeOrderListItemSchema) },
      },
    },
    (r) => orders.listBackofficeOrders(r.ctx, r.query),
  );
  app.get(
    '/api/backoffice/orders/:orderNo',
    { config, schema: { tags, params, response: { 200: BackofficeOrderDetailSchema } } },
    (r) => orders.getBackofficeOrder(r.ctx, r.params.orderNo),
  );
  app.post(
    '/api/orders/:orderNo/status',
    {
      config,
      schema: {
        tags,
        params,
        body: OrderStatusRequestSchema,
        response: { 200: BackofficeOrderDetailSchema },
      },
    },
    async (r) => {
      await orders.setOrderStatus(r.ctx, r.params.orderNo, r.body.status);
      return orders.getBackofficeOrder(r.ctx, r.params.orderNo);
    },
  );
  app.post(
    '/api/order-rows/:id/cancel',
    {
      config,
      schema: {
        tags,
        params: IdParamSchema,
        body: OrderRowCancelRequestSchema.optional(),
        response: { 200: BackofficeOrderRowSchema },
      },
    },
    (r) => orders.cancelOrderRow(r.ctx, r.params.id, r.body?.quantity),
  );
  app.post(
    '/api/orders/:orderNo/shipments',
    {
      config,
      schema: { tags, params, body: ShipmentRequestSchema, response: { 201: ShipmentResultSchema } },
    },
    async (r, reply) => reply.status(201).send(await shipOrderRows(r.ctx, r.params.orderNo, r.body)),
  );
};
