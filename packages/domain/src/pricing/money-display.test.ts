import { describe, expect, it } from 'vitest';
import type { Order } from '../schemas/orders';
import { type CartPricingInput, priceCart } from './cart-pricing';
import { BOOKS, cart, company, dealerRules, line, person, rule, swiss } from './cart-pricing.fixtures';
import { combinedRate, rateOff } from './money';
import {
  orderMoney,
  quoteMoney,
  type ShownTotals,
  shownAmount,
  shownDiscountRate,
  shownLineTotal,
  shownMoney,
} from './money-display';

const HOME_VIDEO = 2;

/** Issue 16: the shown figures end at the total to the cent, the coupon line after a subtotal without it. */
function expectShownAddsUp(t: ShownTotals) {
  const beforeTaxes = t.subtotalBeforeCoupon - (t.coupon?.amount ?? 0) + t.shipping + t.paymentFee;
  expect(t.subtotal).toBe(t.subtotalBeforeCoupon - (t.coupon?.amount ?? 0));
  if (t.display === 'gross') expect(beforeTaxes).toBe(t.total);
  else {
    expect(beforeTaxes).toBe(t.totalWithoutTaxes);
    expect(beforeTaxes + t.vat).toBe(t.total);
  }
}

describe('shown amounts (issue 16)', () => {
  it.each([
    [690, 2200, 'gross', 842],
    [500, 2200, 'gross', 610],
    [690, 2200, 'net', 690],
    [1500, 400, 'gross', 1560],
    [1290, 0, 'gross', 1290],
  ] as const)('shownAmount(%i, %i, %s) = %i', (net, vat, display, expected) => {
    expect(shownAmount(net, vat, display)).toBe(expected);
  });

  it.each([
    // 10.01 × 3: 12.21 × 3 = 36.63 is one cent below round(30.03 × 1.22) = 36.64: rule 5 keeps 36.63
    [1001, 3, 2200, 'gross', 3663],
    [1001, 3, 2200, 'net', 3003],
    [1290, 2, 2200, 'gross', 3148],
  ] as const)('shownLineTotal(%i × %i at %i, %s) = %i', (unit, quantity, vat, display, expected) => {
    expect(shownLineTotal(unit, quantity, vat, display)).toBe(expected);
  });

  it.each([
    // 15.90 less 2% then 8% is 14.34: the rules' combined rate is 9.84%, the price shown is 9.81% off
    [1590, 1434, 2200, 'net', 981],
    // with VAT: 19.40 and 17.49, 9.85% off
    [1590, 1434, 2200, 'gross', 985],
    [2990, 2691, 2200, 'net', 1000],
    [null, 1434, 2200, 'net', 0],
    [1290, 1290, 2200, 'gross', 0],
    [1290, 1400, 2200, 'net', 0],
  ] as const)('shownDiscountRate(%s → %i at %i, %s) = %i', (list, price, vat, display, expected) => {
    expect(shownDiscountRate(list, price, vat, display)).toBe(expected);
  });

  it('differs from the rules’ combined rate when rounding to the cent moved the price (defect 10)', () => {
    expect(combinedRate([200, 800])).toBe(984);
    expect(shownDiscountRate(1590, 1434, 2200, 'net')).toBe(rateOff(1590, 1434));
    expect(shownDiscountRate(1590, 1434, 2200, 'net')).toBe(981);
  });
});

const video = (l: Parameters<typeof line>[0] = {}) => line({ categoryId: HOME_VIDEO, price: 1590, ...l });
const videoRules = [rule({ productCategoryId: HOME_VIDEO, rate: 800 })];

