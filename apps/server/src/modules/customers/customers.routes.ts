import {
  CustomerSchema,
  CustomerSummarySchema,
  IdParamSchema,
  messages,
  PageQuerySchema,
  pageOf,
} from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as customers from './customers.service';

const tags = ['customers'];

/** SPEC §7 `GET /api/customers` with `text`: PostgreSQL text cannot hold NUL, so one is a 422. */
const ListQuerySchema = PageQuerySchema.extend({
  text: z
    .string()
    .trim()
    .max(100)
    .refine((text) => !text.includes('\u0000'), messages.invalidValue)
    .optional(),
});

/** Customers (SPEC §7): the back office's list and picker, and one customer with their addresses. */
export const customersRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);

  app.get(
    '/api/customers',
    {
      config: { policy: policies.admin },
      schema: { tags, querystring: ListQuerySchema, response: { 200: pageOf(CustomerSummarySchema) } },
    },
    (request) => customers.listCustomers(request.ctx, request.query),
  );

  app.get(
    '/api/customers/:id',
    {
      // A customer reads only their own record (another id is 404); administrators read any.
      config: { policy: policies.ownCustomer('id') },
      schema: { tags, params: IdParamSchema, response: { 200: CustomerSchema } },
    },
    (request) => customers.getCustomer(request.ctx, request.params.id),
  );
};
