import {
  AddressParamsSchema,
  CustomerAddressInputSchema,
  CustomerAddressSchema,
  IdParamSchema,
  pageOf,
} from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as addresses from './addresses.service';

const tags = ['customers'];

/**
 * SPEC §7 the customer's address book: a customer reads and writes only their own (another customer's
 * id, or an address of another customer, is 404); administrators any customer's.
 */
export const addressesRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.ownCustomer('read') };
  const managing = { policy: policies.ownCustomer('manage') };

  app.get(
    '/api/customers/:id/addresses',
    { config, schema: { tags, params: IdParamSchema, response: { 200: pageOf(CustomerAddressSchema) } } },
    async (request) => {
      const data = await addresses.listAddresses(request.ctx, request.params.id);
      return { data, meta: { total: data.length, page: 1, per_page: data.length } };
    },
  );

  app.post(
    '/api/customers/:id/addresses',
    {
      config: managing,
      schema: {
        tags,
        params: IdParamSchema,
        body: CustomerAddressInputSchema,
        response: { 201: CustomerAddressSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addresses.createAddress(request.ctx, request.params.id, request.body)),
  );

  app.put(
    '/api/customers/:id/addresses/:addressId',
    {
      config: managing,
      schema: {
        tags,
        params: AddressParamsSchema,
        body: CustomerAddressInputSchema,
        response: { 200: CustomerAddressSchema },
      },
    },
    (request) =>
      addresses.updateAddress(request.ctx, request.params.id, request.params.addressId, request.body),
  );

  app.delete(
    '/api/customers/:id/addresses/:addressId',
    { config: managing, schema: { tags, params: AddressParamsSchema } },
    async (request, reply) => {
      await addresses.deleteAddress(request.ctx, request.params.id, request.params.addressId);
      return reply.status(204).send();
    },
  );
};
