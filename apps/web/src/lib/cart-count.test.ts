import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CART_CHANGE_EVENT, CART_STORAGE_KEY, countCartItems, useCartCount } from './cart-count';

describe('countCartItems', () => {
  it('sums the quantities of the stored products', () => {
    expect(countCartItems(JSON.stringify({ products: [{ quantity: 2 }, { quantity: 3 }] }))).toBe(5);
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['no products', JSON.stringify({ address: {} })],
    ['products not a list', JSON.stringify({ products: 4 })],
    ['a JSON scalar', '42'],
  ])('counts 0 for %s', (_, raw) => {
    expect(countCartItems(raw)).toBe(0);
  });

  it('ignores lines without a usable quantity', () => {
    const raw = JSON.stringify({
      products: [{ quantity: 2 }, { quantity: '3' }, {}, null, { quantity: -1 }],
    });
    expect(countCartItems(raw)).toBe(2);
  });
});

describe('useCartCount', () => {
  it('follows the stored cart when it changes', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ products: [{ quantity: 1 }] }));
    const { result } = renderHook(() => useCartCount());
    expect(result.current).toBe(1);
    act(() => {
      localStorage.setItem(
        CART_STORAGE_KEY,
        JSON.stringify({ products: [{ quantity: 1 }, { quantity: 4 }] }),
      );
      window.dispatchEvent(new Event(CART_CHANGE_EVENT));
    });
    expect(result.current).toBe(5);
  });
});
