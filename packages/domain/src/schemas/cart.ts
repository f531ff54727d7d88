import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants';
import { PRICE_SOURCES } from './catalog';
import { CountryCodeSchema, IdSchema } from './common';

/**
 * The cart contract (SPEC §3 Cart, Cart product, Shipping; §4 Cart; DESIGN §6): what the web keeps in
 * localStorage, what it sends to POST /api/cart/quote, and the server's priced answer. The client only
 * ever sends ids and quantities: prices, stock and discounts come from the server.
 */

/** Largest quantity one line may ask for; anything above is a 422, not a clamp. */
export const MAX_LINE_QUANTITY = 100_000;
/** Most lines one cart (or one quick order) may hold. */
export const MAX_CART_LINES = 500;

/** A cart line as the client sends it: which product (or variant), how many, an optional note. */
export const CartLineInputSchema = z.strictObject({
  id: IdSchema,
  isVariant: z.boolean(),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  note: z.string().trim().max(500).nullish(),
});
export type CartLineInput = z.infer<typeof CartLineInputSchema>;

/** A new address typed at checkout (the SPEC's 'cart address draft', with the fields an order needs). */
export const AddressInputSchema = z.strictObject({
  company: z.string().trim().max(200).nullish(),
  firstname: z.string().trim().min(1).max(100),
  lastname: z.string().trim().min(1).max(100),
  co: z.string().trim().max(200).nullish(),
  address: z.string().trim().min(1).max(300),
  postcode: z.string().trim().min(1).max(20),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().max(100).nullish(),
  country: CountryCodeSchema,
  phone: z.string().trim().max(40).nullish(),
  email: z.string().trim().max(254).nullish(),
});
export type AddressInput = z.infer<typeof AddressInputSchema>;

/** An address chosen at checkout: one of the customer's own (by id) or a new one. */
export const AddressChoiceSchema = z.union([
  z.strictObject({ address_id: IdSchema }),
  z.strictObject({ address: AddressInputSchema }),
]);
export type AddressChoice = z.infer<typeof AddressChoiceSchema>;

/** POST /api/cart/quote. `customer_id` only for an administrator acting for a customer (ignored otherwise: 403). */
export const QuoteRequestSchema = z.strictObject({
  products: z.array(CartLineInputSchema).max(MAX_CART_LINES),
  customer_id: IdSchema.optional(),
  /** Where the goods go: decides national/international shipping (DESIGN §6.6). Default: the customer's default shipping address, else the customer's country. */
  shipping: AddressChoiceSchema.optional(),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  coupon_code: z.string().trim().min(1).max(64).optional(),
});
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;

/** SPEC §3 Cart product, priced by the server (money in cents, rates in basis points). */
export const CartProductSchema = z.object({
  id: z.number().int(),
  isVariant: z.boolean(),
  /** `${id}:${isVariant ? 'v' : 'p'}`: one line per product or variant. */
  key: z.string(),
  sku: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  cover_url: z.string().nullable(),
  /** List price without VAT (DESIGN §6.1). */
  price: z.number().int(),
  /** The volume tier of the line's quantity, replacing the list price (DESIGN §6 rule 17); null: none. */
  tier_price: z.number().int().nullable(),
  discount_rate: z.number().int(),
  discounted_price: z.number().int(),
  campaignPrice: z.number().int().nullable(),
  isUnderCampaign: z.boolean(),
  /** The customer's contract price for the line's quantity (rule 17); null: none. */
  contract_price: z.number().int().nullable(),
  /** Which candidate the unit price before the coupon is. */
  price_source: z.enum(PRICE_SOURCES),
  /** Coupon percent applied to this line, basis points (0 when none). */
  coupon_rate: z.number().int(),
  /** The unit price before the coupon, without VAT: the discounted or the campaign price. */
  price_before_coupon: z.number().int(),
  /** The unit price paid, without VAT: discounted or campaign price, less the coupon. */
  unit_price: z.number().int(),
  vatId: z.number().int(),
  vatRate: z.number().int(),
  quantity: z.number().int(),
  /** What the client asked for, when the clamp changed it. */
  requested_quantity: z.number().int(),
  min_quantity: z.number().int().nullable(),
  max_quantity: z.number().int().nullable(),
  available_quantity: z.number().int().nullable(),
  /** Pre-order or on-request products are not capped by stock (DESIGN §6.8). */
  is_preorder: z.boolean(),
  note: z.string().nullable(),
  product_category_id: z.number().int().nullable(),
  singlePriceWithVat: z.number().int(),
  totalPrice: z.number().int(),
  totalPriceWithVat: z.number().int(),
  roundedTotalPriceWithVat: z.number().int(),
  /**
   * The line's share of a fixed coupon, net cents (DESIGN §6 rule 17; 0 when none): totalPrice and the
   * VAT are net of it, unit_price and singlePriceWithVat are not.
   */
  coupon_share: z.number().int(),
  /** The line's VAT: roundedTotalPriceWithVat − totalPrice. */
  vat: z.number().int(),
});
export type CartProduct = z.infer<typeof CartProductSchema>;

