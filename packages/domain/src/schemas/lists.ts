import { z } from 'zod';
import { CartLineInputSchema, MAX_CART_LINES } from './cart';
import { IdSchema } from './common';

/**
 * Carts and lists on the server (issue 22 point 3): a signed-in user's cart, his saved carts and
 * shopping lists, and his wishlist of coming releases. Lines hold a product (or variant) and a
 * quantity, never a price: the quote prices them.
 */

export const listMessages = {
  tooManyLines: 'A cart or list holds at most :max lines: remove some lines and try again.',
  listReadOnly: 'This list is shared with you read-only: only its owner can change it.',
  alertNotNeeded: 'This product can already be ordered: add it to the cart.',
} as const;

/** The 422 message for a cart or list over MAX_CART_LINES. */
export function tooManyLinesMessage(max = MAX_CART_LINES): string {
  return listMessages.tooManyLines.replace(':max', String(max));
}

/** A server cart line: the quote's line input plus the names shown before the quote answers. */
export const ServerCartLineSchema = CartLineInputSchema.extend({
  sku: z.string(),
  title: z.string(),
});
export type ServerCartLine = z.infer<typeof ServerCartLineSchema>;

/** GET/PUT /api/cart: the signed-in user's cart lines, in the order added. */
export const ServerCartSchema = z.object({ products: z.array(ServerCartLineSchema) });
export type ServerCart = z.infer<typeof ServerCartSchema>;

/**
 * PUT /api/cart replaces the lines; `merge: true` (at sign-in) adds them to the stored ones instead,
 * same lines raising the quantity (SPEC §4). More than MAX_CART_LINES lines answers 422.
 */
export const PutCartSchema = z.strictObject({
  products: z.array(CartLineInputSchema),
  merge: z.boolean().optional(),
});
export type PutCart = z.infer<typeof PutCartSchema>;

/** A saved cart (a cart put aside to order later) or a shopping list (a shop's usual assortment). */
export const SHOPPING_LIST_KINDS = ['list', 'saved_cart'] as const;
export type ShoppingListKind = (typeof SHOPPING_LIST_KINDS)[number];

export const ShoppingListSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(SHOPPING_LIST_KINDS),
  shared: z.boolean(),
  /** The caller owns it (else it is a colleague's shared list: read-only). */
  own: z.boolean(),
  owner_email: z.string(),
  lines: z.number().int(),
  items: z.number().int(),
  updated_at: z.string(),
});
export type ShoppingListSummary = z.infer<typeof ShoppingListSummarySchema>;

export const ShoppingListLineSchema = z.object({
  id: z.number().int(),
  isVariant: z.boolean(),
  quantity: z.number().int(),
  note: z.string().nullable(),
  sku: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  cover_url: z.string().nullable(),
});
export type ShoppingListLine = z.infer<typeof ShoppingListLineSchema>;

export const ShoppingListSchema = ShoppingListSummarySchema.extend({
  products: z.array(ShoppingListLineSchema),
});
export type ShoppingList = z.infer<typeof ShoppingListSchema>;

const name = z.string().trim().min(1).max(100);

/**
 * POST /api/lists: a new list, empty, from lines (the current cart) or from one of the caller's
 * orders (its rows at their ordered quantities).
 */
export const CreateShoppingListSchema = z.strictObject({
  name,
  kind: z.enum(SHOPPING_LIST_KINDS).default('list'),
  shared: z.boolean().optional(),
  products: z.array(CartLineInputSchema).optional(),
  order_no: z.string().trim().min(1).max(40).optional(),
});
export type CreateShoppingList = z.input<typeof CreateShoppingListSchema>;

/** PATCH /api/lists/{id}: rename, share or not, replace the lines. */
export const UpdateShoppingListSchema = z.strictObject({
  name: name.optional(),
  shared: z.boolean().optional(),
  products: z.array(CartLineInputSchema).optional(),
});
export type UpdateShoppingList = z.infer<typeof UpdateShoppingListSchema>;

/** POST /api/lists/{id}/items: one product added (same product raising the quantity). */
export const AddListItemSchema = CartLineInputSchema;

/** GET /api/wishlist: the products the caller asked to be told about. */
export const StockAlertSchema = z.object({
  product_id: z.number().int(),
  isVariant: z.boolean(),
  sku: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  cover_url: z.string().nullable(),
  release_date: z.string().nullable(),
  /** When the mail went out; null while waiting. */
  notified_at: z.string().nullable(),
  created_at: z.string(),
});
export type StockAlert = z.infer<typeof StockAlertSchema>;

export const StockAlertInputSchema = z.strictObject({ product_id: IdSchema });
