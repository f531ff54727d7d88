import {
  IdParamSchema,
  IdTextSchema,
  ProductAttributesInputSchema,
  ProductAttributesSchema,
  ProductPurchaseSchema,
  ProductSalesQuerySchema,
  ProductSalesSchema,
  ProductStockSchema,
  StockInputSchema,
} from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as attributes from './product-attributes.service';
import * as stock from './product-stock.service';

const StockListSchema = z.object({ data: z.array(ProductStockSchema) });
const StockParamsSchema = IdParamSchema.extend({ warehouseId: IdTextSchema });

/**
 * The product detail's tabs (SPEC §2): attributes (SPEC §7 routes for products and variants),
 * product-warehouse stock, purchase and sales. Admin only.
 */
export const productTabsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };
  const tags = ['products (back office)'];
  const params = IdParamSchema;

  for (const [path, kind] of [
    ['product', 'product'],
    ['product-variant', 'variant'],
  ] as const) {
    app.get(
      `/api/${path}/:id/attributes`,
      { config, schema: { tags, params, response: { 200: ProductAttributesSchema } } },
      (r) => attributes.getAttributes(r.ctx, r.params.id, kind),
    );
    app.post(
      `/api/${path}/:id/attributes`,
      {
        config,
        schema: {
          tags,
          params,
          body: ProductAttributesInputSchema,
          response: { 200: ProductAttributesSchema },
        },
      },
      (r) => attributes.setAttributes(r.ctx, r.params.id, kind, r.body.attributes),
    );
  }

  app.get(
    '/api/products/:id/stocks',
    { config, schema: { tags, params, response: { 200: StockListSchema } } },
    async (r) => ({ data: await stock.listStocks(r.ctx, r.params.id) }),
  );
  app.put(
    '/api/products/:id/stocks/:warehouseId',
    {
      config,
      schema: { tags, params: StockParamsSchema, body: StockInputSchema, response: { 200: StockListSchema } },
    },
    async (r) => ({ data: await stock.setStock(r.ctx, r.params.id, r.params.warehouseId, r.body) }),
  );
  app.get(
    '/api/products/:id/purchase',
    { config, schema: { tags, params, response: { 200: ProductPurchaseSchema } } },
    (r) => stock.getPurchase(r.ctx, r.params.id),
  );
  app.get(
    '/api/products/:id/sales',
    {
      config,
      schema: { tags, params, querystring: ProductSalesQuerySchema, response: { 200: ProductSalesSchema } },
    },
    (r) => stock.getSales(r.ctx, r.params.id, r.query.months),
  );
};
