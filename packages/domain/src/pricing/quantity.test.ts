import { describe, expect, it } from 'vitest';
import { priceCart } from './cart-pricing';
import { cart, expectTotalsAddUp, line } from './cart-pricing.fixtures';
import { clampQuantity } from './quantity';

/** DESIGN §6 rule 8: the quantity clamp, alone and inside a priced cart. */

type ClampCase = {
  name: string;
  limits: Parameters<typeof clampQuantity>[1];
  requested: number;
  quantity: number;
};
const limits = { minQuantity: 1, maxQuantity: null, availableQuantity: 100, uncapped: false };
const clampCases: ClampCase[] = [
  { name: 'within bounds stays', limits, requested: 7, quantity: 7 },
  {
    name: 'below min_quantity is raised to it',
    limits: { ...limits, minQuantity: 3 },
    requested: 1,
    quantity: 3,
  },
  {
    name: 'above max_quantity is lowered to it',
    limits: { ...limits, maxQuantity: 10 },
    requested: 50,
    quantity: 10,
  },
  {
    name: 'above available is lowered to it',
    limits: { ...limits, availableQuantity: 4 },
    requested: 9,
    quantity: 4,
  },
  {
    name: 'the lower of max and available wins',
    limits: { ...limits, maxQuantity: 5 },
    requested: 20,
    quantity: 5,
  },
  {
    name: 'pre-order is not capped by stock',
    limits: { ...limits, availableQuantity: 0, uncapped: true },
    requested: 7,
    quantity: 7,
  },
  {
    name: 'pre-order is still capped by max',
    limits: { ...limits, availableQuantity: -3, maxQuantity: 5, uncapped: true },
    requested: 9,
    quantity: 5,
  },
  {
    name: 'no stock and not pre-order: 0',
    limits: { ...limits, availableQuantity: 0 },
    requested: 2,
    quantity: 0,
  },
  {
    name: 'stock below min_quantity: 0',
    limits: { ...limits, minQuantity: 5, availableQuantity: 2 },
    requested: 5,
    quantity: 0,
  },
  {
    name: 'reservations beyond stock (negative available): 0',
    limits: { ...limits, availableQuantity: -2 },
    requested: 1,
    quantity: 0,
  },
];

describe('clampQuantity (SPEC §5, DESIGN §6 rule 8)', () => {
  it.each(clampCases)('$name', ({ limits, requested, quantity }) => {
    expect(clampQuantity(requested, limits)).toBe(quantity);
  });

  it('prices the clamped quantity and reports what was asked', () => {
    const result = priceCart(cart({ lines: [line({ quantity: 9, availableQuantity: 4 })] }));
    expect(result.products[0]).toMatchObject({ quantity: 4, requested_quantity: 9, totalPrice: 5160 });
    expectTotalsAddUp(result);
  });

  it('removes a line out of stock, names it, and leaves it out of the totals', () => {
    const gone = line({ id: 900, sku: 'GONE', title: 'Sold out', availableQuantity: 0 });
    const result = priceCart(cart({ lines: [line(), gone] }));
    expect(result.products).toHaveLength(1);
    expect(result.removed).toEqual([
      { id: 900, isVariant: false, sku: 'GONE', title: 'Sold out', reason: 'out_of_stock' },
    ]);
    expect(result.total).toBe(2416);
    expectTotalsAddUp(result);
  });

  it('shows a pre-order with reservations beyond stock as 0 available, not negative', () => {
    const result = priceCart(
      cart({ lines: [line({ availableQuantity: -3, isPreorder: true, quantity: 2 })] }),
    );
    expect(result.products[0]).toMatchObject({ quantity: 2, available_quantity: 0, is_preorder: true });
  });
});
