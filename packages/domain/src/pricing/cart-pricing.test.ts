import { describe, expect, it } from 'vitest';
import type { CartProduct } from '../schemas/cart';
import { type CartPricingInput, type PricedCart, priceCart } from './cart-pricing';
import {
  BOOKS,
  cart,
  company,
  dealerRules,
  expectTotalsAddUp,
  HIFI,
  line,
  person,
  plainCompany,
  rule,
  swiss,
} from './cart-pricing.fixtures';

/** DESIGN §6 rules 1–5 line by line: discounts, campaign, coupon, VAT and the 1-cent correction. */

type Case = {
  name: string;
  input: CartPricingInput;
  /** Expected fields of the first line. */
  product?: Partial<CartProduct>;
  totals?: Partial<PricedCart>;
};

const coupon = (value: number) => ({ code: 'C', value });

const cases: Case[] = [
  {
    name: 'a private person pays the list price with VAT (12.90 → 15.74)',
    input: cart(),
    product: {
      unit_price: 1290,
      discount_rate: 0,
      singlePriceWithVat: 1574,
      roundedTotalPriceWithVat: 1574,
      vat: 284,
    },
    totals: { display: 'gross', subtotal: 1290, subtotal_with_vat: 1574, total: 2416 },
  },
  {
    name: 'rounding correction on: a private person pays 2 × 12.22 = 24.44, not 24.45',
    input: cart({ lines: [line({ price: 1002, quantity: 2 })] }),
    product: { singlePriceWithVat: 1222, totalPriceWithVat: 2445, roundedTotalPriceWithVat: 2444, vat: 440 },
  },
  {
    name: 'rounding correction on at 3 units: 36.66 instead of 36.67',
    input: cart({ lines: [line({ price: 1002, quantity: 3 })] }),
    product: { totalPrice: 3006, totalPriceWithVat: 3667, roundedTotalPriceWithVat: 3666 },
  },
  {
    name: 'rounding correction on at 30 units: 30 × 12.70 = 381.00 instead of 381.01',
    input: cart({ lines: [line({ price: 1041, quantity: 30 })] }),
    product: { singlePriceWithVat: 1270, totalPriceWithVat: 38101, roundedTotalPriceWithVat: 38100 },
  },
  {
    name: 'rounding correction off for a type G company: 24.45',
    input: cart({ customer: plainCompany, lines: [line({ price: 1002, quantity: 2 })] }),
    product: { singlePriceWithVat: 1222, totalPriceWithVat: 2445, roundedTotalPriceWithVat: 2445, vat: 441 },
    totals: { display: 'net' },
  },
  {
    name: 'rounding correction off for an extra-EU customer who pays VAT',
    input: cart({
      customer: { ...person, extraCee: true },
      lines: [line({ price: 1002, quantity: 2 })],
    }),
    product: { roundedTotalPriceWithVat: 2445 },
    totals: { display: 'net' },
  },
  {
    name: 'no correction when the difference is 2 cents (5 × 12.22 = 61.10 vs 61.12)',
    input: cart({ lines: [line({ price: 1002, quantity: 5 })] }),
    product: { totalPriceWithVat: 6112, roundedTotalPriceWithVat: 6112 },
  },
  {
    name: 'no correction when unit × quantity is above the rounded total (3 × 12.51 vs 37.52)',
    input: cart({ lines: [line({ price: 1025, quantity: 3 })] }),
    product: { singlePriceWithVat: 1251, totalPriceWithVat: 3752, roundedTotalPriceWithVat: 3752 },
  },
  {
    name: 'company: base 2% then the group rules 10% and 5% by priority, rounded once (12.90 → 10.81)',
    input: cart({ customer: company, rules: dealerRules }),
    product: { discount_rate: 1621, discounted_price: 1081, unit_price: 1081, singlePriceWithVat: 1319 },
  },
  {
    name: 'rules of another category do not apply: only the base discount (12.90 → 12.64)',
    input: cart({ customer: company, rules: [rule({ productCategoryId: HIFI })] }),
    product: { discount_rate: 200, unit_price: 1264 },
  },
  {
    name: "rules of another group do not apply to the customer's lines",
    input: cart({ customer: company, rules: [rule({ customerGroupId: 99 })] }),
    product: { discount_rate: 200, unit_price: 1264 },
  },
  {
    name: 'blockOthers with several rules: only the blocking ones (5%, 20%) count, base skipped',
    input: cart({
      customer: company,
      rules: [
        rule({ priority: 1, rate: 1000 }),
        rule({ priority: 2, rate: 500, blockOthers: true }),
        rule({ priority: 3, rate: 2000, blockOthers: true }),
      ],
    }),
    product: { discount_rate: 2400, discounted_price: 980, unit_price: 980 },
  },
  {
    name: 'one blockOthers rule skips the base discount (hi-fi 499.00 − 12% = 439.12)',
    input: cart({
      customer: company,
      rules: [rule({ productCategoryId: HIFI, rate: 1200, blockOthers: true })],
      lines: [line({ categoryId: HIFI, price: 49900 })],
    }),
    product: { discount_rate: 1200, unit_price: 43912 },
  },
  {
    name: 'a private base discount rounds half up (12.90 − 5% = 12.255 → 12.26)',
    input: cart({ customer: { ...person, discount: 500 } }),
    product: { discounted_price: 1226, unit_price: 1226 },
  },
  {
    name: 'campaign below the discounted price wins (9.99 < 10.81)',
    input: cart({ customer: company, rules: dealerRules, lines: [line({ campaignPrice: 999 })] }),
    product: { discounted_price: 1081, campaignPrice: 999, isUnderCampaign: true, unit_price: 999 },
  },
  {
    name: 'discount below the campaign price wins (10.81 < 12.00)',
    input: cart({ customer: company, rules: dealerRules, lines: [line({ campaignPrice: 1200 })] }),
    product: { campaignPrice: 1200, isUnderCampaign: false, unit_price: 1081 },
  },
  {
    name: 'a campaign price equal to the discounted price is not "under campaign"',
    input: cart({ customer: company, rules: dealerRules, lines: [line({ campaignPrice: 1081 })] }),
    product: { isUnderCampaign: false, unit_price: 1081 },
  },
  {
    name: 'a private person under campaign pays the campaign price with VAT (9.90 → 12.08)',
    input: cart({ lines: [line({ campaignPrice: 990 })] }),
    product: { isUnderCampaign: true, unit_price: 990, singlePriceWithVat: 1208 },
  },
  {
    name: 'coupon 10% comes off the net price before VAT (12.90 → 11.61, 14.16 with VAT)',
    input: cart({ coupon: coupon(1000) }),
    product: { coupon_rate: 1000, unit_price: 1161, singlePriceWithVat: 1416 },
    totals: { coupon: { code: 'C', value: 1000 } },
  },
  {
    name: 'coupon rounds half up to the cent (10.25 − 10% = 9.225 → 9.23)',
    input: cart({ coupon: coupon(1000), lines: [line({ price: 1025 })] }),
    product: { unit_price: 923 },
  },
  {
    name: 'coupon applies on top of the campaign price (9.99 − 15% = 8.49)',
    input: cart({ coupon: coupon(1500), lines: [line({ campaignPrice: 999 })] }),
    product: { isUnderCampaign: true, unit_price: 849 },
  },
  {
    name: 'coupon applies on top of the group discounts (10.81 − 10% = 9.73)',
    input: cart({ customer: company, rules: dealerRules, coupon: coupon(1000) }),
    product: { discounted_price: 1081, unit_price: 973 },
  },
  {
    name: 'without a coupon the coupon rate is 0',
    input: cart(),
    product: { coupon_rate: 0 },
    totals: { coupon: null },
  },
  {
    name: 'an exempt extra-EU customer pays no VAT on goods',
    input: cart({ customer: swiss, destinationCountry: 'CH' }),
    product: { vatRate: 0, singlePriceWithVat: 1290, roundedTotalPriceWithVat: 1290, vat: 0 },
    totals: { display: 'net', vat: 0 },
  },
  {
    name: 'books at 4% VAT (15.00 → 15.60)',
    input: cart({ lines: [line({ categoryId: BOOKS, price: 1500, vatRate: 400 })] }),
    product: { vatRate: 400, singlePriceWithVat: 1560, vat: 60 },
  },
  {
    name: 'lines at different VAT rates add their own VAT (2.84 + 0.60)',
    input: cart({ lines: [line(), line({ categoryId: BOOKS, price: 1500, vatRate: 400 })] }),
    totals: { subtotal: 2790, subtotal_with_vat: 3134, vat: 344 + 152 },
  },
  {
    name: 'a line is keyed by id and variant flag and keeps its note',
    input: cart({ lines: [line({ id: 42, isVariant: true, note: 'gift wrap' })] }),
    product: { key: '42:v', isVariant: true, note: 'gift wrap' },
  },
];

describe('priceCart: lines (DESIGN §6 rules 1–5)', () => {
  it.each(cases)('$name', ({ input, product, totals }) => {
    const result = priceCart(input);
    if (product) expect(result.products[0]).toMatchObject(product);
    if (totals) expect(result).toMatchObject(totals);
    expectTotalsAddUp(result);
  });
});
