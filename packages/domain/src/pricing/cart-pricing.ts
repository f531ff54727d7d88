import type { PaymentMethod, ShippingSlug } from '../constants';
import type { CartProduct, CartShipping, Quote } from '../schemas/cart';
import { addVat, applyDiscounts } from './money';
import { clampQuantity } from './quantity';
import {
  type DiscountRuleInput,
  effectiveVatRate,
  type PricingCustomer,
  priceDisplay,
  priceUnit,
} from './unit-price';

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
  /** A coupon already found valid for this customer today (see couponProblem). */
  coupon: { code: string; value: number } | null;
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
export type PricedCart = Omit<Quote, 'customer_id' | 'coupon_error'>;

/**
 * DESIGN §6 rule 5: line totals with and without VAT. The VAT-inclusive total is the unit price with VAT
 * times the quantity when that is exactly one cent below the rounded total (`correct`: private persons
 * in the EU; never companies nor extra-EU customers).
 */
export function lineTotals(unitPrice: number, quantity: number, vatRate: number, correct: boolean) {
  const singlePriceWithVat = addVat(unitPrice, vatRate);
  const totalPrice = unitPrice * quantity;
  const totalPriceWithVat = addVat(totalPrice, vatRate);
  const bySingle = singlePriceWithVat * quantity;
  const roundedTotalPriceWithVat =
    correct && bySingle === totalPriceWithVat - 1 ? bySingle : totalPriceWithVat;
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
  );
  // DESIGN §6 rule 4: the coupon comes off the net unit price, before VAT, rounded to the cent.
  const couponRate = coupon?.value ?? 0;
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
    discount_rate: unit.discount_rate,
    discounted_price: unit.discounted_price,
    campaignPrice: line.campaignPrice,
    isUnderCampaign: unit.is_under_campaign,
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
    vat: totals.roundedTotalPriceWithVat - totals.totalPrice,
  };
}

/**
 * DESIGN §6 rule 6: free at or above the threshold, compared with the subtotal including VAT: the
 * method's (a method without one is always charged), or the default when no method applies; otherwise
 * the highest product shipping price, else the method's price. An empty cart ships nothing and costs
 * nothing.
 */
function priceShipping(input: CartPricingInput, bought: readonly CartPricingLine[], subtotalWithVat: number) {
  const method = shippingMethodFor(input.shippingMethods, input.shopCountry, input.destinationCountry);
  const threshold = method ? method.freeShipping : input.defaultFreeShipping;
  const vatRate = effectiveVatRate(input.customer, method?.vatRate ?? input.defaultVatRate);
  const isFree = bought.length > 0 && threshold !== null && subtotalWithVat >= threshold;
  const highest = Math.max(0, ...bought.map((l) => l.shippingPrice ?? 0));
  const price = bought.length === 0 || isFree ? 0 : highest > 0 ? highest : (method?.price ?? 0);
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
 * Prices a cart for one customer (DESIGN §6 rules 1–8): each line clamped, discounted, under campaign
 * or not, less the coupon, with VAT and its rounding correction; then shipping, the cash-on-delivery fee
 * and the totals. Lines that cannot be bought at all (no stock, not pre-order) come back as removed.
 */
export function priceCart(input: CartPricingInput): PricedCart {
  const products: CartProduct[] = [];
  const bought: CartPricingLine[] = [];
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
      bought.push(line);
    }
  }
  const subtotal = products.reduce((sum, p) => sum + p.totalPrice, 0);
  const subtotalWithVat = products.reduce((sum, p) => sum + p.roundedTotalPriceWithVat, 0);
  const { shipping, vatRate } = priceShipping(input, bought, subtotalWithVat);
  // DESIGN §6 rule 7: cash on delivery adds the shop's fee, with VAT at the shipping rate.
  const paymentFee = input.paymentMethod === 'cash_on_delivery' && products.length > 0 ? input.codFee : 0;
  const paymentFeeWithVat = addVat(paymentFee, vatRate);
  const vat =
    subtotalWithVat - subtotal + (shipping.priceWithVAT - shipping.price) + (paymentFeeWithVat - paymentFee);
  const totalWithoutTaxes = subtotal + shipping.price + paymentFee;
  return {
    display: priceDisplay(input.customer),
    products,
    removed,
    coupon: input.coupon,
    shipping,
    payment_method: input.paymentMethod,
    payment_fee: paymentFee,
    payment_fee_with_vat: paymentFeeWithVat,
    subtotal,
    subtotal_with_vat: subtotalWithVat,
    vat,
    total_without_taxes: totalWithoutTaxes,
    total: totalWithoutTaxes + vat,
  };
}
