import type { ShoppingListKind } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { products } from './catalog';
import { id, timestamps } from './columns';
import { customers } from './customers';

/**
 * A signed-in user's cart, kept on the server so it follows him across devices (issue 22 point 3):
 * which product or variant and how many, never a price (the quote prices it).
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    note: text(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.userId, t.productId), index().on(t.productId)],
);

/**
 * A named saved cart or shopping list of a customer's user (issue 22 point 3); `shared` shows it,
 * read-only, to the other users of the same customer (company accounts).
 */
export const shoppingLists = pgTable(
  'shopping_lists',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    kind: text().$type<ShoppingListKind>().notNull(),
    shared: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index().on(t.userId), index().on(t.customerId)],
);

export const shoppingListLines = pgTable(
  'shopping_list_lines',
  {
    id: id(),
    listId: integer()
      .notNull()
      .references(() => shoppingLists.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    note: text(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.listId, t.productId), index().on(t.productId)],
);

/**
 * The wishlist of coming releases: 'Notify me' on a product not orderable yet (pre-order not open, out
 * of stock); mailed once, when it becomes orderable (`notifiedAt` set then).
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    notifiedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex().on(t.userId, t.productId),
    index('stock_alerts_waiting_idx').on(t.productId).where(sql`notified_at is null`),
  ],
);
