import {
  type AddressChoice,
  type CartLineInput,
  type CartPricingLine,
  type ChargedRow,
  type Charges,
  type Customer,
  couponProblem,
  messages,
  type PaymentMethod,
  priceCart,
  priceOrderRows,
  type Quote,
  type QuoteRequest,
  type ShippingMethodInput,
} from '@shop/domain';
import type { Config } from '../../config';
import type { AddressSnapshot, coupons } from '../../db/schema';
import type { Actor, Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { TtlLruCache } from '../../lib/lru-cache';
import { getCustomer } from '../customers/customers.service';
import { loadPricing } from '../products/products.service';
import { getShop } from '../shop/shop.service';
import * as q from './cart.queries';
import { resolveAddress } from './cart-addresses';
import { buyerOf, matchesLine, mergeLines, toPricingLine } from './cart-lines';

/**
 * The cart priced by the server (SPEC §3 Cart, §4; DESIGN §6): the same engine prices the cart page,
 * the checkout summary and the order written, always for the customer the server decides.
 */

type Reader = Pick<Ctx, 'db' | 'now' | 'actor' | 'config'>;
export type CouponRecord = typeof coupons.$inferSelect;

/** The shop's selling terms: country, fee, free-shipping default, shipping methods, standard VAT. */
type ShopTerms = {
  country: string;
  codFee: number;
  defaultFreeShipping: number;
  methods: ShippingMethodInput[];
  standardVat: number;
};
/** Staff change them rarely: read at most every 30 s per app (like the catalogue's reference data). */
const shopTermsCache = new WeakMap<Config, TtlLruCache<ShopTerms>>();

function shopTermsOf(ctx: Pick<Ctx, 'db' | 'config'>): Promise<ShopTerms> {
  let cache = shopTermsCache.get(ctx.config);
  if (!cache) {
    cache = new TtlLruCache<ShopTerms>(1, 30_000);
    shopTermsCache.set(ctx.config, cache);
  }
  return cache.getOrCompute('terms', async () => {
    const shop = await getShop(ctx);
    const methods = await q.listShippingMethodsWithVat(ctx.db);
    const standardVat = await q.findStandardVatRate(ctx.db);
    const { country, cod_fee, default_free_shipping } = shop;
    return { country, codFee: cod_fee, defaultFreeShipping: default_free_shipping, methods, standardVat };
  });
}

/** The shop's standard VAT rate: shipping's and the fee's when no shipping method applies. */
export async function standardVatRate(ctx: Pick<Ctx, 'db' | 'config'>): Promise<number> {
  return (await shopTermsOf(ctx)).standardVat;
}

/**
 * After staff change a shipping method: this instance's next quote reads the terms afresh (other
 * instances within their 30 s).
 */
export function forgetShopTerms(ctx: Pick<Ctx, 'config'>): void {
  shopTermsCache.get(ctx.config)?.clear();
}

export type CartPricingRequest = {
  customerId: number;
  products: readonly CartLineInput[];
  shipping?: AddressChoice | undefined;
  paymentMethod?: PaymentMethod | undefined;
  couponCode?: string | undefined;
  /** Inside the order's transaction: its one connection runs one query at a time. */
  inTransaction?: boolean;
};

export type PricedForCustomer = {
  quote: Quote;
  customer: Customer;
  shippingAddress: AddressSnapshot | null;
  coupon: CouponRecord | null;
};

/** Runs the reads side by side on the pool, or one after the other on a transaction's connection. */
async function readAll<T extends unknown[]>(
  sequential: boolean,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!sequential) return Promise.all(reads.map((read) => read())) as Promise<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as T;
}

/**
 * Prices a cart as `customerId` (DESIGN §6 rules 1–8) with everything read from the database: the
 * customer's discounts and rules, products with stock and today's campaign prices (Europe/Rome), the
 * coupon, the shipping method for the destination and the shop's fee. Unknown products come back as
 * removed (not_found), products out of stock as removed (out_of_stock), a bad coupon as a message.
 */
