import type { Currency, ShippingMethod, Shop, Vat } from '@shop/domain';
import type { currencies, shippingMethods, vats } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { NotFoundError } from '../../lib/errors';
import * as q from './shop.queries';

type Reader = Pick<Ctx, 'db'>;

/** GET /api/shop: the shop's country and the footer's contacts (SPEC §1, §7), and how payments run. */
export async function getShop(ctx: Pick<Ctx, 'db' | 'config'>): Promise<Shop> {
  const row = await q.findShop(ctx.db);
  if (!row) throw new NotFoundError();
  return {
    name: row.name,
    country: row.country,
    address: row.address,
    email: row.email,
    phone: row.phone,
    vat_id: row.vatId,
    social_links: row.socialLinks,
    cod_fee: row.codFee,
    default_free_shipping: row.defaultFreeShipping,
    payments_mode: ctx.config.mode.payments,
  };
}

const toVat = (v: typeof vats.$inferSelect): Vat => ({ id: v.id, rate: v.rate, description: v.description });
const toCurrency = (c: typeof currencies.$inferSelect): Currency => ({
  id: c.id,
  code: c.code,
  symbol: c.symbol,
  description: c.description,
});
const toShippingMethod = (m: typeof shippingMethods.$inferSelect): ShippingMethod => ({
  id: m.id,
  slug: m.slug,
  code: m.code,
  description: m.description,
  price: m.price,
  free_shipping: m.freeShipping,
  vat_id: m.vatId,
});

export const listVats = async (ctx: Reader) => (await q.listVats(ctx.db)).map(toVat);
export const listCurrencies = async (ctx: Reader) => (await q.listCurrencies(ctx.db)).map(toCurrency);
export const listShippingMethods = async (ctx: Reader) =>
  (await q.listShippingMethods(ctx.db)).map(toShippingMethod);

export async function getVat(ctx: Reader, id: number): Promise<Vat> {
  const row = await q.findVat(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toVat(row);
}

export async function getCurrency(ctx: Reader, id: number): Promise<Currency> {
  const row = await q.findCurrency(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toCurrency(row);
}

export async function getShippingMethod(ctx: Reader, id: number): Promise<ShippingMethod> {
  const row = await q.findShippingMethod(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toShippingMethod(row);
}