describe('quoteMoney: the cart and checkout figures (issue 16)', () => {
  const cases: [string, Partial<CartPricingInput>, Partial<ShownTotals>][] = [
    [
      'a private person by cash on delivery sees every amount with VAT',
      {
        lines: [
          line({ price: 1290 }),
          line({ price: 1500, vatRate: 400, categoryId: BOOKS }),
          video({ quantity: 3 }),
        ],
        paymentMethod: 'cash_on_delivery',
      },
      // 15.74 + 15.60 + round(47.70 × 1.22) = 58.19; shipping 6.90 → 8.42, fee 5.00 → 6.10
      {
        display: 'gross',
        subtotalBeforeCoupon: 1574 + 1560 + 5819,
        coupon: null,
        shipping: 842,
        paymentFee: 610,
      },
    ],
    [
      'a company sees net amounts and the VAT after them',
      {
        customer: company,
        rules: videoRules,
        lines: [video({ quantity: 2 })],
        paymentMethod: 'cash_on_delivery',
      },
      { display: 'net', subtotalBeforeCoupon: 2 * 1434, coupon: null, shipping: 690, paymentFee: 500 },
    ],
    [
      'a company with a 15% coupon: the subtotal without it, then the coupon’s own amount',
      {
        customer: company,
        rules: dealerRules,
        lines: [line({ price: 1290, quantity: 3 }), line({ price: 2490 })],
        coupon: { code: 'DISCHIROSSI15', value: 1500 },
      },
      // 12.90 less 2%, 10%, 5% = 10.81, 24.90 → 20.86; less 15%: 9.19 and 17.73
      {
        display: 'net',
        subtotalBeforeCoupon: 3 * 1081 + 2086,
        coupon: {
          code: 'DISCHIROSSI15',
          kind: 'percent',
          rate: 1500,
          amount: 3 * 1081 + 2086 - (3 * 919 + 1773),
        },
        subtotal: 3 * 919 + 1773,
      },
    ],
    [
      'a private person with a coupon: both subtotals with VAT and rule 5’s correction',
      {
        lines: [line({ price: 1001, quantity: 3 }), line({ price: 1290 })],
        coupon: { code: 'BENVENUTO10', value: 1000 },
      },
      // 10.01 → 36.63 (corrected) and 15.74; less 10%: 9.01 → 10.99 × 3 = 32.97, 11.61 → 14.16
      {
        display: 'gross',
        subtotalBeforeCoupon: 3663 + 1574,
        coupon: { code: 'BENVENUTO10', kind: 'percent', rate: 1000, amount: 3663 + 1574 - (3297 + 1416) },
        subtotal: 3297 + 1416,
      },
    ],
    [
      'a private person with a fixed coupon: its line is what the shares took off, with VAT',
      {
        lines: [line({ price: 1001, quantity: 3 }), line({ price: 1290 })],
        coupon: { code: 'FISSO10', kind: 'fixed', value: 1000 },
      },
      // shares 7.00 and 3.00: 23.03 → 28.10 and 9.90 → 12.08
      {
        display: 'gross',
        subtotalBeforeCoupon: 3663 + 1574,
        coupon: { code: 'FISSO10', kind: 'fixed', rate: 0, amount: 3663 + 1574 - (2810 + 1208) },
        subtotal: 2810 + 1208,
      },
    ],
    [
      'an extra-EU customer sees net amounts at 0% VAT',
      { customer: swiss, destinationCountry: 'CH', lines: [line({ quantity: 2 })] },
      { display: 'net', subtotalBeforeCoupon: 2580, shipping: 1990, vat: 0 },
    ],
  ];

  it.each(cases)('%s', (_, input, expected) => {
    const quote = priceCart(cart(input));
    const { lines, totals } = quoteMoney(quote);
    expect(totals).toMatchObject(expected);
    expect(lines.reduce((sum, l) => sum + l.total, 0)).toBe(totals.subtotalBeforeCoupon);
    // what the quote charges, unchanged: the subtotal after the coupon is the quote's own
    expect(totals.subtotal).toBe(quote.display === 'gross' ? quote.subtotal_with_vat : quote.subtotal);
    expect(totals.total).toBe(quote.total);
    expectShownAddsUp(totals);
  });

  it('shows each line before the coupon, with the discount figure of the price shown', () => {
    const quote = priceCart(
      cart({ customer: company, rules: videoRules, lines: [video()], coupon: { code: 'X', value: 1500 } }),
    );
    expect(quote.products[0]).toMatchObject({ price: 1590, price_before_coupon: 1434, discount_rate: 984 });
    expect(quoteMoney(quote).lines).toEqual([
      { listPrice: 1590, unitPrice: 1434, discountRate: 981, total: 1434 },
    ]);
    const gross = priceCart(cart({ lines: [video()], coupon: { code: 'X', value: 1500 } }));
    expect(quoteMoney(gross).lines).toEqual([
      { listPrice: 1940, unitPrice: 1940, discountRate: 0, total: 1940 },
    ]);
  });

  it('shows the private person’s discount on prices with VAT', () => {
    const quote = priceCart(
      cart({
        customer: { ...person, discount: 200, customerGroupId: 10 },
        rules: videoRules,
        lines: [video()],
      }),
    );
    expect(quoteMoney(quote).lines[0]).toMatchObject({ listPrice: 1940, unitPrice: 1749, discountRate: 985 });
  });
});

