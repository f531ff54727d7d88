import { notifications } from '@mantine/notifications';
import type { CurrentUser, PutCart, ServerCart } from '@shop/domain';
import { translateMessage } from '../../i18n/translate-message';
import { ApiError, api } from '../api-client';
import { CURRENT_USER_QUERY_KEY, queryClient } from '../query-client';
import { cartLineInputs, EMPTY_CART, type StoredCart } from './cart-lines';
import {
  CART_CHANGE_EVENT,
  cartStorageKey,
  mergeGuestCart,
  parseCart,
  readCart,
  replaceStoredCart,
} from './cart-store';

/**
 * The signed-in customer's cart follows him across browsers (issue 22 point 3): the server holds it
 * (GET/PUT /api/cart), localStorage keeps this browser's copy so the page answers at once. Loaded
 * lazily by cart-store.ts the first time a customer is signed in: guests and staff (the back-office
 * cart) never download it.
 *
 * - Start (sign-in, reload): the guest cart is merged into the server's (same lines raising the
 *   quantity, SPEC §4) and emptied; the server's answer becomes this browser's copy. The first time a
 *   browser syncs a user, its own older copy of his cart is merged too, so nothing is lost.
 * - Every change in this tab is written to the server, debounced (optimistic: the page already shows it).
 * - Coming back to the tab reads the server's cart, so a change made on the phone shows on the desktop.
 */

export const SYNC_DEBOUNCE_MS = 400;

/**
 * A cart the server refuses (422: over MAX_CART_LINES lines) is said, once per refusal, with the
 * server's message: this browser keeps the lines, the buyer decides which to remove.
 */
function sayRefused(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  notifications.show({
    id: 'cart-sync-refused',
    color: 'yellow',
    autoClose: false,
    message: translateMessage(error.message),
  });
  return true;
}

const syncedKey = (userId: number) => `${cartStorageKey(userId)}:synced`;

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

function toStored(cart: ServerCart): StoredCart {
  return {
    products: cart.products.map(({ id, isVariant, quantity, note, sku, title }) => ({
      id,
      isVariant,
      quantity,
      ...(note ? { note } : {}),
      sku,
      title,
    })),
  };
}

function signedInCustomerId(): number | null {
  const user = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY);
  return user && !user.is_super_admin && user.customer ? user.id : null;
}

type Sync = { userId: number; stop: () => void; flush: () => Promise<void> };
let current: Sync | null = null;

/** Starts syncing `userId`'s cart (once; another user's sync stops first). */
export function startCartSync(userId: number): Promise<void> {
  if (current?.userId === userId) return Promise.resolve();
  current?.stop();
  let applying = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  let stopped = false;
  let ready = false;

  const active = () => !stopped && signedInCustomerId() === userId;
  const apply = (cart: ServerCart) => {
    if (!active()) return;
    applying = true;
    try {
      replaceStoredCart(userId, toStored(cart));
    } finally {
      applying = false;
    }
  };
  const push = async () => {
    timer = undefined;
    if (!active()) return;
    pending = false;
    const body: PutCart = { products: cartLineInputs(readCart(userId)) };
    await api.put<ServerCart>('/api/cart', body, { silent: true }).catch((error: unknown) => {
      // offline or refused: this browser keeps its copy, the next change or start writes it again
      sayRefused(error);
    });
  };
  const onChange = () => {
    if (applying || !ready || !active()) return;
    pending = true;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void push(), SYNC_DEBOUNCE_MS);
  };
  const flush = async () => {
    if (timer) clearTimeout(timer);
    if (pending) await push();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      void flush();
      return;
    }
    if (pending || !active()) return;
    void api
      .get<ServerCart>('/api/cart', { silent: true })
      .then((cart) => {
        if (!pending) apply(cart);
      })
      .catch(() => {});
  };

  window.addEventListener(CART_CHANGE_EVENT, onChange);
  document.addEventListener('visibilitychange', onVisibility);
  const sync: Sync = {
    userId,
    flush,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      window.removeEventListener(CART_CHANGE_EVENT, onChange);
      document.removeEventListener('visibilitychange', onVisibility);
      if (current === sync) current = null;
    },
  };
  current = sync;

  const store = storage();
  const guestKey = cartStorageKey(null);
  const guest = parseCart(store?.getItem(guestKey) ?? null);
  const firstTime = store?.getItem(syncedKey(userId)) !== '1';
  const lines = [...(firstTime ? readCart(userId).products : []), ...guest.products];
  const request =
    lines.length > 0
      ? api.put<ServerCart>(
          '/api/cart',
          { products: cartLineInputs({ products: lines }), merge: true },
          { silent: true },
        )
      : api.get<ServerCart>('/api/cart', { silent: true });
  return request
    .then((cart) => {
      if (!active()) return;
      if (guest.products.length > 0) {
        applying = true;
        try {
          replaceStoredCart(null, EMPTY_CART);
        } finally {
          applying = false;
        }
      }
      store?.setItem(syncedKey(userId), '1');
      apply(cart);
    })
    .catch((error: unknown) => {
      // the server is unreachable or refused the lines: the guest cart merges into this browser's copy
      // (as before issue 22), which the next start sends to the server as a first sync
      sayRefused(error);
      if (active()) mergeGuestCart(userId);
    })
    .finally(() => {
      ready = true;
    });
}

/** Writes a change still waiting for the debounce now (before signing out). */
export async function flushCartSync(): Promise<void> {
  await current?.flush();
}

/** Stops syncing (sign-out, another user). */
export function stopCartSync(): void {
  current?.stop();
}
