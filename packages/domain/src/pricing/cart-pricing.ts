import type { PaymentMethod, ShippingSlug } from '../constants';
import type { CartProduct, CartShipping, Quote } from '../schemas/cart';
import type { CouponKind } from './coupon';
import { spreadAmount } from './coupon-spread';
import { addVat, applyDiscounts } from './money';
import { clampQuantity } from './quantity';
import {
  type DiscountRuleInput,
  effectiveVatRate,
  type PricingCustomer,
  priceDisplay,
  priceUnit,
} from './unit-price';
import type { ContractPrice, PriceBreak } from './volume-prices';

/** One cart line with what the server knows of its product (or variant). */
export type CartPricingLine = {
  id: number;
  isVariant: boolean;
  sku: string;
  title: string;
  author: string | null;
  coverUrl: string | null;
  categoryId: number | null;
  vatId: number;
  /** The product's VAT rate, basis points (exempt customers get 0 whatever it is). */
  vatRate: number;
  /** List price without VAT, cents. */
  price: number;
  shippingPrice: number | null;
  /** The lowest price of a campaign running today, when one covers the product. */
  campaignPrice: number | null;
  /** The product's volume tiers (DESIGN §6 rule 17); none when absent. */
  tiers?: readonly PriceBreak[];
  /** The customer's contract rows for the product, of every price list valid today (rule 17). */
  contractPrices?: readonly ContractPrice[];
  /** The quantity asked for, before the clamp. */
  quantity: number;
  minQuantity: number | null;
  maxQuantity: number | null;
  availableQuantity: number;
  /** Pre-order or on request: not capped by stock. */
  isPreorder: boolean;
  note: string | null;
};

export type ShippingMethodInput = {
  id: number;
  slug: ShippingSlug;
  price: number;
  freeShipping: number | null;
  vatRate: number;
};

export type CartPricingInput = {
  customer: PricingCustomer;
  rules: readonly DiscountRuleInput[];
  lines: readonly CartPricingLine[];
  /**
   * A coupon already found valid for this customer today (see couponProblem): a percent (basis points,
   * the default kind) or a fixed amount (cents).
   */
  coupon: { code: string; kind?: CouponKind; value: number } | null;
  shippingMethods: readonly ShippingMethodInput[];
  shopCountry: string;
  destinationCountry: string;
  /** The threshold when no shipping method applies (SPEC §9: 15000). */
  defaultFreeShipping: number;
  paymentMethod: PaymentMethod | null;
  /** The shop's cash-on-delivery fee, cents without VAT (DESIGN §6 rule 7). */
  codFee: number;
  /** VAT rate of shipping and fee when no shipping method applies (the shop's standard rate). */
  defaultVatRate: number;
};

/** A priced cart: the Quote contract less what only the server knows (customer id, unknown ids, coupon errors). */
export type PricedCart = Omit<Quote, 'customer_id' | 'coupon_error' | 'payment_methods'>;

/**
 * DESIGN §6 rule 5: line totals with and without VAT. The VAT-inclusive total is the unit price with VAT
 * times the quantity when that is exactly one cent below the rounded total (`correct`: private persons
 * in the EU; never companies nor extra-EU customers). A line's share of a fixed coupon (rule 17) comes
 * off its net before VAT; such a line gets no correction, its units no longer costing one price each.
 */
export function lineTotals(
  unitPrice: number,
  quantity: number,
  vatRate: number,
  correct: boolean,
  couponShare = 0,
) {
  const singlePriceWithVat = addVat(unitPrice, vatRate);
  const totalPrice = unitPrice * quantity - couponShare;
  const totalPriceWithVat = addVat(totalPrice, vatRate);
  const bySingle = singlePriceWithVat * quantity;
  const roundedTotalPriceWithVat =
    correct && couponShare === 0 && bySingle === totalPriceWithVat - 1 ? bySingle : totalPriceWithVat;
  return { singlePriceWithVat, totalPrice, totalPriceWithVat, roundedTotalPriceWithVat };
}

/** DESIGN §6 rule 6: national when the goods stay in the shop's country, else international. */
export function shippingMethodFor(
  methods: readonly ShippingMethodInput[],
  shopCountry: string,
  destinationCountry: string,
): ShippingMethodInput | null {
  const slug: ShippingSlug = destinationCountry === shopCountry ? 'national' : 'international';
  return methods.find((m) => m.slug === slug) ?? null;
}

