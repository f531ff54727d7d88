import { CART_CHANGE_EVENT, CART_STORAGE_KEY } from './cart-count';

/**
 * The stored cart until the cart issue replaces this module: `{ products: [{ id, sku, isVariant,
 * quantity }] }` under the SPEC §9 key. Adding a line with the same id and variant flag raises its
 * quantity instead of adding a line (SPEC §4), clamped to `max` when given (SPEC §5).
 */
export interface CartLine {
  id: number;
  sku: string;
  isVariant: boolean;
  quantity: number;
}

export interface StoredCart {
  products: CartLine[];
}

function isLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<CartLine>;
  return (
    typeof line.id === 'number' &&
    typeof line.sku === 'string' &&
    typeof line.isVariant === 'boolean' &&
    typeof line.quantity === 'number' &&
    Number.isFinite(line.quantity) &&
    line.quantity > 0
  );
}

function readStored(): Record<string, unknown> & StoredCart {
  try {
    const raw = localStorage.getItem(CART_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { products: [] };
    const products = (parsed as { products?: unknown }).products;
    return { ...parsed, products: Array.isArray(products) ? products.filter(isLine) : [] };
  } catch {
    return { products: [] };
  }
}

/** The stored cart's lines; anything unreadable counts as empty, unreadable lines are dropped. */
export function readCart(): StoredCart {
  return { products: readStored().products };
}

/**
 * Adds `line.quantity` units (whole, at least 1) of a product or variant, merging with its line, then
 * tells the navbar badge. Returns the line as stored.
 */
export function addToCart(line: CartLine, options: { max?: number | null } = {}): CartLine {
  const cart = readStored();
  const adding = Math.max(1, Math.floor(line.quantity));
  const existing = cart.products.find((p) => p.id === line.id && p.isVariant === line.isVariant);
  const wanted = (existing?.quantity ?? 0) + adding;
  const quantity = options.max != null ? Math.max(1, Math.min(wanted, options.max)) : wanted;
  const stored: CartLine = { id: line.id, sku: line.sku, isVariant: line.isVariant, quantity };
  const products = existing
    ? cart.products.map((p) => (p === existing ? { ...p, ...stored } : p))
    : [...cart.products, stored];
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ ...cart, products }));
  } catch {
    // storage unavailable (private mode, quota): nothing is kept
  }
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
  return stored;
}
