import {
  CustomerGroupInputSchema,
  CustomerGroupSchema,
  IdParamSchema,
  pageOf,
  SalesSettingsQuerySchema,
  ShippingMethodSchema,
  ShippingMethodWriteSchema,
  WarehouseInputSchema,
  WarehouseSchema,
} from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as settings from './sales-settings.service';

/**
 * SPEC §7 customer groups, warehouses and the shipping methods' writes, admin only (a customer's
 * session gets 403). The public reads of shipping methods stay in the shop module: the storefront
 * loads them at start-up.
 */
export const salesSettingsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };
  const params = IdParamSchema;
  const querystring = SalesSettingsQuerySchema;

  const groups = { tags: ['customer groups'] };
  app.get(
    '/api/customer-groups',
    { config, schema: { ...groups, querystring, response: { 200: pageOf(CustomerGroupSchema) } } },
    (r) => settings.listCustomerGroups(r.ctx, r.query),
  );
  app.get(
    '/api/customer-groups/:id',
    { config, schema: { ...groups, params, response: { 200: CustomerGroupSchema } } },
    (r) => settings.getCustomerGroup(r.ctx, r.params.id),
  );
  app.post(
    '/api/customer-groups',
    { config, schema: { ...groups, body: CustomerGroupInputSchema, response: { 201: CustomerGroupSchema } } },
    async (r, reply) => reply.status(201).send(await settings.createCustomerGroup(r.ctx, r.body)),
  );
  app.put(
    '/api/customer-groups/:id',
    {
      config,
      schema: { ...groups, params, body: CustomerGroupInputSchema, response: { 200: CustomerGroupSchema } },
    },
    (r) => settings.updateCustomerGroup(r.ctx, r.params.id, r.body),
  );

  const stock = { tags: ['warehouses'] };
  app.get(
    '/api/warehouses',
    { config, schema: { ...stock, querystring, response: { 200: pageOf(WarehouseSchema) } } },
    (r) => settings.listWarehouses(r.ctx, r.query),
  );
  app.get(
    '/api/warehouses/:id',
    { config, schema: { ...stock, params, response: { 200: WarehouseSchema } } },
    (r) => settings.getWarehouse(r.ctx, r.params.id),
  );
  app.post(
    '/api/warehouses',
    { config, schema: { ...stock, body: WarehouseInputSchema, response: { 201: WarehouseSchema } } },
    async (r, reply) => reply.status(201).send(await settings.createWarehouse(r.ctx, r.body)),
  );
  app.put(
    '/api/warehouses/:id',
    { config, schema: { ...stock, params, body: WarehouseInputSchema, response: { 200: WarehouseSchema } } },
    (r) => settings.updateWarehouse(r.ctx, r.params.id, r.body),
  );

  const shipping = { tags: ['shop (back office)'] };
  app.post(
    '/api/shipping-methods',
    {
      config,
      schema: { ...shipping, body: ShippingMethodWriteSchema, response: { 201: ShippingMethodSchema } },
    },
    async (r, reply) => reply.status(201).send(await settings.createShippingMethod(r.ctx, r.body)),
  );
  app.put(
    '/api/shipping-methods/:id',
    {
      config,
      schema: {
        ...shipping,
        params,
        body: ShippingMethodWriteSchema,
        response: { 200: ShippingMethodSchema },
      },
    },
    (r) => settings.updateShippingMethod(r.ctx, r.params.id, r.body),
  );
};