function priceLine(input: CartPricingInput, line: CartPricingLine, quantity: number): CartProduct {
  const { customer, rules, coupon } = input;
  const unit = priceUnit(
    { price: line.price, vatRate: line.vatRate, categoryId: line.categoryId },
    customer,
    rules,
    line.campaignPrice,
    { quantity, tiers: line.tiers, contractPrices: line.contractPrices },
  );
  // DESIGN §6 rule 4: the coupon comes off the net unit price, before VAT, rounded to the cent.
  const couponRate = coupon && (coupon.kind ?? 'percent') === 'percent' ? coupon.value : 0;
  const unitPrice = couponRate > 0 ? applyDiscounts(unit.unit_price, [couponRate]) : unit.unit_price;
  const correct = customer.type !== 'G' && !customer.extraCee;
  const totals = lineTotals(unitPrice, quantity, unit.vat_rate, correct);
  return {
    id: line.id,
    isVariant: line.isVariant,
    key: `${line.id}:${line.isVariant ? 'v' : 'p'}`,
    sku: line.sku,
    title: line.title,
    author: line.author,
    cover_url: line.coverUrl,
    price: line.price,
    tier_price: unit.tier_price,
    discount_rate: unit.discount_rate,
    discounted_price: unit.discounted_price,
    campaignPrice: line.campaignPrice,
    isUnderCampaign: unit.is_under_campaign,
    contract_price: unit.contract_price,
    price_source: unit.price_source,
    coupon_rate: couponRate,
    price_before_coupon: unit.unit_price,
    unit_price: unitPrice,
    vatId: line.vatId,
    vatRate: unit.vat_rate,
    quantity,
    requested_quantity: line.quantity,
    min_quantity: line.minQuantity,
    max_quantity: line.maxQuantity,
    available_quantity: Math.max(0, line.availableQuantity),
    is_preorder: line.isPreorder,
    note: line.note,
    product_category_id: line.categoryId,
    ...totals,
    coupon_share: 0,
    vat: totals.roundedTotalPriceWithVat - totals.totalPrice,
  };
}

/**
 * DESIGN §6 rule 17: a fixed coupon spread over the priced lines by their net (see spreadAmount), each
 * line's totals and VAT (rule 5) recomputed on its net less its share.
 */
function spreadCoupon(input: CartPricingInput, products: CartProduct[]): CartProduct[] {
  const amount = input.coupon?.kind === 'fixed' ? input.coupon.value : 0;
  const shares = spreadAmount(
    amount,
    products.map((p) => p.totalPrice),
  );
  const correct = input.customer.type !== 'G' && !input.customer.extraCee;
  return products.map((p, i) => {
    const share = shares[i] ?? 0;
    if (share === 0) return p;
    const totals = lineTotals(p.unit_price, p.quantity, p.vatRate, correct, share);
    return { ...p, ...totals, coupon_share: share, vat: totals.roundedTotalPriceWithVat - totals.totalPrice };
  });
}

/** What the charges need of the cart's terms: the customer, where the goods go, how they are paid. */
export type ChargeTerms = Pick<
  CartPricingInput,
  | 'customer'
  | 'shippingMethods'
  | 'shopCountry'
  | 'destinationCountry'
  | 'defaultFreeShipping'
  | 'paymentMethod'
  | 'codFee'
  | 'defaultVatRate'
>;

/** One priced line as the charges see it: its totals and its product's own shipping price. */
export type ChargedLine = {
  totalPrice: number;
  roundedTotalPriceWithVat: number;
  shippingPrice: number | null;
};

/** What a cart or an order charges beyond its lines, and its totals (integer cents). */
export type Charges = Pick<
  PricedCart,
  | 'shipping'
  | 'payment_fee'
  | 'payment_fee_with_vat'
  | 'subtotal'
  | 'subtotal_with_vat'
  | 'vat'
  | 'total_without_taxes'
  | 'total'
> & { shippingVatRate: number };

/**
 * DESIGN §6 rule 6: free at or above the threshold, compared with the subtotal including VAT: the
 * method's (a method without one is always charged), or the default when no method applies; otherwise
 * the highest product shipping price, else the method's price. An empty cart ships nothing and costs
 * nothing.
 */
function priceShipping(terms: ChargeTerms, lines: readonly ChargedLine[], subtotalWithVat: number) {
  const method = shippingMethodFor(terms.shippingMethods, terms.shopCountry, terms.destinationCountry);
  const threshold = method ? method.freeShipping : terms.defaultFreeShipping;
  const vatRate = effectiveVatRate(terms.customer, method?.vatRate ?? terms.defaultVatRate);
  const isFree = lines.length > 0 && threshold !== null && subtotalWithVat >= threshold;
  const highest = Math.max(0, ...lines.map((l) => l.shippingPrice ?? 0));
  const price = lines.length === 0 || isFree ? 0 : highest > 0 ? highest : (method?.price ?? 0);
  const shipping: CartShipping = {
    methodId: method?.id ?? null,
    slug: method?.slug ?? null,
    price,
    priceWithVAT: addVat(price, vatRate),
    free_shipping: threshold,
    is_free: isFree,
  };
  return { shipping, vatRate };
}

/**
 * DESIGN §6 rules 6–7 and 16: shipping, the cash-on-delivery fee and the totals of priced lines. The
 * cart, the order written from it and every later change of the order's quantities charge through
 * this one function, so they agree to the cent.
 */
