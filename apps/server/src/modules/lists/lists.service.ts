import {
  type CartLineInput,
  type CreateShoppingList,
  CreateShoppingListSchema,
  listMessages,
  MAX_LINE_QUANTITY,
  type QuickOrderReport,
  type ShoppingList,
  type ShoppingListSummary,
  type UpdateShoppingList,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { cartLinesOf } from '../cart/quick-order.service';
import { getOrderForActor } from '../orders/orders.service';
import { uploadUrl } from '../products/product-cards.service';
import * as q from './lists.queries';
import { checkLineCount, customerUser, storableLines } from './stored-cart.service';

/**
 * Saved carts and shopping lists (issue 22 point 3; docs/decisions.md): named lists of a customer's
 * user, one table with a `kind`. A list the owner shares is visible read-only to the other users of
 * the same customer (company accounts); anyone else's list answers 404.
 */

type Reader = Pick<Ctx, 'db' | 'actor'>;

function toSummary(row: q.ListRow, userId: number): ShoppingListSummary {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    shared: row.shared,
    own: row.user_id === userId,
    owner_email: row.owner_email,
    lines: row.lines,
    items: row.items,
    updated_at: row.updated_at,
  };
}

/** The list if the caller may see it (his own, or shared within his customer); else 404. */
async function visibleList(ctx: Reader, id: number) {
  const me = customerUser(ctx.actor);
  const row = await q.findList(ctx.db, id);
  const visible = row && (row.user_id === me.userId || (row.shared && row.customer_id === me.customerId));
  if (!visible) throw new NotFoundError();
  return { row, me };
}

/** The list if the caller owns it; a colleague's shared list is read-only (403), anyone else's 404. */
async function ownList(ctx: Reader, id: number) {
  const { row, me } = await visibleList(ctx, id);
  if (row.user_id !== me.userId) throw new ForbiddenError(listMessages.listReadOnly);
  return { row, me };
}

/** GET /api/lists: the caller's lists and those his colleagues share with him. */
export async function listLists(ctx: Reader): Promise<ShoppingListSummary[]> {
  const me = customerUser(ctx.actor);
  return (await q.listListsFor(ctx.db, me.userId, me.customerId)).map((r) => toSummary(r, me.userId));
}

/** GET /api/lists/{id}: the list with its lines (names and covers; prices come from the quote). */
export async function getList(ctx: Reader, id: number): Promise<ShoppingList> {
  const { row, me } = await visibleList(ctx, id);
  const lines = await q.listListLines(ctx.db, id);
  return {
    ...toSummary(row, me.userId),
    products: lines.map((l) => ({
      id: l.product_id,
      isVariant: l.is_variant,
      quantity: l.quantity,
      note: l.note,
      sku: l.sku,
      title: l.title,
      author: l.author,
      cover_url: uploadUrl(l.cover_path),
    })),
  };
}

/** An order's rows as list lines (the variant flag is read from the product when stored). */
async function orderLines(ctx: Reader, orderNo: string): Promise<CartLineInput[]> {
  const order = await getOrderForActor(ctx, orderNo);
  return order.rows
    .filter((r) => r.total_ordered_qty > 0)
    .map((r) => ({
      id: r.product_id,
      isVariant: false,
      quantity: Math.min(MAX_LINE_QUANTITY, r.total_ordered_qty),
    }));
}

/**
 * POST /api/lists: a new list, empty, from the given lines (the current cart) or from one of the
 * caller's orders (another customer's order: 404). Over MAX_CART_LINES lines: 422.
 */
export async function createList(ctx: Reader, input: CreateShoppingList): Promise<ShoppingList> {
  const me = customerUser(ctx.actor);
  const parsed = CreateShoppingListSchema.parse(input);
  let lines: CartLineInput[] = parsed.products ?? [];
  if (parsed.order_no) lines = [...lines, ...(await orderLines(ctx, parsed.order_no))];
  checkLineCount(lines);
  const id = await inTransaction(ctx, async (tx) => {
    const listId = await q.insertList(tx.db, {
      userId: me.userId,
      customerId: me.customerId,
      name: parsed.name,
      kind: parsed.kind,
      shared: parsed.shared ?? false,
    });
    const stored = await storableLines(tx, parsed.order_no ? await withVariantFlags(tx, lines) : lines);
    await q.replaceListLines(tx.db, listId, stored);
    return listId;
  });
  return getList(ctx, id);
}

/** Order rows name a product id only: a variant's row keeps its variant flag from the product. */
async function withVariantFlags(ctx: Pick<Ctx, 'db'>, lines: CartLineInput[]): Promise<CartLineInput[]> {
  const asVariant = await q.findExistingProducts(
    ctx.db,
    lines.map((l) => ({ id: l.id, isVariant: true })),
  );
  return lines.map((l) => ({ ...l, isVariant: asVariant.has(`${l.id}:true`) }));
}

/** PATCH /api/lists/{id}: rename, share or not, replace the lines (the owner only). */
export async function updateList(ctx: Reader, id: number, input: UpdateShoppingList): Promise<ShoppingList> {
  await ownList(ctx, id);
  if (input.products) checkLineCount(input.products);
  await inTransaction(ctx, async (tx) => {
    await q.lockList(tx.db, id);
    if (input.name !== undefined || input.shared !== undefined)
      await q.updateList(tx.db, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.shared !== undefined ? { shared: input.shared } : {}),
      });
    if (input.products) await q.replaceListLines(tx.db, id, await storableLines(tx, input.products));
  });
  return getList(ctx, id);
}

/** DELETE /api/lists/{id} (the owner only). */
export async function deleteList(ctx: Reader, id: number): Promise<void> {
  await ownList(ctx, id);
  await q.deleteList(ctx.db, id);
}

/**
 * POST /api/lists/{id}/items: 'Add to list' from a product card or page; the same product already
 * there raises its quantity. A list already at MAX_CART_LINES lines takes no new product (422).
 */
export async function addListItem(ctx: Reader, id: number, line: CartLineInput): Promise<ShoppingList> {
  await ownList(ctx, id);
  await inTransaction(ctx, async (tx) => {
    await q.lockList(tx.db, id);
    const stored = await q.storedListLines(tx.db, id);
    const lines: CartLineInput[] = [
      ...(await withVariantFlags(
        tx,
        stored.map((s) => ({ id: s.productId, isVariant: false, quantity: s.quantity, note: s.note })),
      )),
      line,
    ];
    const next = await storableLines(tx, lines);
    checkLineCount(next);
    await q.replaceListLines(tx.db, id, next);
  });
  return getList(ctx, id);
}

/** DELETE /api/lists/{id}/items/{productId} (the owner only; a product not in the list: 404). */
export async function removeListItem(ctx: Reader, id: number, productId: number): Promise<ShoppingList> {
  await ownList(ctx, id);
  if ((await q.deleteListLine(ctx.db, id, productId)) === 0) throw new NotFoundError();
  return getList(ctx, id);
}

/**
 * POST /api/lists/{id}/cart: the list's lines as cart lines at today's clamp, with quick order's
 * report of every line (added, capped 'at most N available', out of stock, not found); the web adds
 * `products` to the cart. Owner or colleague of a shared list.
 */
export async function listToCart(ctx: Reader & Pick<Ctx, 'now'>, id: number): Promise<QuickOrderReport> {
  await visibleList(ctx, id);
  const lines = await q.listListLines(ctx.db, id);
  return cartLinesOf(
    ctx,
    lines.map((l) => ({ productId: l.product_id, sku: l.sku, quantity: l.quantity })),
  );
}