describe('shownMoney on an order’s stored figures', () => {
  it('ends at the stored total with VAT-inclusive shipping and fee for a private person', () => {
    const { totals } = shownMoney({
      display: 'gross',
      lines: [{ listPrice: 1590, priceBeforeCoupon: 1590, price: 1590, vatRate: 2200, quantity: 3 }],
      coupon: null,
      shipping: 690,
      shippingWithVat: 842,
      paymentFee: 500,
      paymentFeeWithVat: 610,
      totalWithoutTaxes: 4770 + 690 + 500,
      vat: 1049 + 152 + 110,
      total: 5819 + 842 + 610,
    });
    expect(totals).toMatchObject({ subtotalBeforeCoupon: 5819, shipping: 842, paymentFee: 610, total: 7271 });
    expectShownAddsUp(totals);
  });
});

describe('orderMoney: reading the order’s shown figures', () => {
  const base: Order = {
    id: 1,
    orderNo: '2026-000001',
    erp_order_no: null,
    channel: 'web',
    customer_id: 1,
    billing_company: null,
    date: '2026-03-02T10:00:00Z',
    status: 'registered',
    payment_method: 'cash_on_delivery',
    shipping_method_id: 1,
    shipping_address: {
      company: null,
      firstname: 'A',
      lastname: 'B',
      co: null,
      address: 'Via',
      postcode: '1',
      city: 'C',
      state: null,
      country: 'IT',
      phone: null,
    },
    billing_address: {
      company: null,
      firstname: 'A',
      lastname: 'B',
      co: null,
      address: 'Via',
      postcode: '1',
      city: 'C',
      state: null,
      country: 'IT',
      phone: null,
    },
    shipping_costs: 690,
    payment_fee: 500,
    coupon_code: 'DISCHIROSSI15',
    vat: 1000,
    total: 1000 + 2580 - 387 + 1190,
    total_without_taxes: 2580 - 387 + 1190,
    customer_reference: null,
    customer_reference_date: null,
    erp_order_reason: null,
    paid_at: null,
    rows: [
      {
        id: 1,
        product_id: 1,
        product_sku: 'CD',
        description: 'CD',
        total_ordered_qty: 2,
        quantities: { ordered: 2, shipped: 0, cancelled: 0, residual: 2, ready: 0 },
        discount: 2500,
        price: 1097,
        vat_rate: 2200,
        subtotal: 2194,
        status: 'not_shipped',
        is_preorder: false,
        note: null,
      },
    ],
  };

  it('reads the server’s figures and the coupon line', () => {
    const order: Order = {
      ...base,
      display: 'net',
      coupon_rate: 1500,
      rows: [
        {
          ...base.rows[0]!,
          list_price: 1290,
          price_before_coupon: 1290,
          discount_rate: 0,
          shown_price: 1290,
          shown_total: 2580,
        },
      ],
      shown: { subtotal_before_coupon: 2580, coupon: 387, subtotal: 2193, shipping: 690, payment_fee: 500 },
    };
    const { lines, totals } = orderMoney(order);
    expect(lines).toEqual([{ listPrice: 1290, unitPrice: 1290, discountRate: 0, total: 2580 }]);
    expect(totals.coupon).toEqual({ code: 'DISCHIROSSI15', kind: 'percent', rate: 1500, amount: 387 });
    expectShownAddsUp(totals);
  });

  it('reads an answer without them as net, from the stored figures', () => {
    const { lines, totals } = orderMoney({
      ...base,
      coupon_code: null,
      total_without_taxes: 2194 + 1190,
      total: 2194 + 1190 + 1000,
    });
    expect(lines).toEqual([{ listPrice: null, unitPrice: 1097, discountRate: 2500, total: 2194 }]);
    expect(totals).toMatchObject({ display: 'net', subtotalBeforeCoupon: 2194, coupon: null, shipping: 690 });
    expectShownAddsUp(totals);
  });
});
