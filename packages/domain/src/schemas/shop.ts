import { z } from 'zod';
import { SHIPPING_SLUGS } from '../constants';

/** GET /api/shop: the shop's country and the details the footer shows (SPEC §1). */
export const ShopSchema = z.object({
  name: z.string(),
  country: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  vat_id: z.string(),
  social_links: z.array(z.object({ network: z.string(), url: z.string() })),
  cod_fee: z.number().int(),
  default_free_shipping: z.number().int(),
  /** Issue 18: 'test' while the built-in test gateway takes payments (the web shows a banner), 'off' without any. */
  payments_mode: z.enum(['live', 'test', 'off']),
});
export type Shop = z.infer<typeof ShopSchema>;

export const VatSchema = z.object({ id: z.number().int(), rate: z.number().int(), description: z.string() });
export type Vat = z.infer<typeof VatSchema>;

export const CurrencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  symbol: z.string(),
  description: z.string(),
});
export type Currency = z.infer<typeof CurrencySchema>;

export const ShippingMethodSchema = z.object({
  id: z.number().int(),
  slug: z.enum(SHIPPING_SLUGS),
  code: z.string(),
  description: z.string(),
  price: z.number().int(),
  free_shipping: z.number().int().nullable(),
  vat_id: z.number().int(),
});
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>;
