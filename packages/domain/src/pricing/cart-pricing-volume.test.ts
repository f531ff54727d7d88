import { describe, expect, it } from 'vitest';
import type { CartProduct } from '../schemas/cart';
import { type CartPricingInput, priceCart } from './cart-pricing';
import { cart, company, dealerRules, expectTotalsAddUp, line, person } from './cart-pricing.fixtures';
import { applyDiscounts } from './money';
import { type ContractPrice, contractPriceFor, tierPriceFor } from './volume-prices';

/**
 * DESIGN §6 rule 17 line by line: a volume tier replaces the list price, discounts and the campaign
 * price follow, the contract price is a final net candidate, the lowest wins, the coupon comes after.
 * The CD lists at 12.90; the dealer company's discounts (2% base, rules 10% and 5%) make it 10.81.
 */

const tiers = [
  { minQuantity: 10, price: 950 },
  { minQuantity: 50, price: 900 },
];
const contract = (price: number, minQuantity = 1, priceListId = 1): ContractPrice => ({
  priceListId,
  minQuantity,
  price,
});
const coupon = (value: number) => ({ code: 'C', value });

type Case = { name: string; input: CartPricingInput; product: Partial<CartProduct> };

const cases: Case[] = [
  {
    name: 'one unit below the tier pays the list price (9 × 12.90)',
    input: cart({ lines: [line({ quantity: 9, tiers })] }),
    product: { tier_price: null, unit_price: 1290, price_source: 'list', totalPrice: 11610 },
  },
  {
    name: 'at the tier quantity the tier replaces the list price (10 × 9.50)',
    input: cart({ lines: [line({ quantity: 10, tiers })] }),
    product: { price: 1290, tier_price: 950, unit_price: 950, price_source: 'tier', totalPrice: 9500 },
  },
  {
    name: 'the highest tier not above the quantity applies (49 → 9.50, 50 → 9.00)',
    input: cart({ lines: [line({ quantity: 50, tiers })] }),
    product: { tier_price: 900, unit_price: 900, price_source: 'tier' },
  },
  {
    name: "the group's discounts apply to the tier price (9.50 − 16.21% = 7.96)",
    input: cart({ customer: company, rules: dealerRules, lines: [line({ quantity: 10, tiers })] }),
    product: { tier_price: 950, discounted_price: 796, unit_price: 796, price_source: 'discount' },
  },
  {
    name: 'a tier below the campaign price wins (9.50 < 9.99)',
    input: cart({ lines: [line({ quantity: 10, tiers, campaignPrice: 999 })] }),
    product: { unit_price: 950, isUnderCampaign: false, price_source: 'tier' },
  },
  {
    name: 'a campaign price below the tier wins (9.00 < 9.50)',
    input: cart({ lines: [line({ quantity: 10, tiers, campaignPrice: 900 })] }),
    product: { unit_price: 900, isUnderCampaign: true, price_source: 'campaign' },
  },
  {
    name: 'a contract price below the discounted price wins (10.00 < 10.81)',
    input: cart({
      customer: company,
      rules: dealerRules,
      lines: [line({ contractPrices: [contract(1000)] })],
    }),
    product: { discounted_price: 1081, contract_price: 1000, unit_price: 1000, price_source: 'contract' },
  },
  {
    name: 'a contract price above the discounted price loses (11.00 > 10.81)',
    input: cart({
      customer: company,
      rules: dealerRules,
      lines: [line({ contractPrices: [contract(1100)] })],
    }),
    product: { contract_price: 1100, unit_price: 1081, price_source: 'discount' },
  },
  {
    name: 'a contract price equal to the discounted price leaves the discount the source',
    input: cart({
      customer: company,
      rules: dealerRules,
      lines: [line({ contractPrices: [contract(1081)] })],
    }),
    product: { unit_price: 1081, price_source: 'discount' },
  },
  {
    name: 'a campaign price below the contract price wins (9.99 < 10.00)',
    input: cart({ lines: [line({ campaignPrice: 999, contractPrices: [contract(1000)] })] }),
    product: { unit_price: 999, isUnderCampaign: true, price_source: 'campaign' },
  },
  {
    name: 'a contract price below the campaign price wins, and the line is not under campaign',
    input: cart({ lines: [line({ campaignPrice: 999, contractPrices: [contract(950)] })] }),
    product: { unit_price: 950, isUnderCampaign: false, campaignPrice: 999, price_source: 'contract' },
  },
  {
    name: 'the discounted tier price beats a higher contract price (7.96 < 8.50)',
    input: cart({
      customer: company,
      rules: dealerRules,
      lines: [line({ quantity: 10, tiers, contractPrices: [contract(850)] })],
    }),
    product: { unit_price: 796, price_source: 'discount' },
  },
  {
    name: 'a contract price beats the tier price (9.00 < 9.50)',
    input: cart({ lines: [line({ quantity: 10, tiers, contractPrices: [contract(900)] })] }),
    product: { tier_price: 950, unit_price: 900, price_source: 'contract' },
  },
  {
    name: 'a contract row from 20 units does not apply to 19 (the 12.00 row does, and loses to 10.81)',
    input: cart({
      customer: company,
      rules: dealerRules,
      lines: [line({ quantity: 19, contractPrices: [contract(1200), contract(900, 20)] })],
    }),
    product: { contract_price: 1200, unit_price: 1081, price_source: 'discount' },
  },
  {
    name: 'a contract row from 20 units applies at 20 (9.00)',
    input: cart({
      customer: company,
      rules: dealerRules,
      lines: [line({ quantity: 20, contractPrices: [contract(1200), contract(900, 20)] })],
    }),
    product: { contract_price: 900, unit_price: 900, price_source: 'contract' },
  },
  {
    name: 'two lists overlapping on the product: the lowest price wins (9.80 < 10.00)',
    input: cart({ lines: [line({ contractPrices: [contract(1000, 1, 1), contract(980, 1, 2)] })] }),
    product: { contract_price: 980, unit_price: 980 },
  },
  {
    name: "overlapping lists: each list's row for the quantity competes (list 1's 9.00 beats list 2's 9.50)",
    input: cart({
      lines: [line({ quantity: 10, contractPrices: [contract(900, 1, 1), contract(950, 10, 2)] })],
    }),
    product: { contract_price: 900, unit_price: 900 },
  },
  {
    name: 'a coupon comes off the contract price (10.00 − 10% = 9.00)',
    input: cart({ coupon: coupon(1000), lines: [line({ contractPrices: [contract(1000)] })] }),
    product: { price_before_coupon: 1000, unit_price: 900, coupon_rate: 1000, price_source: 'contract' },
  },
  {
    name: 'a coupon comes off the tier price (9.50 − 10% = 8.55)',
    input: cart({ coupon: coupon(1000), lines: [line({ quantity: 10, tiers })] }),
    product: { price_before_coupon: 950, unit_price: 855 },
  },
  {
    name: 'a private person pays the contract price with VAT (10.00 → 12.20)',
    input: cart({ customer: person, lines: [line({ contractPrices: [contract(1000)] })] }),
    product: { unit_price: 1000, singlePriceWithVat: 1220 },
  },
];