export function priceCharges(terms: ChargeTerms, lines: readonly ChargedLine[]): Charges {
  const subtotal = lines.reduce((sum, l) => sum + l.totalPrice, 0);
  const subtotalWithVat = lines.reduce((sum, l) => sum + l.roundedTotalPriceWithVat, 0);
  const { shipping, vatRate } = priceShipping(terms, lines, subtotalWithVat);
  // DESIGN §6 rule 7: cash on delivery adds the shop's fee, with VAT at the shipping rate.
  const paymentFee = terms.paymentMethod === 'cash_on_delivery' && lines.length > 0 ? terms.codFee : 0;
  const paymentFeeWithVat = addVat(paymentFee, vatRate);
  const vat =
    subtotalWithVat - subtotal + (shipping.priceWithVAT - shipping.price) + (paymentFeeWithVat - paymentFee);
  const totalWithoutTaxes = subtotal + shipping.price + paymentFee;
  return {
    shipping,
    shippingVatRate: vatRate,
    payment_fee: paymentFee,
    payment_fee_with_vat: paymentFeeWithVat,
    subtotal,
    subtotal_with_vat: subtotalWithVat,
    vat,
    total_without_taxes: totalWithoutTaxes,
    total: totalWithoutTaxes + vat,
  };
}

/**
 * An order row as stored: its unit net price, effective VAT rate, the quantity it still charges, and,
 * once invoiced for all of it, the coupon share its invoices carried (kept: they are issued).
 */
export type ChargedRow = {
  price: number;
  vatRate: number;
  quantity: number;
  shippingPrice: number | null;
  invoicedShare?: number | null;
};

/** An order's charges and each row's share of its fixed coupon, in the rows' order. */
export type OrderCharges = Charges & { couponShares: number[] };

/**
 * An order's money after its quantities changed (DESIGN §6 rule 16): each row at its stored price for
 * the quantity it still charges (ordered less cancelled), the order's fixed coupon (cents, 0: none)
 * spread again over those nets (rule 17) but for the rows invoiced in full, whose shares stay as their
 * invoices carried them (so a fully shipped order's invoices still sum to its total), with rule 5's
 * correction for private persons in the EU, then the same charges as the cart. Rows charging nothing neither ship nor pay a fee nor take a share.
 */
export function priceOrderRows(
  terms: ChargeTerms,
  rows: readonly ChargedRow[],
  couponAmount = 0,
): OrderCharges {
  const correct = terms.customer.type !== 'G' && !terms.customer.extraCee;
  const kept = rows.reduce((sum, r) => sum + (r.invoicedShare ?? 0), 0);
  const spread = spreadAmount(
    Math.max(0, couponAmount - kept),
    rows.map((r) => (r.invoicedShare != null ? 0 : r.price * Math.max(0, r.quantity))),
  );
  const couponShares = rows.map((r, i) => r.invoicedShare ?? spread[i] ?? 0);
  const lines = rows.flatMap((r, i) =>
    r.quantity > 0
      ? [
          {
            ...lineTotals(r.price, r.quantity, r.vatRate, correct, couponShares[i]),
            shippingPrice: r.shippingPrice,
          },
        ]
      : [],
  );
  return { ...priceCharges(terms, lines), couponShares };
}

/**
 * Prices a cart for one customer (DESIGN §6 rules 1–8): each line clamped, discounted, under campaign
 * or not, less the coupon, with VAT and its rounding correction; then shipping, the cash-on-delivery fee
 * and the totals. Lines that cannot be bought at all (no stock, not pre-order) come back as removed.
 */
export function priceCart(input: CartPricingInput): PricedCart {
  const products: CartProduct[] = [];
  const shippingPrices: (number | null)[] = [];
  const removed: PricedCart['removed'] = [];
  for (const line of input.lines) {
    const quantity = clampQuantity(line.quantity, {
      minQuantity: line.minQuantity,
      maxQuantity: line.maxQuantity,
      availableQuantity: line.availableQuantity,
      uncapped: line.isPreorder,
    });
    if (quantity === 0) {
      removed.push({
        id: line.id,
        isVariant: line.isVariant,
        sku: line.sku,
        title: line.title,
        reason: 'out_of_stock',
      });
    } else {
      products.push(priceLine(input, line, quantity));
      shippingPrices.push(line.shippingPrice);
    }
  }
  const spread = spreadCoupon(input, products);
  const charged: ChargedLine[] = spread.map((p, i) => ({ ...p, shippingPrice: shippingPrices[i] ?? null }));
  const { shippingVatRate: _, ...charges } = priceCharges(input, charged);
  const couponAmount = spread.reduce((sum, p) => sum + p.coupon_share, 0);
  return {
    display: priceDisplay(input.customer),
    products: spread,
    removed,
    coupon: input.coupon && { code: input.coupon.code, value: input.coupon.value },
    coupon_amount: input.coupon?.kind === 'fixed' ? couponAmount : null,
    payment_method: input.paymentMethod,
    ...charges,
  };
}