/** SPEC §3 Shipping (in cart). */
export const CartShippingSchema = z.object({
  methodId: z.number().int().nullable(),
  slug: z.enum(['national', 'international']).nullable(),
  price: z.number().int(),
  priceWithVAT: z.number().int(),
  /** The threshold (subtotal with VAT) at or above which shipping is free; null: always charged. */
  free_shipping: z.number().int().nullable(),
  is_free: z.boolean(),
});
export type CartShipping = z.infer<typeof CartShippingSchema>;

export const REMOVED_REASONS = ['out_of_stock', 'not_found'] as const;

/** A priced cart: the figures the cart page and checkout show, and the order will be written with. */
export const QuoteSchema = z.object({
  customer_id: z.number().int(),
  /** Companies and extra-EU customers see net figures first, private persons VAT-inclusive ones. */
  display: z.enum(['net', 'gross']),
  products: z.array(CartProductSchema),
  /** Lines dropped from the cart, each named, so the web can say so (SPEC §4, §8). */
  removed: z.array(
    z.object({
      id: z.number().int(),
      isVariant: z.boolean(),
      sku: z.string().nullable(),
      title: z.string().nullable(),
      reason: z.enum(REMOVED_REASONS),
    }),
  ),
  /** The coupon applied: a percent (value in basis points) or, when coupon_amount is set, fixed (cents). */
  coupon: z.object({ code: z.string(), value: z.number().int() }).nullable(),
  /** A fixed coupon's amount as applied (net cents, Σ coupon_share: at most the lines' net); else null. */
  coupon_amount: z.number().int().nullable(),
  /** Why the coupon sent was not applied (unknown, expired, already used), as a message. */
  coupon_error: z.string().nullable(),
  shipping: CartShippingSchema,
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  /** Issue 20: the methods this customer may pay with, the only ones checkout offers. */
  payment_methods: z.array(z.enum(PAYMENT_METHODS)),
  /** Cash-on-delivery fee (DESIGN §6.7), 0 for the other methods. */
  payment_fee: z.number().int(),
  payment_fee_with_vat: z.number().int(),
  /** Σ totalPrice (net). */
  subtotal: z.number().int(),
  /** Σ roundedTotalPriceWithVat: what the free-shipping threshold is compared with. */
  subtotal_with_vat: z.number().int(),
  /** Total VAT: lines + shipping + fee. */
  vat: z.number().int(),
  total_without_taxes: z.number().int(),
  total: z.number().int(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** POST /api/cart/quick-order: pasted lines ("SKU-or-EAN quantity", one per line) or an uploaded .csv/.xlsx. */
export const QuickOrderTextSchema = z.strictObject({
  text: z.string().max(200_000),
  customer_id: IdSchema.optional(),
});
export const QUICK_ORDER_STATUSES = ['added', 'capped', 'not_found', 'out_of_stock', 'invalid'] as const;
export const QuickOrderReportSchema = z.object({
  /** The lines to add to the cart (quantities already clamped). */
  products: z.array(CartLineInputSchema),
  /** One entry per input line, in order. */
  lines: z.array(
    z.object({
      line: z.number().int(),
      code: z.string(),
      requested: z.number().int().nullable(),
      quantity: z.number().int(),
      status: z.enum(QUICK_ORDER_STATUSES),
      sku: z.string().nullable(),
      title: z.string().nullable(),
    }),
  ),
});
export type QuickOrderReport = z.infer<typeof QuickOrderReportSchema>;
