import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CartProduct } from '../schemas/cart';
import { type CartPricingInput, type PricedCart, priceCart, priceOrderRows } from './cart-pricing';
import { cart, expectTotalsAddUp, line, person, plainCompany } from './cart-pricing.fixtures';
import { couponShareOf, spreadAmount } from './coupon-spread';

/**
 * DESIGN §6 rule 17: a fixed-amount coupon spread over the lines by their net, largest remainder to the
 * cent, each line's VAT on its net less its share; capped at the lines' net; never on shipping or fee.
 */

const fixed = (value: number) => ({ code: 'FISSO', kind: 'fixed' as const, value });

type Case = {
  name: string;
  input: CartPricingInput;
  products: Partial<CartProduct>[];
  totals: Partial<PricedCart>;
};

const cases: Case[] = [
  {
    name: '10.00 over two lines of different VAT: 5.63 and 4.37 (the larger remainder takes the cent)',
    input: cart({
      customer: plainCompany,
      coupon: fixed(1000),
      lines: [line({ price: 1290, quantity: 2 }), line({ price: 2000, vatRate: 400 })],
    }),
    products: [
      { unit_price: 1290, coupon_share: 563, totalPrice: 2017, roundedTotalPriceWithVat: 2461, vat: 444 },
      { unit_price: 2000, coupon_share: 437, totalPrice: 1563, roundedTotalPriceWithVat: 1626, vat: 63 },
    ],
    totals: { coupon_amount: 1000, subtotal: 3580, subtotal_with_vat: 4087, total: 4087 + 842 },
  },
  {
    name: '10.00 over three equal lines: 3.34, 3.33, 3.33 (a tie goes to the earlier line)',
    input: cart({ coupon: fixed(1000), lines: [line(), line(), line()] }),
    products: [
      { coupon_share: 334, totalPrice: 956, roundedTotalPriceWithVat: 1166 },
      { coupon_share: 333, totalPrice: 957, roundedTotalPriceWithVat: 1168 },
      { coupon_share: 333, totalPrice: 957, roundedTotalPriceWithVat: 1168 },
    ],
    totals: { coupon_amount: 1000, subtotal: 2870, subtotal_with_vat: 3502 },
  },
  {
    name: 'no rule 5 correction on a line with a share: 2 × 10.02 less 1.00 → 19.04 + 22% = 23.23',
    input: cart({ coupon: fixed(100), lines: [line({ price: 1002, quantity: 2 })] }),
    products: [
      { singlePriceWithVat: 1222, coupon_share: 100, totalPrice: 1904, roundedTotalPriceWithVat: 2323 },
    ],
    totals: { coupon_amount: 100 },
  },
  {
    name: 'larger than the order: it takes the lines’ whole net, the customer pays shipping only',
    input: cart({ coupon: fixed(5000), lines: [line({ quantity: 2 })] }),
    products: [{ coupon_share: 2580, totalPrice: 0, roundedTotalPriceWithVat: 0, vat: 0 }],
    totals: { coupon_amount: 2580, subtotal: 0, subtotal_with_vat: 0, vat: 152, total: 842 },
  },
  {
    name: 'after a volume tier and a contract price: spread over the nets they make (95.00 and 10.00)',
    input: cart({
      customer: plainCompany,
      coupon: fixed(1050),
      lines: [
        line({ quantity: 10, tiers: [{ minQuantity: 10, price: 950 }] }),
        line({ contractPrices: [{ priceListId: 1, minQuantity: 1, price: 1000 }] }),
      ],
    }),
    products: [
      {
        tier_price: 950,
        unit_price: 950,
        coupon_share: 950,
        totalPrice: 8550,
        roundedTotalPriceWithVat: 10431,
      },
      {
        contract_price: 1000,
        unit_price: 1000,
        coupon_share: 100,
        totalPrice: 900,
        roundedTotalPriceWithVat: 1098,
      },
    ],
    totals: { coupon_amount: 1050, subtotal: 9450, subtotal_with_vat: 11529, total: 11529 + 842 },
  },
  {
    name: 'never on shipping nor on the cash-on-delivery fee: 5.00 + 5.00, both with VAT',
    input: cart({
      coupon: fixed(9999),
      paymentMethod: 'cash_on_delivery',
      lines: [line({ shippingPrice: 500 })],
    }),
    products: [{ coupon_share: 1290, totalPrice: 0 }],
    totals: { coupon_amount: 1290, subtotal: 0, payment_fee_with_vat: 610, total: 610 + 610 },
  },
  {
    name: 'a percent coupon named as such is rule 4’s, off the unit price, with no share',
    input: cart({ coupon: { code: 'P', kind: 'percent', value: 1000 }, lines: [line()] }),
    products: [{ coupon_rate: 1000, unit_price: 1161, coupon_share: 0 }],
    totals: { coupon_amount: null },
  },
];

