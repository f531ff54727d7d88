import { describe, expect, it } from 'vitest';
import { type CartPricingInput, type PricedCart, priceCart } from './cart-pricing';
import { cart, expectTotalsAddUp, international, line, national, swiss } from './cart-pricing.fixtures';

/** DESIGN §6 rules 6–7: shipping and its free threshold, cash on delivery. */

type Case = { name: string; input: CartPricingInput; expected: Partial<PricedCart> };

/** A private person's line of `net` cents at 22% VAT (12295 → exactly 150.00 with VAT). */
const grossLine = (net: number, quantity = 1) => line({ price: net, quantity });

const cases: Case[] = [
  {
    name: 'national shipping below the threshold: the method price 6.90 + VAT = 8.42',
    input: cart(),
    expected: {
      shipping: {
        methodId: 1,
        slug: 'national',
        price: 690,
        priceWithVAT: 842,
        free_shipping: 15000,
        is_free: false,
      },
    },
  },
  {
    name: 'threshold exactly equal: 150.00 with VAT ships free',
    input: cart({ lines: [grossLine(12295)] }),
    expected: {
      subtotal_with_vat: 15000,
      shipping: {
        methodId: 1,
        slug: 'national',
        price: 0,
        priceWithVAT: 0,
        free_shipping: 15000,
        is_free: true,
      },
    },
  },
  {
    name: 'one cent below the threshold (149.99) pays shipping',
    input: cart({ lines: [grossLine(12294)] }),
    expected: {
      subtotal_with_vat: 14999,
      shipping: {
        methodId: 1,
        slug: 'national',
        price: 690,
        priceWithVAT: 842,
        free_shipping: 15000,
        is_free: false,
      },
    },
  },
  {
    name: 'the threshold is compared with VAT: net 122.95 is free for a company too',
    input: cart({ customer: { ...swiss, taxRule: 'standard', extraCee: false }, lines: [grossLine(12295)] }),
    expected: {
      subtotal: 12295,
      subtotal_with_vat: 15000,
      shipping: expect.objectContaining({ price: 0, is_free: true }),
    },
  },
  {
    name: 'abroad: the international method, 19.90 + VAT, threshold 300.00',
    input: cart({ destinationCountry: 'DE', lines: [grossLine(12295)] }),
    expected: {
      shipping: {
        methodId: 2,
        slug: 'international',
        price: 1990,
        priceWithVAT: 2428,
        free_shipping: 30000,
        is_free: false,
      },
    },
  },
  {
    name: 'abroad at exactly the international threshold ships free',
    input: cart({ destinationCountry: 'DE', lines: [grossLine(12295, 2)] }),
    expected: {
      subtotal_with_vat: 30000,
      shipping: expect.objectContaining({ methodId: 2, price: 0, is_free: true }),
    },
  },
  {
    name: 'a method without a free-shipping threshold is always charged: 244.00 pays 6.90 + VAT',
    input: cart({ shippingMethods: [{ ...national, freeShipping: null }], lines: [grossLine(20000)] }),
    expected: {
      subtotal_with_vat: 24400,
      shipping: {
        methodId: 1,
        slug: 'national',
        price: 690,
        priceWithVAT: 842,
        free_shipping: null,
        is_free: false,
      },
    },
  },
  {
    name: 'no shipping method: threshold 150.00, no method price, VAT at the standard rate',
    input: cart({ shippingMethods: [], lines: [line({ shippingPrice: 500 })] }),
    expected: {
      shipping: {
        methodId: null,
        slug: null,
        price: 500,
        priceWithVAT: 610,
        free_shipping: 15000,
        is_free: false,
      },
    },
  },
  {
    name: 'no shipping method and no product shipping price: shipping 0',
    input: cart({ shippingMethods: [] }),
    expected: { shipping: expect.objectContaining({ methodId: null, price: 0, is_free: false }) },
  },
  {
    name: 'no shipping method at or above 150.00: free',
    input: cart({ shippingMethods: [], lines: [grossLine(12295)] }),
    expected: { shipping: expect.objectContaining({ price: 0, is_free: true }) },
  },
  {
    name: 'the highest product shipping price replaces the method price (3.00 and 8.00 → 8.00)',
    input: cart({ lines: [line({ shippingPrice: 300 }), line({ shippingPrice: 800 }), line()] }),
    expected: { shipping: expect.objectContaining({ price: 800, priceWithVAT: 976 }) },
  },
  {
    name: 'a product shipping price below the method price still applies (3.00)',
    input: cart({ lines: [line({ shippingPrice: 300 })] }),
    expected: { shipping: expect.objectContaining({ price: 300, priceWithVAT: 366 }) },
  },
  {
    name: 'free shipping beats product shipping prices',
    input: cart({ lines: [line({ price: 12295, shippingPrice: 800 })] }),
    expected: { shipping: expect.objectContaining({ price: 0, is_free: true }) },
  },
  {
    name: 'shipping VAT comes from the method (10% here)',
    input: cart({ shippingMethods: [{ ...national, vatRate: 1000 }] }),
    expected: { shipping: expect.objectContaining({ price: 690, priceWithVAT: 759 }) },
  },
  {
    name: 'an exempt customer pays shipping without VAT',
    input: cart({ customer: swiss, destinationCountry: 'CH' }),
    expected: {
      shipping: expect.objectContaining({ methodId: 2, price: 1990, priceWithVAT: 1990 }),
      vat: 0,
      total: 3280,
    },
  },
  {
    name: 'an empty cart costs nothing, shipping included',
    input: cart({ lines: [], paymentMethod: 'cash_on_delivery' }),
    expected: {
      products: [],
      subtotal: 0,
      payment_fee: 0,
      total: 0,
      shipping: expect.objectContaining({ price: 0, is_free: false }),
    },
  },
  {
    name: 'cash on delivery adds the 5.00 fee + VAT (6.10)',
    input: cart({ paymentMethod: 'cash_on_delivery' }),
    expected: {
      payment_method: 'cash_on_delivery',
      payment_fee: 500,
      payment_fee_with_vat: 610,
      total: 2416 + 610,
    },
  },
  {
    name: 'cash on delivery fee without VAT for an exempt customer',
    input: cart({ customer: swiss, destinationCountry: 'CH', paymentMethod: 'cash_on_delivery' }),
    expected: { payment_fee: 500, payment_fee_with_vat: 500, vat: 0, total: 3780 },
  },
  {
    name: 'cash on delivery fee is charged even when shipping is free',
    input: cart({ lines: [grossLine(12295)], paymentMethod: 'cash_on_delivery' }),
    expected: { payment_fee: 500, total: 15610, shipping: expect.objectContaining({ price: 0 }) },
  },
  {
    name: "the shop's own fee setting (3.50 + VAT = 4.27)",
    input: cart({ paymentMethod: 'cash_on_delivery', codFee: 350 }),
    expected: { payment_fee: 350, payment_fee_with_vat: 427 },
  },
  {
    name: 'card payments have no fee',
    input: cart({ paymentMethod: 'card' }),
    expected: { payment_method: 'card', payment_fee: 0, payment_fee_with_vat: 0, total: 2416 },
  },
];

describe('priceCart: shipping and payment fee (DESIGN §6 rules 6–7)', () => {
  it.each(cases)('$name', ({ input, expected }) => {
    const result = priceCart(input);
    expect(result).toMatchObject(expected);
    expectTotalsAddUp(result);
  });

  it('uses the national method for the shop country, international elsewhere', () => {
    expect(priceCart(cart({ shippingMethods: [international, national] })).shipping.methodId).toBe(1);
  });
});
