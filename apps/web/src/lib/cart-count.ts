import { useSyncExternalStore } from 'react';

/** SPEC §9: the cart persists locally under a configurable key. */
export const CART_STORAGE_KEY: string = import.meta.env.VITE_CART_STORAGE_KEY || 'shop-cart';

/** Dispatched on window by whoever writes the cart in this tab; other tabs send 'storage' events. */
export const CART_CHANGE_EVENT = 'shop-cart-change';

/** Number of items in a stored cart `{ products: [{ quantity }] }`; anything unreadable counts 0. */
export function countCartItems(raw: string | null): number {
  if (!raw) return 0;
  try {
    const cart: unknown = JSON.parse(raw);
    if (typeof cart !== 'object' || cart === null) return 0;
    const products = (cart as { products?: unknown }).products;
    if (!Array.isArray(products)) return 0;
    let total = 0;
    for (const product of products) {
      const quantity =
        typeof product === 'object' && product !== null ? (product as { quantity?: unknown }).quantity : 0;
      if (typeof quantity === 'number' && Number.isFinite(quantity) && quantity > 0) total += quantity;
    }
    return total;
  } catch {
    return 0;
  }
}

function readCount(): number {
  try {
    return countCartItems(localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return 0;
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CART_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CART_CHANGE_EVENT, onChange);
  };
}

/** The cart's item count for the navbar badge, kept current across tabs. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readCount, () => 0);
}