describe('a fixed-amount coupon (DESIGN §6 rule 17)', () => {
  it.each(cases)('$name', ({ input, products, totals }) => {
    const priced = priceCart(input);
    expect(priced.products).toHaveLength(products.length);
    products.forEach((p, i) => {
      expect(priced.products[i]).toMatchObject(p);
    });
    expect(priced).toMatchObject(totals);
    expectTotalsAddUp(priced);
  });

  it('re-spreads over the rows’ current nets when an order’s quantities change (rule 16)', () => {
    const terms = cart({ customer: plainCompany });
    const rows = [
      { price: 1290, vatRate: 2200, quantity: 2, shippingPrice: null },
      { price: 2000, vatRate: 400, quantity: 0, shippingPrice: null },
    ];
    const charges = priceOrderRows(terms, rows, 1000);
    expect(charges.couponShares).toEqual([1000, 0]);
    expect(charges.subtotal).toBe(1580);
    expect(charges.subtotal_with_vat).toBe(1928);
  });

  it('keeps the share a row invoiced in full carried, spreading the rest over the others', () => {
    const terms = cart({ customer: plainCompany });
    const rows = [
      { price: 1290, vatRate: 2200, quantity: 1, shippingPrice: null, invoicedShare: 563 },
      { price: 2000, vatRate: 400, quantity: 1, shippingPrice: null },
      { price: 1000, vatRate: 400, quantity: 1, shippingPrice: null },
    ];
    // 4.37 left for 20.00 and 10.00: 2.91 and 1.46 (the larger remainder .33 vs .67: the second)
    expect(priceOrderRows(terms, rows, 1000).couponShares).toEqual([563, 291, 146]);
  });
});

describe('spreadAmount', () => {
  it.each([
    [1000, [2580, 2000], [563, 437]],
    [1000, [1290, 1290, 1290], [334, 333, 333]],
    [2, [1, 1, 1], [1, 1, 0]],
    [5000, [2580], [2580]],
    [100, [0, 0], [0, 0]],
    [0, [500], [0]],
  ])('%i over %j → %j', (amount, weights, shares) => {
    expect(spreadAmount(amount, weights)).toEqual(shares);
  });

  it('an invoice of part of a row carries its share pro rata, the last units what remains', () => {
    expect([0, 1, 2, 3].map((units) => couponShareOf(100, 3, units))).toEqual([0, 33, 66, 100]);
  });
});

const lineArb = fc.record({
  price: fc.integer({ min: 1, max: 100_000 }),
  quantity: fc.integer({ min: 1, max: 40 }),
  vatRate: fc.constantFrom(0, 400, 1000, 2200),
});

describe('a fixed coupon, for random carts (property)', () => {
  it('never makes a line negative and its shares sum to min(coupon, Σ nets) to the cent', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.constantFrom(person, plainCompany),
        (specs, amount, customer) => {
          const input = cart({ customer, coupon: fixed(amount), lines: specs.map((s) => line(s)) });
          const priced = priceCart(input);
          const nets = priced.products.map((p) => p.unit_price * p.quantity);
          const shares = priced.products.map((p) => p.coupon_share);
          const sum = shares.reduce((s, x) => s + x, 0);
          expect(sum).toBe(
            Math.min(
              amount,
              nets.reduce((s, x) => s + x, 0),
            ),
          );
          expect(priced.coupon_amount).toBe(sum);
          for (const p of priced.products) {
            expect(p.totalPrice).toBeGreaterThanOrEqual(0);
            expect(p.vat).toBeGreaterThanOrEqual(0);
          }
          expectTotalsAddUp(priced);
          // The order written from it, charged again unchanged, is the quote to the cent (rule 16).
          const again = priceOrderRows(
            input,
            priced.products.map((p) => ({
              price: p.unit_price,
              vatRate: p.vatRate,
              quantity: p.quantity,
              shippingPrice: null,
            })),
            sum,
          );
          expect(again.couponShares).toEqual(shares);
          expect(again.total).toBe(priced.total);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