export async function priceForCustomer(ctx: Reader, req: CartPricingRequest): Promise<PricedForCustomer> {
  const today = shopDate(ctx.now());
  const lines = mergeLines(req.products);
  const actor = { ...(ctx.actor as Actor), customerId: req.customerId };
  const [customer, pricing, found, terms, coupon] = await readAll(req.inTransaction ?? false, [
    () => getCustomer(ctx, req.customerId),
    () => loadPricing({ db: ctx.db, actor }),
    () => q.findCartProducts(ctx.db, [...new Set(lines.map((l) => l.id))], today),
    () => shopTermsOf(ctx),
    () => (req.couponCode ? q.findCoupon(ctx.db, req.couponCode) : Promise.resolve(undefined)),
  ]);
  if (!pricing.customer) throw new NotFoundError('Customer not found');
  const rows = new Map(found.map((r) => [r.id, r]));
  const removed: Quote['removed'] = [];
  const pricingLines: CartPricingLine[] = [];
  for (const line of lines) {
    const row = rows.get(line.id);
    if (row && matchesLine(row, line.isVariant)) pricingLines.push(toPricingLine(row, line, today));
    else
      removed.push({ id: line.id, isVariant: line.isVariant, sku: null, title: null, reason: 'not_found' });
  }
  const couponError = req.couponCode
    ? couponProblem(
        coupon && {
          code: coupon.code,
          value: coupon.value,
          customerId: coupon.customerId,
          validFrom: coupon.validFrom,
          validUntil: coupon.validUntil,
          used: coupon.usedAt !== null,
        },
        customer.id,
        today,
      )
    : null;
  const applied = coupon && !couponError ? coupon : null;
  const shippingAddress = resolveAddress(customer, req.shipping, 'S');
  const priced = priceCart({
    customer: pricing.customer,
    rules: pricing.rules,
    lines: pricingLines,
    coupon: applied && { code: applied.code, value: applied.value },
    shippingMethods: terms.methods,
    shopCountry: terms.country,
    destinationCountry: shippingAddress?.country ?? customer.country,
    defaultFreeShipping: terms.defaultFreeShipping,
    paymentMethod: req.paymentMethod ?? null,
    codFee: terms.codFee,
    defaultVatRate: terms.standardVat,
  });
  const quote: Quote = {
    ...priced,
    customer_id: customer.id,
    removed: [...removed, ...priced.removed],
    coupon_error: couponError,
  };
  return { quote, customer, shippingAddress, coupon: applied };
}

/** POST /api/cart/quote: the cart priced for the caller, or for the customer an administrator acts for. */
export async function quoteCart(ctx: Reader, input: QuoteRequest): Promise<Quote> {
  const customerId = buyerOf(ctx.actor, input.customer_id);
  const { quote } = await priceForCustomer(ctx, {
    customerId,
    products: input.products,
    shipping: input.shipping,
    paymentMethod: input.payment_method,
    couponCode: input.coupon_code,
  });
  return quote;
}

/**
 * Checkout, inside the order's transaction: a coupon for one customer is used once. Its row is locked,
 * so of two orders racing with it one wins and the other is refused with the coupon's message (422).
 */
export async function useCoupon(ctx: Pick<Ctx, 'db'>, coupon: CouponRecord, at: Date): Promise<void> {
  if (coupon.customerId === null) return;
  const locked = await q.findCoupon(ctx.db, coupon.code, true);
  if (!locked || locked.usedAt !== null) throw ValidationError.field('coupon_code', messages.couponUsed);
  await q.markCouponUsed(ctx.db, locked.id, at);
}

export type OrderChargesRequest = {
  customerId: number;
  destinationCountry: string;
  paymentMethod: PaymentMethod;
  /** The fee the order was placed with, kept while it has one; the shop's fee otherwise. */
  codFee: number;
  rows: readonly ChargedRow[];
};

/**
 * DESIGN §6 rule 16: an order's money after its quantities changed, by the cart's engine on the shop's
 * terms and the customer's VAT treatment; the rows keep the prices they were ordered at.
 */
export async function chargeOrder(ctx: Reader, req: OrderChargesRequest): Promise<Charges> {
  const terms = await shopTermsOf(ctx);
  const { customer } = await loadPricing({
    db: ctx.db,
    actor: { ...(ctx.actor as Actor), customerId: req.customerId },
  });
  if (!customer) throw new NotFoundError('Customer not found');
  return priceOrderRows(
    {
      customer,
      shippingMethods: terms.methods,
      shopCountry: terms.country,
      destinationCountry: req.destinationCountry,
      defaultFreeShipping: terms.defaultFreeShipping,
      paymentMethod: req.paymentMethod,
      codFee: req.codFee || terms.codFee,
      defaultVatRate: terms.standardVat,
    },
    req.rows,
  );
}
