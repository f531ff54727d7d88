import {
  AdminProductSchema,
  BackofficeProductPageSchema,
  BackofficeProductQuerySchema,
  IdParamSchema,
  ProductInputSchema,
  ProductUpdateSchema,
  SetDefaultVariantSchema,
  VariantInputSchema,
  VariantUpdateSchema,
} from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as admin from './admin-products.service';
import { listBackofficeProducts } from './backoffice-list.service';
import * as variants from './variants.service';

const VariantListSchema = z.object({ data: z.array(AdminProductSchema) });

/**
 * SPEC §7 product writes and variants for the back office, admin only. GET /api/products/{id} is the
 * products module's route (a numeric parameter is an id; admins get the admin product as `admin`).
 */
export const backofficeProductsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };
  const tags = ['products (back office)'];
  const params = IdParamSchema;

  app.get(
    '/api/backoffice/products',
    {
      config,
      schema: {
        tags,
        querystring: BackofficeProductQuerySchema,
        response: { 200: BackofficeProductPageSchema },
      },
    },
    (r) => listBackofficeProducts(r.ctx, r.query),
  );
  app.post(
    '/api/products',
    { config, schema: { tags, body: ProductInputSchema, response: { 201: AdminProductSchema } } },
    async (r, reply) => reply.status(201).send(await admin.createProduct(r.ctx, r.body)),
  );
  app.put(
    '/api/products/:id',
    { config, schema: { tags, params, body: ProductUpdateSchema, response: { 200: AdminProductSchema } } },
    (r) => admin.updateProduct(r.ctx, r.params.id, r.body),
  );
  app.patch(
    '/api/products/:id/set-default-variant',
    {
      config,
      schema: { tags, params, body: SetDefaultVariantSchema, response: { 200: AdminProductSchema } },
    },
    (r) => variants.setDefaultVariant(r.ctx, r.params.id, r.body.variant_id),
  );
  app.get(
    '/api/products/:id/variants',
    { config, schema: { tags, params, response: { 200: VariantListSchema } } },
    async (r) => ({ data: await variants.listVariants(r.ctx, r.params.id) }),
  );
  app.post(
    '/api/products/:id/variants',
    { config, schema: { tags, params, body: VariantInputSchema, response: { 201: AdminProductSchema } } },
    async (r, reply) => reply.status(201).send(await variants.createVariant(r.ctx, r.params.id, r.body)),
  );
  app.put(
    '/api/variants/:id',
    { config, schema: { tags, params, body: VariantUpdateSchema, response: { 200: AdminProductSchema } } },
    (r) => variants.updateVariant(r.ctx, r.params.id, r.body),
  );
};
