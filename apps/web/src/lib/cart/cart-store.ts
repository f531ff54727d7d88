import type { CurrentUser } from '@shop/domain';
import { useSyncExternalStore } from 'react';
import type { QuantityLimits } from '../availability';
import { CURRENT_USER_QUERY_KEY, queryClient } from '../query-client';
import {
  addLine,
  type CartCustomer,
  countItems,
  EMPTY_CART,
  mergeCarts,
  removeLine,
  restoreLine,
  type StoredCart,
  type StoredCartLine,
  setLineQuantity,
} from './cart-lines';

/**
 * The carts in localStorage (SPEC §4, §9): one per user id under `<prefix>:user:<id>` and a guest cart
 * under `<prefix>:guest`; the prefix is configurable (VITE_CART_STORAGE_KEY). The cart in use is the
 * signed-in user's (an administrator's is the back-office cart), else the guest's.
 */
export const CART_STORAGE_PREFIX: string = import.meta.env.VITE_CART_STORAGE_KEY || 'shop-cart';

/** Dispatched on window when this tab writes a cart; other tabs get 'storage' events. */
export const CART_CHANGE_EVENT = 'shop-cart-change';

export function cartStorageKey(userId: number | null): string {
  return userId === null ? `${CART_STORAGE_PREFIX}:guest` : `${CART_STORAGE_PREFIX}:user:${userId}`;
}

function signedInUserId(): number | null {
  return queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY)?.id ?? null;
}

function isLine(value: unknown): value is StoredCartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<StoredCartLine>;
  return (
    Number.isInteger(line.id) &&
    typeof line.isVariant === 'boolean' &&
    Number.isInteger(line.quantity) &&
    (line.quantity ?? 0) > 0
  );
}

/** A stored cart as written; anything unreadable counts as empty, unreadable lines are dropped. */
export function parseCart(raw: string | null): StoredCart {
  if (!raw) return EMPTY_CART;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return EMPTY_CART;
    const { products, customer } = parsed as { products?: unknown; customer?: CartCustomer | null };
    const lines = Array.isArray(products) ? products.filter(isLine) : [];
    const chosen = customer && Number.isInteger(customer.id) ? customer : null;
    return chosen ? { products: lines, customer: chosen } : { products: lines };
  } catch {
    return EMPTY_CART;
  }
}

function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, cart: StoredCart): void {
  try {
    if (cart.products.length === 0 && !cart.customer) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(cart));
  } catch {
    // storage unavailable (private mode, quota): the cart lasts for this page only
  }
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
}

export function readCart(userId: number | null = signedInUserId()): StoredCart {
  return parseCart(readRaw(cartStorageKey(userId)));
}

/** Applies `change` to the cart in use and stores it when it changed. */
export function updateCart(change: (cart: StoredCart) => StoredCart): StoredCart {
  const key = cartStorageKey(signedInUserId());
  const before = parseCart(readRaw(key));
  const after = change(before);
  if (JSON.stringify(after) !== JSON.stringify(before)) write(key, after);
  return after;
}

/** Adds units of a product or variant (SPEC §4), clamped to `limits` when known; returns the line. */
export function addToCart(line: StoredCartLine, limits?: QuantityLimits | null): StoredCartLine {
  let stored = line;
  updateCart((cart) => {
    const result = addLine(cart, line, limits);
    stored = result.line;
    return result.cart;
  });
  return stored;
}

export function addManyToCart(lines: StoredCartLine[]): void {
  updateCart((cart) => lines.reduce((next, line) => addLine(next, line).cart, cart));
}

export function setCartQuantity(key: string, quantity: number, limits?: QuantityLimits | null): void {
  updateCart((cart) => setLineQuantity(cart, key, quantity, limits));
}

export function removeFromCart(key: string): void {
  updateCart((cart) => removeLine(cart, key));
}

export function restoreToCart(line: StoredCartLine, index: number): void {
  updateCart((cart) => restoreLine(cart, line, index));
}

/** The back-office cart's customer (an administrator's cart only). */
export function setCartCustomer(customer: CartCustomer | null): void {
  updateCart((cart) => ({ ...cart, customer }));
}

/** SPEC §4: emptied once after an order is placed (the customer choice goes with it). */
export function resetCart(): void {
  updateCart(() => EMPTY_CART);
}

/**
 * SPEC §4 at sign-in: the guest cart's lines go into the user's cart (created if absent), same lines
 * raising the quantity, and the guest cart is emptied.
 */
export function mergeGuestCart(userId: number): void {
  const guestKey = cartStorageKey(null);
  const guest = parseCart(readRaw(guestKey));
  if (guest.products.length === 0) return;
  const userKey = cartStorageKey(userId);
  write(userKey, mergeCarts(parseCart(readRaw(userKey)), guest));
  write(guestKey, EMPTY_CART);
}

/** Replaces a stored cart as a whole (the server's copy arriving, cart-sync.ts). */
export function replaceStoredCart(userId: number | null, cart: StoredCart): void {
  const key = cartStorageKey(userId);
  if (JSON.stringify(parseCart(readRaw(key))) !== JSON.stringify(cart)) write(key, cart);
}

// Whoever signs in — through the form, another tab or a reload — gets the guest cart: the merge follows
// the current-user query rather than one sign-in path. A customer's cart lives on the server (issue 22):
// the sync, loaded only then, merges there; staff keep the back-office cart in this browser.
let syncLoaded = false;
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0]) return;
  const user = event.query.state.data as CurrentUser | null | undefined;
  if (user === undefined) return;
  if (user && !user.is_super_admin && user.customer) {
    syncLoaded = true;
    void import('./cart-sync').then((sync) => sync.startCartSync(user.id));
    return;
  }
  if (user) mergeGuestCart(user.id);
  if (syncLoaded) void import('./cart-sync').then((sync) => sync.stopCartSync());
});

/** Before signing out: a change still waiting for the debounce is written while the session lasts. */
export async function flushCartSync(): Promise<void> {
  if (syncLoaded) await (await import('./cart-sync')).flushCartSync();
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(CART_STORAGE_PREFIX)) onChange();
  };
  const unsubscribeUser = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === CURRENT_USER_QUERY_KEY[0]) onChange();
  });
  window.addEventListener('storage', onStorage);
  window.addEventListener(CART_CHANGE_EVENT, onChange);
  return () => {
    unsubscribeUser();
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CART_CHANGE_EVENT, onChange);
  };
}

let snapshot: { key: string; raw: string | null; cart: StoredCart } | undefined;

function currentSnapshot(): StoredCart {
  const key = cartStorageKey(signedInUserId());
  const raw = readRaw(key);
  if (!snapshot || snapshot.key !== key || snapshot.raw !== raw)
    snapshot = { key, raw, cart: parseCart(raw) };
  return snapshot.cart;
}

/** The cart in use, kept current across tabs and sign-ins. */
export function useCart(): StoredCart {
  return useSyncExternalStore(subscribe, currentSnapshot, () => EMPTY_CART);
}

/** The navbar badge: the number of items in the cart in use. */
export function useCartCount(): number {
  return countItems(useCart());
}
