import {
  type CartLineInput,
  MAX_CART_LINES,
  type PutCart,
  type ServerCart,
  tooManyLinesMessage,
} from '@shop/domain';
import type { Actor, Ctx } from '../../lib/context';
import { ForbiddenError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { mergeLines } from '../cart/cart-lines';
import * as q from './lists.queries';

/**
 * The signed-in customer's cart on the server (issue 22 point 3): the lines follow him across
 * browsers and devices. Only product, quantity and note are kept; the quote prices them. Staff keep
 * their back-office cart in the browser.
 */

/** The customer user whose cart or lists these are: staff (no customer) are refused (403). */
export function customerUser(actor: Actor | null): { userId: number; customerId: number } {
  if (!actor) throw new UnauthenticatedError();
  if (actor.customerId === null) throw new ForbiddenError();
  return { userId: actor.userId, customerId: actor.customerId };
}

/** More than MAX_CART_LINES lines is a 422 naming the limit, checked before any database work. */
export function checkLineCount(lines: readonly unknown[], field = 'products'): void {
  if (lines.length > MAX_CART_LINES) throw ValidationError.field(field, tooManyLinesMessage());
}

/** One line per product (the same one twice adds up), only products that exist as the line says. */
export async function storableLines(
  ctx: Pick<Ctx, 'db'>,
  lines: readonly CartLineInput[],
): Promise<q.StoredLine[]> {
  const merged = mergeLines(lines);
  const existing = await q.findExistingProducts(ctx.db, merged);
  return merged
    .filter((l) => existing.has(`${l.id}:${l.isVariant}`))
    .map((l) => ({ productId: l.id, quantity: l.quantity, note: l.note ?? null }));
}

function toCart(rows: q.NamedLineRow[]): ServerCart {
  return {
    products: rows.map((r) => ({
      id: r.product_id,
      isVariant: r.is_variant,
      quantity: r.quantity,
      ...(r.note ? { note: r.note } : {}),
      sku: r.sku,
      title: r.title,
    })),
  };
}

/** GET /api/cart: the caller's cart lines, in the order added. */
export async function getStoredCart(ctx: Pick<Ctx, 'db' | 'actor'>): Promise<ServerCart> {
  const { userId } = customerUser(ctx.actor);
  return toCart(await q.listCartLines(ctx.db, userId));
}

/**
 * PUT /api/cart: the lines replace the stored ones; with `merge` (the browser's cart at sign-in) they
 * are added to them, same lines raising the quantity (SPEC §4). Over MAX_CART_LINES: 422.
 */
export async function putStoredCart(ctx: Pick<Ctx, 'db' | 'actor'>, input: PutCart): Promise<ServerCart> {
  const { userId } = customerUser(ctx.actor);
  checkLineCount(input.products);
  return inTransaction(ctx, async (tx) => {
    await q.lockUserCart(tx.db, userId);
    let lines = input.products;
    if (input.merge) {
      const stored = toCart(await q.listCartLines(tx.db, userId)).products;
      lines = [...stored.map(({ sku: _s, title: _t, ...line }) => line), ...input.products];
      checkLineCount(mergeLines(lines));
    }
    await q.replaceCartLines(tx.db, userId, await storableLines(tx, lines));
    return toCart(await q.listCartLines(tx.db, userId));
  });
}
