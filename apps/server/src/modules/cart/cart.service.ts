import {
  type AddressChoice,
  type CartLineInput,
  type CartPricingLine,
  type ChargedRow,
  type CouponBuyer,
  type CouponKind,
  type Customer,
  couponProblem,
  type OrderCharges,
  type PaymentMethod,
  priceCart,
  priceOrderRows,
  type Quote,
  type QuoteRequest,
  type ShippingMethodInput,
} from '@shop/domain';
import type { Config } from '../../config';
import type { AddressSnapshot } from '../../db/schema';
import type { Actor, Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { TtlLruCache } from '../../lib/lru-cache';
import { SETTINGS_CACHE_MS } from '../../lib/settings-cache';
import { type CheckoutCoupon, findCheckoutCoupon } from '../coupons/coupons.service';
import { allowedPaymentMethodsOf, getCustomer } from '../customers/customers.service';
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

/** The shop's selling terms: country, fee, free-shipping default, shipping methods, standard VAT. */
type ShopTerms = {
  country: string;
  codFee: number;
  defaultFreeShipping: number;
  methods: ShippingMethodInput[];
  standardVat: number;
};
/** Staff change them rarely: read at most every SETTINGS_CACHE_MS per app. */
const shopTermsCache = new WeakMap<Config, TtlLruCache<ShopTerms>>();

function shopTermsOf(ctx: Pick<Ctx, 'db' | 'config'>): Promise<ShopTerms> {
  let cache = shopTermsCache.get(ctx.config);
  if (!cache) {
    cache = new TtlLruCache<ShopTerms>(1, SETTINGS_CACHE_MS);
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
 * After staff change a shipping method or the settings: this instance's next quote reads the terms
 * afresh (other instances within SETTINGS_CACHE_MS).
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
  coupon: CheckoutCoupon | null;
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
  const [customer, pricing, found, terms, coupon, paymentMethods] = await readAll(
    req.inTransaction ?? false,
    [
      () => getCustomer(ctx, req.customerId),
      () => loadPricing({ db: ctx.db, actor }),
      () => q.findCartProducts(ctx.db, [...new Set(lines.map((l) => l.id))], today, req.customerId),
      () => shopTermsOf(ctx),
      () =>
        req.couponCode ? findCheckoutCoupon(ctx, req.couponCode, req.customerId) : Promise.resolve(undefined),
      () => allowedPaymentMethodsOf(ctx, req.customerId),
    ],
  );
  const pricingCustomer = pricing.customer;
  if (!pricingCustomer) throw new NotFoundError('Customer not found');
  const rows = new Map(found.map((r) => [r.id, r]));
  const removed: Quote['removed'] = [];
  const pricingLines: CartPricingLine[] = [];
  for (const line of lines) {
    const row = rows.get(line.id);
    if (row && matchesLine(row, line.isVariant)) pricingLines.push(toPricingLine(row, line, today));
    else
      removed.push({ id: line.id, isVariant: line.isVariant, sku: null, title: null, reason: 'not_found' });
  }
  const buyer = { customerId: customer.id, customerGroupId: customer.customer_group_id };
  // The minimum order is judged on the priced cart: first every other rule, then the net it reached.
  let couponError = req.couponCode
    ? couponProblem(coupon, { ...buyer, net: Number.POSITIVE_INFINITY }, today)
    : null;
  const shippingAddress = resolveAddress(customer, req.shipping, 'S');
  const priceWith = (applied: CheckoutCoupon | null) =>
    priceCart({
      customer: pricingCustomer,
      rules: pricing.rules,
      lines: pricingLines,
      coupon: applied && couponTerms(applied),
      shippingMethods: terms.methods,
      shopCountry: terms.country,
      destinationCountry: shippingAddress?.country ?? customer.country,
      defaultFreeShipping: terms.defaultFreeShipping,
      paymentMethod: req.paymentMethod ?? null,
      codFee: terms.codFee,
      defaultVatRate: terms.standardVat,
    });
  let applied = coupon && !couponError ? coupon : null;
  let priced = priceWith(applied);
  if (applied) {
    couponError = couponProblem(applied, { ...buyer, net: netBeforeCoupon(priced.products) }, today);
    if (couponError) {
      applied = null;
      priced = priceWith(null);
    }
  }
  const quote: Quote = {
    ...priced,
    customer_id: customer.id,
    removed: [...removed, ...priced.removed],
    coupon_error: couponError,
    payment_methods: [...paymentMethods],
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

/** What the pricing engine takes of a coupon: a percent (basis points) or a fixed amount (cents). */
const couponTerms = (coupon: CheckoutCoupon): { code: string; kind: CouponKind; value: number } => ({
  code: coupon.code,
  kind: coupon.kind,
  value: coupon.value,
});

/** The order's net before any coupon: what a coupon's minimum order is compared with. */
function netBeforeCoupon(lines: readonly { price_before_coupon: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.price_before_coupon * line.quantity, 0);
}

/**
 * Checkout, inside the order's transaction, before the order is written: the coupon's row is locked and
 * its orders counted again, so of orders racing for its last use one wins and the others are refused
 * with the coupon's message (422 on coupon_code); it is used exactly up to its limits.
 */
export async function useCoupon(ctx: Pick<Ctx, 'db' | 'now'>, priced: PricedForCustomer): Promise<void> {
  const { coupon, customer, quote } = priced;
  if (!coupon) return;
  const locked = await findCheckoutCoupon(ctx, coupon.code, customer.id, true);
  const buyer: CouponBuyer = {
    customerId: customer.id,
    customerGroupId: customer.customer_group_id,
    net: netBeforeCoupon(quote.products),
  };
  const problem = couponProblem(locked, buyer, shopDate(ctx.now()));
  if (problem) throw ValidationError.field('coupon_code', problem);
}

export type OrderChargesRequest = {
  customerId: number;
  destinationCountry: string;
  paymentMethod: PaymentMethod;
  /** The fee the order was placed with, kept while it has one; the shop's fee otherwise. */
  codFee: number;
  rows: readonly ChargedRow[];
  /** The order's fixed coupon (net cents), spread again over the rows' nets; none: 0. */
  couponAmount?: number;
};

/**
 * DESIGN §6 rule 16: an order's money after its quantities changed, by the cart's engine on the shop's
 * terms and the customer's VAT treatment; the rows keep the prices they were ordered at.
 */
export async function chargeOrder(ctx: Reader, req: OrderChargesRequest): Promise<OrderCharges> {
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
    req.couponAmount,
  );
}
