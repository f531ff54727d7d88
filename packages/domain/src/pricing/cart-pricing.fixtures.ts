import { expect } from 'vitest';
import type { CartPricingInput, CartPricingLine, PricedCart } from './cart-pricing';
import type { DiscountRuleInput, PricingCustomer } from './unit-price';

/** Shared inputs of the cart pricing tables: the demo shop's customers, rules and shipping methods. */

export const MUSIC = 1;
export const HIFI = 3;
export const BOOKS = 5;
export const DEALERS = 10;

export const person: PricingCustomer = {
  type: 'P',
  discount: 0,
  taxRule: 'standard',
  extraCee: false,
  customerGroupId: null,
};
/** A type G company of the dealers group with a 2% base discount. */
export const company: PricingCustomer = {
  type: 'G',
  discount: 200,
  taxRule: 'standard',
  extraCee: false,
  customerGroupId: DEALERS,
};
export const plainCompany: PricingCustomer = { ...company, discount: 0, customerGroupId: null };
export const swiss: PricingCustomer = {
  type: 'G',
  discount: 0,
  taxRule: 'exempt',
  extraCee: true,
  customerGroupId: null,
};

export const rule = (r: Partial<DiscountRuleInput>): DiscountRuleInput => ({
  customerGroupId: DEALERS,
  productCategoryId: MUSIC,
  rate: 1000,
  priority: 1,
  blockOthers: false,
  ...r,
});
/** The demo dealers' music rules: 10% then 5%. */
export const dealerRules = [rule({ priority: 2, rate: 500 }), rule({ priority: 1, rate: 1000 })];

let nextId = 1;
/** A CD at EUR 12.90 + 22% VAT, 100 in stock, unless told otherwise. */
export const line = (l: Partial<CartPricingLine> = {}): CartPricingLine => {
  const id = l.id ?? nextId++;
  return {
    id,
    isVariant: false,
    sku: `SKU-${id}`,
    title: `Product ${id}`,
    author: null,
    coverUrl: null,
    categoryId: MUSIC,
    vatId: 1,
    vatRate: 2200,
    price: 1290,
    shippingPrice: null,
    campaignPrice: null,
    quantity: 1,
    minQuantity: 1,
    maxQuantity: null,
    availableQuantity: 100,
    isPreorder: false,
    note: null,
    ...l,
  };
};

export const national = { id: 1, slug: 'national' as const, price: 690, freeShipping: 15000, vatRate: 2200 };
export const international = {
  id: 2,
  slug: 'international' as const,
  price: 1990,
  freeShipping: 30000,
  vatRate: 2200,
};

export const cart = (c: Partial<CartPricingInput> = {}): CartPricingInput => ({
  customer: person,
  rules: [],
  lines: [line()],
  coupon: null,
  shippingMethods: [national, international],
  shopCountry: 'IT',
  destinationCountry: 'IT',
  defaultFreeShipping: 15000,
  paymentMethod: null,
  codFee: 500,
  defaultVatRate: 2200,
  ...c,
});

/** Every priced cart's totals add up, to the cent (STYLE.md: each case ends with this invariant). */
export function expectTotalsAddUp(r: PricedCart) {
  const sum = (f: (p: PricedCart['products'][number]) => number) => r.products.reduce((s, p) => s + f(p), 0);
  expect(r.subtotal).toBe(sum((p) => p.totalPrice));
  expect(r.subtotal_with_vat).toBe(sum((p) => p.roundedTotalPriceWithVat));
  for (const p of r.products) {
    expect(p.totalPrice).toBe(p.unit_price * p.quantity - p.coupon_share);
    expect(p.vat).toBe(p.roundedTotalPriceWithVat - p.totalPrice);
  }
  const extrasVat = r.shipping.priceWithVAT - r.shipping.price + r.payment_fee_with_vat - r.payment_fee;
  expect(r.vat).toBe(sum((p) => p.vat) + extrasVat);
  expect(r.total_without_taxes).toBe(r.subtotal + r.shipping.price + r.payment_fee);
  expect(r.total).toBe(r.total_without_taxes + r.vat);
  expect(r.total).toBe(r.subtotal_with_vat + r.shipping.priceWithVAT + r.payment_fee_with_vat);
}
