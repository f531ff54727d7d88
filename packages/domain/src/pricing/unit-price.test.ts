import { describe, expect, it } from 'vitest';
import { addVat, applyDiscounts, combinedRate, vatOf } from './money';
import { type DiscountRuleInput, type PricingCustomer, priceUnit } from './unit-price';

const MUSIC = 1;
const HIFI = 3;
const dealers = 10;
const company: PricingCustomer = {
  type: 'G',
  discount: 200,
  taxRule: 'standard',
  extraCee: false,
  customerGroupId: dealers,
};
const person: PricingCustomer = {
  type: 'P',
  discount: 0,
  taxRule: 'standard',
  extraCee: false,
  customerGroupId: null,
};
const swiss: PricingCustomer = {
  type: 'G',
  discount: 0,
  taxRule: 'exempt',
  extraCee: true,
  customerGroupId: null,
};
const rule = (r: Partial<DiscountRuleInput>): DiscountRuleInput => ({
  customerGroupId: dealers,
  productCategoryId: MUSIC,
  rate: 1000,
  priority: 1,
  blockOthers: false,
  ...r,
});
const cd = { price: 1290, vatRate: 2200, categoryId: MUSIC };

describe('money helpers', () => {
  it.each([
    [1290, [1000], 1161],
    [1290, [1000, 500], 1103], // 1102.95 rounds half up
    [999, [3333], 666], // 666.0333
    [1, [5000], 1], // 0.5 rounds up
    [1290, [], 1290],
    [0, [1000], 0],
  ])('applyDiscounts(%i, %j) = %i', (cents, rates, expected) => {
    expect(applyDiscounts(cents, rates)).toBe(expected);
  });

  it('compounds 2%, 10% and 5% into 16.21%', () => {
    expect(combinedRate([200, 1000, 500])).toBe(1621);
  });

  it.each([
    [1000, 2200, 1220],
    [1161, 2200, 1416], // 1416.42
    [1025, 2200, 1251], // 1250.5 rounds up
    [1500, 400, 1560],
    [1500, 0, 1500],
  ])('addVat(%i, %i) = %i', (cents, vat, expected) => {
    expect(addVat(cents, vat)).toBe(expected);
    expect(vatOf(cents, vat)).toBe(expected - cents);
  });
});

describe('priceUnit (DESIGN §6 rules 1–3, 5)', () => {
  it('charges a private person the list price with VAT, shown gross', () => {
    expect(priceUnit(cd, person, [], null)).toEqual({
      list_price: 1290,
      tier_price: null,
      discount_rate: 0,
      discounted_price: 1290,
      campaign_price: null,
      is_under_campaign: false,
      contract_price: null,
      price_source: 'list',
      unit_price: 1290,
      vat_rate: 2200,
      unit_price_with_vat: 1574, // 1573.8
      display: 'gross',
    });
  });

  it('compounds the base discount and the group rules by priority, shown net to a company', () => {
    const rules = [rule({ rate: 500, priority: 2 }), rule({ rate: 1000, priority: 1 })];
    const price = priceUnit(cd, company, rules, null);
    expect(price).toMatchObject({
      discounted_price: 1081,
      discount_rate: 1621,
      unit_price: 1081,
      display: 'net',
    });
    expect(price.unit_price_with_vat).toBe(1319); // 1318.82
  });

  it('ignores rules of another group or another category', () => {
    const rules = [rule({ customerGroupId: 99 }), rule({ productCategoryId: HIFI })];
    expect(priceUnit(cd, company, rules, null).discounted_price).toBe(1264); // 2% base only: 1264.2
  });

  it('with a blockOthers rule counts only the blocking rules and skips the base discount', () => {
    const rules = [rule({ rate: 1000, priority: 1 }), rule({ rate: 1200, priority: 2, blockOthers: true })];
    const price = priceUnit(cd, company, rules, null);
    expect(price.discounted_price).toBe(1135); // 1290 × 0.88 = 1135.2
    expect(price.discount_rate).toBe(1200);
  });

  it('compounds several blocking rules among themselves', () => {
    const rules = [
      rule({ rate: 1000, priority: 2, blockOthers: true }),
      rule({ rate: 500, priority: 1, blockOthers: true }),
      rule({ rate: 3000, priority: 3 }),
    ];
    expect(priceUnit(cd, company, rules, null).discounted_price).toBe(1103); // 1290 × .95 × .9 = 1102.95
  });

  it('lets a lower campaign price win, and the discounted price win over a higher campaign price', () => {
    const rules = [rule({ rate: 1000 })];
    expect(priceUnit(cd, company, rules, 990)).toMatchObject({
      campaign_price: 990,
      is_under_campaign: true,
      unit_price: 990,
      unit_price_with_vat: 1208, // 1207.8
    });
    expect(priceUnit(cd, company, rules, 1200)).toMatchObject({ is_under_campaign: false, unit_price: 1138 });
  });

  it('does not put an equal campaign price "under campaign"', () => {
    expect(priceUnit(cd, person, [], 1290).is_under_campaign).toBe(false);
  });

  it('charges no VAT to an exempt customer, shown net', () => {
    expect(priceUnit(cd, swiss, [], null)).toMatchObject({
      vat_rate: 0,
      unit_price_with_vat: 1290,
      display: 'net',
    });
  });

  it('applies books their own VAT rate', () => {
    expect(
      priceUnit({ price: 1800, vatRate: 400, categoryId: 5 }, person, [], null).unit_price_with_vat,
    ).toBe(1872);
  });

  it('prices for staff (no customer) at list price, net', () => {
    expect(priceUnit(cd, null, [rule({})], null)).toMatchObject({
      unit_price: 1290,
      discount_rate: 0,
      display: 'net',
    });
  });

  it('keeps the totals consistent: net + VAT = gross, never below zero', () => {
    for (const price of [1, 99, 1290, 59_900]) {
      for (const rates of [[], [200], [200, 1000, 500], [10_000]]) {
        const p = priceUnit(
          { price, vatRate: 2200, categoryId: MUSIC },
          company,
          rates.map((r, i) => rule({ rate: r, priority: i })),
          null,
        );
        expect(p.unit_price).toBeGreaterThanOrEqual(0);
        expect(p.unit_price).toBeLessThanOrEqual(price);
        expect(p.unit_price_with_vat).toBe(p.unit_price + Math.floor((p.unit_price * 2200 + 5000) / 10_000));
      }
    }
  });
});
