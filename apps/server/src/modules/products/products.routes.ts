import {
  messages,
  ProductCardSchema,
  ProductFacetsSchema,
  ProductListQuerySchema,
  ProductPageSchema,
} from '@shop/domain';
import { z } from 'zod';
import { catalogueReadCtx } from '../../lib/context';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { getProductPage } from '../backoffice-products/product-page.service';
import * as products from './products.service';

const tags = ['products'];

/** PostgreSQL text cannot hold NUL: a value with one is refused (422) before it reaches a query. */
const NUL = '\u0000';
function refuseNul(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string' && v.includes(NUL)) {
      ctx.addIssue({ code: 'custom', path: [key], message: messages.invalidValue });
    }
  }
}

/** SPEC §7 `GET /api/products` also takes an exact `sku` (back-office lookups). */
const ListQuerySchema = ProductListQuerySchema.extend({
  sku: z.string().trim().min(1).max(100).optional(),
}).superRefine(refuseNul);

const ListSchema = z.object({
  data: z.array(ProductCardSchema),
  meta: z.object({
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    /** Present (true) when more than 10,000 products match: `total` is then that cap. */
    total_is_estimate: z.boolean().optional(),
    /** The corrected words these products are for, when the typed ones found nothing (issue 22). */
    did_you_mean: z.string().optional(),
  }),
});

const SkuParamsSchema = z.object({ sku: z.string().trim().min(1).max(100) }).superRefine(refuseNul);

/**
 * The storefront catalogue (SPEC §2, §7): sign-in required, prices are the caller's (DESIGN §6). Read
 * from the read replicas when there are some (catalogueReadCtx).
 */
export const productsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.authenticated };

  app.get(
    '/api/products',
    { config, schema: { tags, querystring: ListQuerySchema, response: { 200: ListSchema } } },
    (request) => products.listProducts(catalogueReadCtx(request.ctx), request.query),
  );

  app.get(
    '/api/products/facets',
    { config, schema: { tags, querystring: ListQuerySchema, response: { 200: ProductFacetsSchema } } },
    (request) => products.productFacets(catalogueReadCtx(request.ctx), request.query),
  );

  app.get(
    '/api/products/:sku',
    { config, schema: { tags, params: SkuParamsSchema, response: { 200: ProductPageSchema } } },
    (request) => getProductPage(catalogueReadCtx(request.ctx), request.params.sku),
  );
};
