import { BrandSchema, CategorySchema, IdParamSchema, pageOf, SubcategorySchema } from '@shop/domain';
import { z } from 'zod';
import { catalogueReadCtx } from '../../lib/context';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as catalog from './catalog.service';

const tags = ['catalog'];
const flag = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const BrandQuerySchema = z.strictObject({ in_homepage: flag.optional() });

/** Small lists: the whole list with its count, in the DESIGN §5 envelope. */
function envelope<T>(data: T[]) {
  return { data, meta: { total: data.length, page: 1, per_page: data.length } };
}

/**
 * SPEC §7 catalogue structure reads, public: the navbar menus and the home page need them before
 * sign-in. Read only here, from the read replicas when there are some (catalogueReadCtx).
 */
export const catalogRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.public };

  app.get(
    '/api/product-categories',
    { config, schema: { tags, response: { 200: pageOf(CategorySchema) } } },
    async (r) => envelope(await catalog.listCategories(catalogueReadCtx(r.ctx))),
  );
  app.get(
    '/api/product-categories/:id',
    { config, schema: { tags, params: IdParamSchema, response: { 200: CategorySchema } } },
    (r) => catalog.getCategory(catalogueReadCtx(r.ctx), r.params.id),
  );
  app.get(
    '/api/product-category/:id/subcategories',
    { config, schema: { tags, params: IdParamSchema, response: { 200: pageOf(SubcategorySchema) } } },
    async (r) => envelope(await catalog.listCategorySubcategories(catalogueReadCtx(r.ctx), r.params.id)),
  );
  app.get(
    '/api/product-subcategories',
    { config, schema: { tags, response: { 200: pageOf(SubcategorySchema) } } },
    async (r) => envelope(await catalog.listSubcategories(catalogueReadCtx(r.ctx))),
  );
  app.get(
    '/api/product-subcategories/:id',
    { config, schema: { tags, params: IdParamSchema, response: { 200: SubcategorySchema } } },
    (r) => catalog.getSubcategory(catalogueReadCtx(r.ctx), r.params.id),
  );
  app.get(
    '/api/product-brands',
    { config, schema: { tags, querystring: BrandQuerySchema, response: { 200: pageOf(BrandSchema) } } },
    async (r) =>
      envelope(
        await catalog.listBrands(
          catalogueReadCtx(r.ctx),
          r.query.in_homepage === undefined ? {} : { inHomepage: r.query.in_homepage },
        ),
      ),
  );
  app.get(
    '/api/product-brands/:id',
    { config, schema: { tags, params: IdParamSchema, response: { 200: BrandSchema } } },
    (r) => catalog.getBrand(catalogueReadCtx(r.ctx), r.params.id),
  );
};
