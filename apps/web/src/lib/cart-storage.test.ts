import { describe, expect, it, vi } from 'vitest';
import { CART_CHANGE_EVENT, CART_STORAGE_KEY, countCartItems } from './cart-count';
import { addToCart, readCart } from './cart-storage';

const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');

describe('cart storage (SPEC §4 cart, §5 clamp)', () => {
  it('adds a line to an empty cart under the shop-cart key and tells the navbar', () => {
    const changed = vi.fn();
    window.addEventListener(CART_CHANGE_EVENT, changed);
    addToCart({ id: 7, sku: 'MU000007', isVariant: false, quantity: 2 });
    window.removeEventListener(CART_CHANGE_EVENT, changed);
    expect(CART_STORAGE_KEY).toBe('shop-cart');
    expect(stored()).toEqual({ products: [{ id: 7, sku: 'MU000007', isVariant: false, quantity: 2 }] });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(countCartItems(localStorage.getItem(CART_STORAGE_KEY))).toBe(2);
  });

  it('raises the quantity of the same product instead of adding a line', () => {
    addToCart({ id: 7, sku: 'MU000007', isVariant: false, quantity: 2 });
    const line = addToCart({ id: 7, sku: 'MU000007', isVariant: false, quantity: 3 });
    expect(line.quantity).toBe(5);
    expect(readCart().products).toEqual([{ id: 7, sku: 'MU000007', isVariant: false, quantity: 5 }]);
  });

  it('keeps a variant and a product with the same id on separate lines', () => {
    addToCart({ id: 7, sku: 'MU000007', isVariant: false, quantity: 1 });
    addToCart({ id: 7, sku: 'ME000007-M', isVariant: true, quantity: 1 });
    expect(readCart().products).toHaveLength(2);
  });

  it('clamps the merged quantity to the maximum', () => {
    addToCart({ id: 9, sku: 'ME000009-L', isVariant: true, quantity: 8 }, { max: 10 });
    const line = addToCart({ id: 9, sku: 'ME000009-L', isVariant: true, quantity: 8 }, { max: 10 });
    expect(line.quantity).toBe(10);
    expect(readCart().products[0]?.quantity).toBe(10);
  });

  it('adds whole units, at least one', () => {
    expect(addToCart({ id: 1, sku: 'A', isVariant: false, quantity: 0 }).quantity).toBe(1);
    expect(addToCart({ id: 2, sku: 'B', isVariant: false, quantity: 2.9 }).quantity).toBe(2);
  });

  it('keeps the other lines and the cart’s other fields', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        products: [{ id: 1, sku: 'A', isVariant: false, quantity: 1, note: 'gift' }],
        payment_method: 'card',
      }),
    );
    addToCart({ id: 2, sku: 'B', isVariant: false, quantity: 1 });
    expect(stored()).toEqual({
      products: [
        { id: 1, sku: 'A', isVariant: false, quantity: 1, note: 'gift' },
        { id: 2, sku: 'B', isVariant: false, quantity: 1 },
      ],
      payment_method: 'card',
    });
  });

  it('starts again from an empty cart when the stored one is unreadable', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(readCart()).toEqual({ products: [] });
    addToCart({ id: 3, sku: 'C', isVariant: false, quantity: 1 });
    expect(stored().products).toHaveLength(1);
  });
});
