import {
  BackorderPageSchema,
  BackordersQuerySchema,
  CancelBackorderInputSchema,
  CancelBackorderResultSchema,
  CustomerOrderRowSchema,
  CustomerOrderSummarySchema,
  CustomerOrdersQuerySchema,
  IdParamSchema,
  OrderRowsQuerySchema,
  PageQuerySchema,
  ProcessingDateSchema,
  pageOf,
  ShippingRequestInputSchema,
  ShippingRequestSchema,
} from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { cancelBackorder, listBackorders } from './backorders.service';
import { listCustomerOrders, listOnShippingRows, listOpenRows } from './orders-list.service';
import { currentProcessingDate, requestShipping } from './shipping-requests.service';

const tags = ['customer orders'];
/** Writes with stock effects may carry an Idempotency-Key (DESIGN §5): the same key, the same request. */
const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z.string().trim().min(1).max(200).optional(),
});

/**
 * The customer's orders, open rows, shipping requests and backorders (SPEC §2 profile, §7, §9;
 * DESIGN §6 rules 11, 12, 14). A customer reaches only their own id (another is 404); admins any.
 */
export const customerOrdersRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.ownCustomer('read') };
  const ordering = { policy: policies.ownCustomer('order') };
  const params = IdParamSchema;

  app.get(
    '/api/customer/:id/orders',
    {
      config,
      schema: {
        tags,
        params,
        querystring: CustomerOrdersQuerySchema,
        response: { 200: pageOf(CustomerOrderSummarySchema) },
      },
    },
    (request) => listCustomerOrders(request.ctx, request.params.id, request.query),
  );

  app.get(
    '/api/customers/:id/order-rows',
    {
      config,
      schema: {
        tags,
        params,
        querystring: OrderRowsQuerySchema,
        response: { 200: pageOf(CustomerOrderRowSchema) },
      },
    },
    (request) => listOpenRows(request.ctx, request.params.id, request.query),
  );

  app.get(
    '/api/customers/:id/on-shipping-rows',
    {
      config,
      schema: {
        tags,
        params,
        querystring: PageQuerySchema,
        response: { 200: pageOf(CustomerOrderRowSchema) },
      },
    },
    (request) => listOnShippingRows(request.ctx, request.params.id, request.query),
  );

  app.get(
    '/api/customers/:id/shipping-requests/processing-date',
    { config, schema: { tags, params, response: { 200: ProcessingDateSchema } } },
    (request) => currentProcessingDate(request.ctx),
  );

  app.post(
    '/api/customers/:id/shipping-requests',
    {
      config: ordering,
      schema: {
        tags,
        params,
        headers: IdempotencyHeadersSchema,
        body: ShippingRequestInputSchema,
        response: { 200: ShippingRequestSchema, 201: ShippingRequestSchema },
      },
    },
    async (request, reply) => {
      const { created, ...shippingRequest } = await requestShipping(
        request.ctx,
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(created ? 201 : 200).send(shippingRequest);
    },
  );

  app.get(
    '/api/customers/:id/backorders',
    {
      config,
      schema: { tags, params, querystring: BackordersQuerySchema, response: { 200: BackorderPageSchema } },
    },
    (request) => listBackorders(request.ctx, request.params.id, request.query),
  );

  app.post(
    '/api/customers/:id/cancel-backorder',
    {
      config: ordering,
      schema: {
        tags,
        params,
        body: CancelBackorderInputSchema,
        response: { 200: CancelBackorderResultSchema },
      },
    },
    (request) => cancelBackorder(request.ctx, request.params.id, request.body),
  );
};