describe('priceCart: volume tiers and contract prices (DESIGN §6 rule 17)', () => {
  it.each(cases)('$name', ({ input, product }) => {
    const result = priceCart(input);
    expect(result.products[0]).toMatchObject(product);
    expectTotalsAddUp(result);
  });

  it('re-prices when the quantity crosses a tier', () => {
    const at = (quantity: number) => priceCart(cart({ lines: [line({ quantity, tiers })] })).products[0];
    expect([9, 10, 49, 50].map((q) => at(q)?.unit_price)).toEqual([1290, 950, 950, 900]);
  });

  it('never prices a line above its discounted price nor above a contract row that applies', () => {
    for (const price of [1, 99, 1290, 59_900])
      for (const contractPrice of [1, 500, 1290, 70_000])
        for (const quantity of [1, 9, 10, 60])
          for (const minQuantity of [1, 10]) {
            const input = cart({
              customer: company,
              rules: dealerRules,
              lines: [
                line({ price, quantity, tiers, contractPrices: [contract(contractPrice, minQuantity)] }),
              ],
            });
            const p = priceCart(input).products[0]!;
            const base = tierPriceFor(tiers, quantity) ?? price;
            expect(p.unit_price).toBeLessThanOrEqual(applyDiscounts(base, [200, 1000, 500]));
            if (quantity >= minQuantity) expect(p.unit_price).toBeLessThanOrEqual(contractPrice);
          }
  });
});

describe('tierPriceFor and contractPriceFor', () => {
  it('has no tier below the first break, nor with no tiers', () => {
    expect(tierPriceFor(tiers, 1)).toBeNull();
    expect(tierPriceFor([], 100)).toBeNull();
  });

  it('takes the lowest contract price across lists, none when no row reaches the quantity', () => {
    expect(contractPriceFor([contract(900, 5, 1), contract(950, 1, 2)], 4)).toBe(950);
    expect(contractPriceFor([contract(900, 5, 1), contract(950, 1, 2)], 5)).toBe(900);
    expect(contractPriceFor([contract(900, 5)], 4)).toBeNull();
  });
});
