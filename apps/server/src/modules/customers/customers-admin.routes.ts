import { PassThrough } from 'node:stream';
import {
  AdminCustomerCreateSchema,
  AdminCustomerUpdateSchema,
  CustomerExportQuerySchema,
  CustomerListItemSchema,
  CustomerListQuerySchema,
  CustomerSchema,
  CustomerUserInputSchema,
  CustomerUserSchema,
  IdParamSchema,
  MessageSchema,
  ProfileInputSchema,
  pageOf,
} from '@shop/domain';
import { z } from 'zod';
import { shopDate } from '../../lib/dates';
import { ValidationError } from '../../lib/errors';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as admin from './customers-admin.service';
import * as profile from './profile.service';

const tags = ['customers'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** PUT /api/customers/{id}: an object, whose schema depends on who sends it (see the route). */
const CustomerUpdateBodySchema = z
  .record(z.string(), z.unknown())
  .describe('ProfileInput from a customer (their own data); AdminCustomerUpdate from an administrator');

/** Validates a body with a schema chosen at run time, answering 422 as the route schemas do. */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    const keys =
      issue.code === 'unrecognized_keys' ? issue.keys.map((k) => (path ? `${path}.${k}` : k)) : [path || '_'];
    for (const key of keys) errors[key] = [...(errors[key] ?? []), issue.message];
  }
  throw new ValidationError(errors);
}

/**
 * The back office's customers (SPEC §2, §7): the list (also the cart's customer picker) and its
 * export, creating one, an administrator's or the customer's own edit, and the customer-user tab.
 */
export const customersAdminRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };

  app.get(
    '/api/customers',
    {
      config,
      schema: {
        tags,
        querystring: CustomerListQuerySchema,
        response: { 200: pageOf(CustomerListItemSchema) },
      },
    },
    (r) => admin.listCustomers(r.ctx, r.query),
  );

  app.get(
    '/api/customers/export',
    { config, schema: { tags, querystring: CustomerExportQuerySchema } },
    (r, reply) => {
      const out = new PassThrough();
      admin.exportCustomers(r.ctx, r.query, out).catch((error) => {
        r.log.error({ err: error }, 'export failed');
        out.destroy(error);
      });
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="customers-${shopDate(r.ctx.now())}.xlsx"`)
        .send(out);
    },
  );

  app.post(
    '/api/customers',
    { config, schema: { tags, body: AdminCustomerCreateSchema, response: { 201: CustomerSchema } } },
    async (r, reply) => reply.status(201).send(await admin.createCustomer(r.ctx, r.body)),
  );

  app.put(
    '/api/customers/:id',
    {
      // A customer edits only their own 'My data' (another id is 404); administrators every field of anyone.
      config: { policy: policies.ownCustomer('manage') },
      schema: {
        tags,
        params: IdParamSchema,
        body: CustomerUpdateBodySchema,
        response: { 200: CustomerSchema },
      },
    },
    // The schema follows the actor's role from the session, never a flag in the body.
    (r) =>
      r.ctx.actor?.isSuperAdmin
        ? admin.updateCustomer(r.ctx, r.params.id, parseBody(AdminCustomerUpdateSchema, r.body))
        : profile.updateProfile(r.ctx, r.params.id, parseBody(ProfileInputSchema, r.body)),
  );

  app.get(
    '/api/customers/:id/user',
    { config, schema: { tags, params: IdParamSchema, response: { 200: CustomerUserSchema } } },
    (r) => admin.getCustomerUser(r.ctx, r.params.id),
  );

  app.put(
    '/api/customers/:id/user',
    {
      config,
      schema: {
        tags,
        params: IdParamSchema,
        body: CustomerUserInputSchema,
        response: { 200: CustomerUserSchema },
      },
    },
    (r) => admin.saveCustomerUser(r.ctx, r.params.id, r.body),
  );

  app.post(
    '/api/customers/:id/user/reset-password',
    { config, schema: { tags, params: IdParamSchema, response: { 200: MessageSchema } } },
    (r) => admin.sendPasswordReset(r.ctx, r.params.id),
  );
};
