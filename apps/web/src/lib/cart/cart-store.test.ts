import { act, renderHook } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, customerUser } from '../../test/fixtures';
import { CURRENT_USER_QUERY_KEY, queryClient } from '../query-client';
import {
  addToCart,
  CART_STORAGE_PREFIX,
  cartStorageKey,
  readCart,
  resetCart,
  setCartCustomer,
  useCart,
  useCartCount,
} from './cart-store';

// The server copy is cart-sync.test.ts's subject; here the store alone, without the sync it loads
// for a signed-in customer (whose import would otherwise outlive the test environment).
vi.mock('./cart-sync', () => ({
  startCartSync: vi.fn(async () => {}),
  stopCartSync: vi.fn(),
  flushCartSync: vi.fn(async () => {}),
}));

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null');
const cd = { id: 1, isVariant: false, quantity: 2, sku: 'MU000001', title: 'Canzoni del mare' };
const lp = { id: 2, isVariant: false, quantity: 1, sku: 'MU000002', title: 'Notti di vinile' };

function signIn(user: typeof customerUser | null) {
  act(() => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user));
}

beforeEach(() => {
  queryClient.clear();
});

// The store loads the sync lazily at a customer's sign-in: let that import settle before teardown.
afterAll(() => vi.dynamicImportSettled());

describe('cart store (SPEC §4, §9)', () => {
  it('keeps one cart per user id and a separate guest cart under the configured prefix', () => {
    expect(CART_STORAGE_PREFIX).toBe('shop-cart');
    expect(cartStorageKey(null)).toBe('shop-cart:guest');
    expect(cartStorageKey(12)).toBe('shop-cart:user:12');

    addToCart(cd);
    signIn(adminUser);
    addToCart(lp);
    signIn({ ...adminUser, id: 3 });
    expect(readCart().products).toEqual([]);
    expect(stored('shop-cart:user:1').products).toEqual([cd, lp]);
  });

  it('merges the guest cart into a staff member’s (back-office) cart at sign-in and empties it', () => {
    localStorage.setItem(cartStorageKey(1), JSON.stringify({ products: [{ ...cd, quantity: 1 }] }));
    addToCart(cd);
    addToCart(lp);
    signIn(adminUser);
    expect(stored('shop-cart:user:1')).toEqual({ products: [{ ...cd, quantity: 3 }, lp] });
    expect(localStorage.getItem('shop-cart:guest')).toBeNull();
  });

  it('creates the staff member’s cart from the guest cart when he had none', () => {
    addToCart(lp);
    signIn(adminUser);
    expect(stored('shop-cart:user:1')).toEqual({ products: [lp] });
  });

  it('clamps an addition to the limits given', () => {
    signIn(customerUser);
    addToCart({ ...cd, quantity: 8 }, { min: 1, max: 10 });
    expect(addToCart({ ...cd, quantity: 8 }, { min: 1, max: 10 }).quantity).toBe(10);
  });

  it('resets once after an order: no lines and no back-office customer left', () => {
    signIn(customerUser);
    addToCart(cd);
    setCartCustomer({ id: 40, name: 'Swiss Sounds AG' });
    resetCart();
    expect(readCart()).toEqual({ products: [] });
    expect(localStorage.getItem('shop-cart:user:2')).toBeNull();
  });

  it('counts items for the badge and follows another tab’s changes', () => {
    signIn(customerUser);
    const { result } = renderHook(() => useCartCount());
    act(() => {
      addToCart(cd);
    });
    expect(result.current).toBe(2);
    act(() => {
      // another tab wrote the cart: only the storage event tells this one
      localStorage.setItem('shop-cart:user:2', JSON.stringify({ products: [cd, { ...lp, quantity: 4 }] }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'shop-cart:user:2' }));
    });
    expect(result.current).toBe(6);
  });

  it('shows the new user’s cart when the signed-in user changes', () => {
    localStorage.setItem(cartStorageKey(2), JSON.stringify({ products: [cd] }));
    const { result } = renderHook(() => useCart());
    expect(result.current.products).toEqual([]);
    signIn(customerUser);
    expect(result.current.products).toEqual([cd]);
    signIn(null);
    expect(result.current.products).toEqual([]);
  });

  it('drops unreadable lines and starts afresh from an unreadable cart', () => {
    localStorage.setItem(
      'shop-cart:guest',
      JSON.stringify({ products: [cd, { id: 'x' }, { ...lp, quantity: -1 }] }),
    );
    expect(readCart(null).products).toEqual([cd]);
    localStorage.setItem('shop-cart:guest', '{oops');
    expect(readCart(null)).toEqual({ products: [] });
  });
});
