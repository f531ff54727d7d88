import { CurrencySchema, IdParamSchema, ShippingMethodSchema, ShopSchema, VatSchema } from '@shop/domain';
import { z } from 'zod';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as shop from './shop.service';

/** Small lists: the whole list with its count, in the DESIGN §5 envelope. */
function envelope<T>(data: T[]) {
  return { data, meta: { total: data.length, page: 1, per_page: data.length } };
}
const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({ total: z.number(), page: z.number(), per_page: z.number() }),
  });

/** The public reads the web needs at start-up (SPEC §7): shop, shipping methods, VAT rates, currencies. */
export const shopRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.public };

  app.get('/api/shop', { config, schema: { tags: ['shop'], response: { 200: ShopSchema } } }, (r) =>
    shop.getShop(r.ctx),
  );
  app.get(
    '/api/vats',
    { config, schema: { tags: ['shop'], response: { 200: listOf(VatSchema) } } },
    async (r) => envelope(await shop.listVats(r.ctx)),
  );
  app.get(
    '/api/vats/:id',
    { config, schema: { tags: ['shop'], params: IdParamSchema, response: { 200: VatSchema } } },
    (r) => shop.getVat(r.ctx, r.params.id),
  );
  app.get(
    '/api/currencies',
    { config, schema: { tags: ['shop'], response: { 200: listOf(CurrencySchema) } } },
    async (r) => envelope(await shop.listCurrencies(r.ctx)),
  );
  app.get(
    '/api/currencies/:id',
    { config, schema: { tags: ['shop'], params: IdParamSchema, response: { 200: CurrencySchema } } },
    (r) => shop.getCurrency(r.ctx, r.params.id),
  );
  app.get(
    '/api/shipping-methods',
    { config, schema: { tags: ['shop'], response: { 200: listOf(ShippingMethodSchema) } } },
    async (r) => envelope(await shop.listShippingMethods(r.ctx)),
  );
  app.get(
    '/api/shipping-methods/:id',
    { config, schema: { tags: ['shop'], params: IdParamSchema, response: { 200: ShippingMethodSchema } } },
    (r) => shop.getShippingMethod(r.ctx, r.params.id),
  );
};
