import type { CartLineInput, CartProduct, Quote } from '@shop/domain';
import { clampQuantity, type QuantityLimits } from '../availability';

/**
 * A stored cart line (SPEC §3 Cart product, the client's part only): which product or variant, how
 * many, a note, and the SKU and title to name it before the server has priced it. Never a price: the
 * server's quote is the truth (SPEC §4, DESIGN §6).
 */
export interface StoredCartLine {
  id: number;
  isVariant: boolean;
  quantity: number;
  note?: string | null;
  sku?: string;
  title?: string;
}

/** The customer an administrator orders for (back-office cart, SPEC §2). */
export interface CartCustomer {
  id: number;
  name: string;
}

export interface StoredCart {
  products: StoredCartLine[];
  /** Back-office cart only. */
  customer?: CartCustomer | null;
}

export const EMPTY_CART: StoredCart = { products: [] };

/** `${id}:v` or `${id}:p`, as the server keys a Cart product: one line per product or variant. */
export function lineKey(line: { id: number; isVariant: boolean }): string {
  return `${line.id}:${line.isVariant ? 'v' : 'p'}`;
}

/** Whole units, at least one. */
function wholeQuantity(value: number): number {
  return Number.isFinite(value) ? Math.max(1, Math.floor(value)) : 1;
}

function limited(quantity: number, limits: QuantityLimits | null | undefined): number {
  return limits ? clampQuantity(quantity, limits) : wholeQuantity(quantity);
}

/**
 * SPEC §4: adding a product already in the cart (same id, same variant flag) raises its quantity and
 * adds no line; the result is clamped to `limits` when known (SPEC §5).
 */
export function addLine(
  cart: StoredCart,
  line: StoredCartLine,
  limits?: QuantityLimits | null,
): { cart: StoredCart; line: StoredCartLine } {
  const key = lineKey(line);
  const existing = cart.products.find((p) => lineKey(p) === key);
  const quantity = limited((existing?.quantity ?? 0) + wholeQuantity(line.quantity), limits);
  const stored: StoredCartLine = { ...existing, ...line, quantity };
  if (existing?.note && !line.note) stored.note = existing.note;
  const products = existing
    ? cart.products.map((p) => (p === existing ? stored : p))
    : [...cart.products, stored];
  return { cart: { ...cart, products }, line: stored };
}

/** SPEC §4 at sign-in: every guest line added to the user's cart, same lines raising the quantity. */
export function mergeCarts(into: StoredCart, from: StoredCart): StoredCart {
  return from.products.reduce((cart, line) => addLine(cart, line).cart, into);
}

/** SPEC §4: the quantity set absolutely, then clamped (SPEC §5). */
export function setLineQuantity(
  cart: StoredCart,
  key: string,
  quantity: number,
  limits?: QuantityLimits | null,
): StoredCart {
  return {
    ...cart,
    products: cart.products.map((p) =>
      lineKey(p) === key ? { ...p, quantity: limited(quantity, limits) } : p,
    ),
  };
}

export function removeLine(cart: StoredCart, key: string): StoredCart {
  return { ...cart, products: cart.products.filter((p) => lineKey(p) !== key) };
}

/** Puts a removed line back where it was (undo). */
export function restoreLine(cart: StoredCart, line: StoredCartLine, index: number): StoredCart {
  if (cart.products.some((p) => lineKey(p) === lineKey(line))) return cart;
  const products = [...cart.products];
  products.splice(Math.min(index, products.length), 0, line);
  return { ...cart, products };
}

/** What the client sends for pricing: ids, variant flags, quantities and notes. */
export function cartLineInputs(cart: StoredCart): CartLineInput[] {
  return cart.products.map((p) => ({
    id: p.id,
    isVariant: p.isVariant,
    quantity: p.quantity,
    ...(p.note ? { note: p.note } : {}),
  }));
}

/** SPEC §5 limits of a priced line: at least min_quantity; at most the stock (unless pre-order) and max_quantity. */
export function quoteLimits(product: CartProduct): QuantityLimits {
  const min = Math.max(1, product.min_quantity ?? 1);
  const caps = [product.max_quantity, product.is_preorder ? null : product.available_quantity].filter(
    (cap): cap is number => cap !== null && cap !== undefined,
  );
  const max = caps.length > 0 ? Math.max(min, Math.min(...caps)) : null;
  return { min, max };
}

export interface QuoteChanges {
  cart: StoredCart;
  /** Lines whose quantity the server lowered (or raised to the minimum). */
  clamped: { key: string; title: string; from: number; to: number }[];
  /** Lines dropped by the server (out of stock, not found), named. */
  removed: { key: string; title: string; reason: Quote['removed'][number]['reason'] }[];
}

/**
 * Brings the stored cart in line with the server's quote: the clamped quantities (only where the line
 * still holds what was quoted, so a later edit is not undone), the names the server gave, and without
 * the lines it removed (SPEC §4: a product that went out of stock leaves the cart, with a message).
 */
export function applyQuote(cart: StoredCart, quote: Quote): QuoteChanges {
  const priced = new Map(quote.products.map((p) => [p.key, p]));
  const removedKeys = new Map(quote.removed.map((r) => [lineKey(r), r]));
  const clamped: QuoteChanges['clamped'] = [];
  const removed: QuoteChanges['removed'] = [];
  const products: StoredCartLine[] = [];
  for (const line of cart.products) {
    const key = lineKey(line);
    const gone = removedKeys.get(key);
    if (gone) {
      removed.push({
        key,
        title: gone.title ?? line.title ?? gone.sku ?? line.sku ?? key,
        reason: gone.reason,
      });
      continue;
    }
    const product = priced.get(key);
    if (!product) {
      products.push(line);
      continue;
    }
    const named = { ...line, sku: product.sku, title: product.title };
    if (product.requested_quantity === line.quantity && product.quantity !== line.quantity) {
      clamped.push({ key, title: product.title, from: line.quantity, to: product.quantity });
      products.push({ ...named, quantity: product.quantity });
    } else {
      products.push(named);
    }
  }
  return { cart: { ...cart, products }, clamped, removed };
}

/** Items in the cart, as the navbar badge counts them. */
export function countItems(cart: StoredCart): number {
  return cart.products.reduce((sum, line) => sum + line.quantity, 0);
}
