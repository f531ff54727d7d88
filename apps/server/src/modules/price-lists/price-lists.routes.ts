import {
  IdParamSchema,
  PriceListInputSchema,
  PriceListQuerySchema,
  PriceListRowInputSchema,
  PriceListRowSchema,
  PriceListRowsQuerySchema,
  PriceListSchema,
  PriceTiersInputSchema,
  PriceTiersSchema,
  pageOf,
} from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as lists from './price-lists.service';
import * as tiers from './price-tiers.service';

/**
 * Contract price lists and volume tiers (issue 20 point 4), staff only (a customer's session gets
 * 403, a visitor 401): GET, POST /api/price-lists, GET, PUT, DELETE /api/price-lists/{id}, GET, POST
 * /api/price-lists/{id}/rows, PUT, DELETE /api/price-list-rows/{id}, GET, PUT
 * /api/products/{id}/price-tiers.
 */
export const priceListsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };
  const schema = { tags: ['price lists'] };
  const params = IdParamSchema;

  app.get(
    '/api/price-lists',
    {
      config,
      schema: { ...schema, querystring: PriceListQuerySchema, response: { 200: pageOf(PriceListSchema) } },
    },
    (r) => lists.listPriceLists(r.ctx, r.query),
  );
  app.post(
    '/api/price-lists',
    { config, schema: { ...schema, body: PriceListInputSchema, response: { 201: PriceListSchema } } },
    async (r, reply) => reply.status(201).send(await lists.createPriceList(r.ctx, r.body)),
  );
  app.get(
    '/api/price-lists/:id',
    { config, schema: { ...schema, params, response: { 200: PriceListSchema } } },
    (r) => lists.getPriceList(r.ctx, r.params.id),
  );
  app.put(
    '/api/price-lists/:id',
    { config, schema: { ...schema, params, body: PriceListInputSchema, response: { 200: PriceListSchema } } },
    (r) => lists.updatePriceList(r.ctx, r.params.id, r.body),
  );
  app.delete('/api/price-lists/:id', { config, schema: { ...schema, params } }, async (r, reply) => {
    await lists.deletePriceList(r.ctx, r.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/api/price-lists/:id/rows',
    {
      config,
      schema: {
        ...schema,
        params,
        querystring: PriceListRowsQuerySchema,
        response: { 200: pageOf(PriceListRowSchema) },
      },
    },
    (r) => lists.listPriceListRows(r.ctx, r.params.id, r.query),
  );
  app.post(
    '/api/price-lists/:id/rows',
    {
      config,
      schema: { ...schema, params, body: PriceListRowInputSchema, response: { 201: PriceListRowSchema } },
    },
    async (r, reply) => reply.status(201).send(await lists.createPriceListRow(r.ctx, r.params.id, r.body)),
  );
  app.put(
    '/api/price-list-rows/:id',
    {
      config,
      schema: { ...schema, params, body: PriceListRowInputSchema, response: { 200: PriceListRowSchema } },
    },
    (r) => lists.updatePriceListRow(r.ctx, r.params.id, r.body),
  );
  app.delete('/api/price-list-rows/:id', { config, schema: { ...schema, params } }, async (r, reply) => {
    await lists.deletePriceListRow(r.ctx, r.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/api/products/:id/price-tiers',
    { config, schema: { ...schema, params, response: { 200: PriceTiersSchema } } },
    (r) => tiers.getPriceTiers(r.ctx, r.params.id),
  );
  app.put(
    '/api/products/:id/price-tiers',
    {
      config,
      schema: { ...schema, params, body: PriceTiersInputSchema, response: { 200: PriceTiersSchema } },
    },
    (r) => tiers.setPriceTiers(r.ctx, r.params.id, r.body),
  );
};
