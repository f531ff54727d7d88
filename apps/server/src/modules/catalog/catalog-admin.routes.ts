import {
  AttributeTagInputSchema,
  AttributeTagSchema,
  BrandInputSchema,
  BrandSchema,
  CategoryInputSchema,
  CategorySchema,
  CategorySubcategoryInputSchema,
  CurrencyInputSchema,
  CurrencySchema,
  IdParamSchema,
  pageOf,
  SubcategoryInputSchema,
  SubcategorySchema,
  UomInputSchema,
  UomSchema,
  VatInputSchema,
  VatSchema,
} from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as tags from './attribute-tags.service';
import * as admin from './catalog-admin.service';
import * as reference from './reference.service';

/** Small lists: the whole list with its count, in the DESIGN §5 envelope. */
function envelope<T>(data: T[]) {
  return { data, meta: { total: data.length, page: 1, per_page: data.length } };
}

/**
 * SPEC §7 catalogue writes for the back office, admin only (a customer's session gets 403): categories,
 * subcategories, attribute tags, brands, measurement units, VAT rates, currencies. The public reads stay
 * in catalog.routes.ts and the shop module.
 */
export const catalogAdminRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };
  const schema = { tags: ['catalog (back office)'] };
  const params = IdParamSchema;

  app.post(
    '/api/product-categories',
    { config, schema: { ...schema, body: CategoryInputSchema, response: { 201: CategorySchema } } },
    async (r, reply) => reply.status(201).send(await admin.createCategory(r.ctx, r.body)),
  );
  app.put(
    '/api/product-categories/:id',
    { config, schema: { ...schema, params, body: CategoryInputSchema, response: { 200: CategorySchema } } },
    (r) => admin.updateCategory(r.ctx, r.params.id, r.body),
  );
  app.post(
    '/api/product-subcategories',
    { config, schema: { ...schema, body: SubcategoryInputSchema, response: { 201: SubcategorySchema } } },
    async (r, reply) => reply.status(201).send(await admin.createSubcategory(r.ctx, r.body)),
  );
  app.put(
    '/api/product-subcategories/:id',
    {
      config,
      schema: { ...schema, params, body: SubcategoryInputSchema, response: { 200: SubcategorySchema } },
    },
    (r) => admin.updateSubcategory(r.ctx, r.params.id, r.body),
  );
  app.post(
    '/api/product-category/:id/subcategories',
    {
      config,
      schema: {
        ...schema,
        params,
        body: CategorySubcategoryInputSchema,
        response: { 201: SubcategorySchema },
      },
    },
    async (r, reply) =>
      reply.status(201).send(await admin.createCategorySubcategory(r.ctx, r.params.id, r.body)),
  );

  for (const [owner, key] of [
    ['product-category', 'categoryId'],
    ['product-subcategory', 'subcategoryId'],
  ] as const) {
    const ownerOf = (id: number) => (key === 'categoryId' ? { categoryId: id } : { subcategoryId: id });
    app.get(
      `/api/${owner}/:id/attribute-tags`,
      { config, schema: { ...schema, params, response: { 200: pageOf(AttributeTagSchema) } } },
      async (r) => envelope(await tags.listAttributeTags(r.ctx, ownerOf(r.params.id))),
    );
    app.post(
      `/api/${owner}/:id/attribute-tags`,
      {
        config,
        schema: { ...schema, params, body: AttributeTagInputSchema, response: { 201: AttributeTagSchema } },
      },
      async (r, reply) =>
        reply.status(201).send(await tags.createAttributeTag(r.ctx, ownerOf(r.params.id), r.body)),
    );
  }
  app.put(
    '/api/attribute-tags/:id',
    {
      config,
      schema: { ...schema, params, body: AttributeTagInputSchema, response: { 200: AttributeTagSchema } },
    },
    (r) => tags.updateAttributeTag(r.ctx, r.params.id, r.body),
  );
  app.delete('/api/attribute-tags/:id', { config, schema: { ...schema, params } }, async (r, reply) => {
    await tags.deleteAttributeTag(r.ctx, r.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/api/product-brands',
    { config, schema: { ...schema, body: BrandInputSchema, response: { 201: BrandSchema } } },
    async (r, reply) => reply.status(201).send(await admin.createBrand(r.ctx, r.body)),
  );
  app.put(
    '/api/product-brands/:id',
    { config, schema: { ...schema, params, body: BrandInputSchema, response: { 200: BrandSchema } } },
    (r) => admin.updateBrand(r.ctx, r.params.id, r.body),
  );

  app.get('/api/uoms', { config, schema: { ...schema, response: { 200: pageOf(UomSchema) } } }, async (r) =>
    envelope(await reference.listUoms(r.ctx)),
  );
  app.post(
    '/api/uoms',
    { config, schema: { ...schema, body: UomInputSchema, response: { 201: UomSchema } } },
    async (r, reply) => reply.status(201).send(await reference.createUom(r.ctx, r.body)),
  );
  app.put(
    '/api/uoms/:id',
    { config, schema: { ...schema, params, body: UomInputSchema, response: { 200: UomSchema } } },
    (r) => reference.updateUom(r.ctx, r.params.id, r.body),
  );
  app.post(
    '/api/vats',
    { config, schema: { ...schema, body: VatInputSchema, response: { 201: VatSchema } } },
    async (r, reply) => reply.status(201).send(await reference.createVat(r.ctx, r.body)),
  );
  app.put(
    '/api/vats/:id',
    { config, schema: { ...schema, params, body: VatInputSchema, response: { 200: VatSchema } } },
    (r) => reference.updateVat(r.ctx, r.params.id, r.body),
  );
  app.post(
    '/api/currencies',
    { config, schema: { ...schema, body: CurrencyInputSchema, response: { 201: CurrencySchema } } },
    async (r, reply) => reply.status(201).send(await reference.createCurrency(r.ctx, r.body)),
  );
  app.put(
    '/api/currencies/:id',
    { config, schema: { ...schema, params, body: CurrencyInputSchema, response: { 200: CurrencySchema } } },
    (r) => reference.updateCurrency(r.ctx, r.params.id, r.body),
  );
};
