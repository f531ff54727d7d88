import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartLines, shoppingListLines, shoppingLists, stockAlerts } from '../../db/schema';

/** The rows of the server cart, saved carts, shopping lists and stock alerts (issue 22 point 3). */

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type StoredLine = { productId: number; quantity: number; note: string | null };

/** A stored line with the names it is shown by (a variant's cover falls back to its product's). */
export type NamedLineRow = {
  product_id: number;
  is_variant: boolean;
  quantity: number;
  note: string | null;
  sku: string;
  title: string;
  author: string | null;
  cover_path: string | null;
};

const coverPath = sql`coalesce(
    (select i.path from images i where i.product_id = p.id order by i.is_cover desc, i.position, i.id limit 1),
    (select i.path from images i where i.product_id = p.parent_id
      order by i.is_cover desc, i.position, i.id limit 1)) as cover_path`;

/** Of `lines`, the ones naming an existing product with the variant flag they claim. */
export async function findExistingProducts(
  db: Db,
  lines: { id: number; isVariant: boolean }[],
): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  const ids = [...new Set(lines.map((l) => l.id))];
  const found = await rows<{ id: number; is_variant: boolean }>(
    db,
    sql`select id, parent_id is not null as is_variant from products where id = any(${`{${ids.join(',')}}`}::integer[])`,
  );
  return new Set(found.map((r) => `${r.id}:${r.is_variant}`));
}

// --- the server cart ---

export function listCartLines(db: Db, userId: number): Promise<NamedLineRow[]> {
  return rows(
    db,
    sql`select c.product_id, p.parent_id is not null as is_variant, c.quantity, c.note, p.sku,
          p.description as title, p.author, null as cover_path
        from cart_lines c join products p on p.id = c.product_id
        where c.user_id = ${userId} order by c.position, c.id`,
  );
}

export async function replaceCartLines(db: Db, userId: number, lines: StoredLine[]): Promise<void> {
  await db.delete(cartLines).where(eq(cartLines.userId, userId));
  if (lines.length === 0) return;
  await db.insert(cartLines).values(lines.map((l, position) => ({ ...l, userId, position })));
}

/** Serialises concurrent writes of one user's cart (two tabs saving at once). */
export async function lockUserCart(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select id from users where id = ${userId} for update`);
}

// --- saved carts and shopping lists ---

export type ListRow = {
  id: number;
  user_id: number;
  customer_id: number;
  name: string;
  kind: 'list' | 'saved_cart';
  shared: boolean;
  owner_email: string;
  lines: number;
  items: number;
  updated_at: string;
};

const listColumns = sql`l.id, l.user_id, l.customer_id, l.name, l.kind, l.shared, u.email as owner_email,
  (select count(*)::integer from shopping_list_lines x where x.list_id = l.id) as lines,
  (select coalesce(sum(x.quantity), 0)::integer from shopping_list_lines x where x.list_id = l.id) as items,
  to_char(l.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

/** The user's own lists and the lists his colleagues share with him, newest change first. */
export function listListsFor(db: Db, userId: number, customerId: number): Promise<ListRow[]> {
  return rows(
    db,
    sql`select ${listColumns} from shopping_lists l join users u on u.id = l.user_id
        where l.user_id = ${userId} or (l.customer_id = ${customerId} and l.shared)
        order by l.updated_at desc, l.id desc`,
  );
}

export async function findList(db: Db, id: number): Promise<ListRow | undefined> {
  const [row] = await rows<ListRow>(
    db,
    sql`select ${listColumns} from shopping_lists l join users u on u.id = l.user_id where l.id = ${id}`,
  );
  return row;
}

export function listListLines(db: Db, listId: number): Promise<NamedLineRow[]> {
  return rows(
    db,
    sql`select x.product_id, p.parent_id is not null as is_variant, x.quantity, x.note, p.sku,
          p.description as title, coalesce(p.author, par.author) as author, ${coverPath}
        from shopping_list_lines x join products p on p.id = x.product_id
        left join products par on par.id = p.parent_id
        where x.list_id = ${listId} order by x.position, x.id`,
  );
}

export async function insertList(db: Db, values: typeof shoppingLists.$inferInsert): Promise<number> {
  const [row] = await db.insert(shoppingLists).values(values).returning({ id: shoppingLists.id });
  return row!.id;
}

export async function updateList(
  db: Db,
  id: number,
  values: Partial<Pick<typeof shoppingLists.$inferInsert, 'name' | 'shared'>>,
): Promise<void> {
  await db
    .update(shoppingLists)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shoppingLists.id, id));
}

export async function deleteList(db: Db, id: number): Promise<void> {
  await db.delete(shoppingLists).where(eq(shoppingLists.id, id));
}

export async function lockList(db: Db, id: number): Promise<void> {
  await db.execute(sql`select id from shopping_lists where id = ${id} for update`);
}

export async function replaceListLines(db: Db, listId: number, lines: StoredLine[]): Promise<void> {
  await db.delete(shoppingListLines).where(eq(shoppingListLines.listId, listId));
  if (lines.length > 0)
    await db.insert(shoppingListLines).values(lines.map((l, position) => ({ ...l, listId, position })));
  await db.update(shoppingLists).set({ updatedAt: new Date() }).where(eq(shoppingLists.id, listId));
}

export async function deleteListLine(db: Db, listId: number, productId: number): Promise<number> {
  const deleted = await db
    .delete(shoppingListLines)
    .where(and(eq(shoppingListLines.listId, listId), eq(shoppingListLines.productId, productId)))
    .returning({ id: shoppingListLines.id });
  await db.update(shoppingLists).set({ updatedAt: new Date() }).where(eq(shoppingLists.id, listId));
  return deleted.length;
}

export async function storedListLines(db: Db, listId: number): Promise<StoredLine[]> {
  return db
    .select({
      productId: shoppingListLines.productId,
      quantity: shoppingListLines.quantity,
      note: shoppingListLines.note,
    })
    .from(shoppingListLines)
    .where(eq(shoppingListLines.listId, listId))
    .orderBy(shoppingListLines.position, shoppingListLines.id);
}

// --- stock alerts (wishlist of coming releases) ---

export type StockAlertRow = {
  product_id: number;
  is_variant: boolean;
  sku: string;
  title: string;
  author: string | null;
  cover_path: string | null;
  release_date: string | null;
  notified_at: string | null;
  created_at: string;
};

const iso = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export function listStockAlerts(db: Db, userId: number): Promise<StockAlertRow[]> {
  return rows(
    db,
    sql`select a.product_id, p.parent_id is not null as is_variant, p.sku, p.description as title,
          coalesce(p.author, par.author) as author, ${coverPath},
          coalesce(p.release_date, par.release_date)::text as release_date,
          ${iso(sql`a.notified_at`)} as notified_at, ${iso(sql`a.created_at`)} as created_at
        from stock_alerts a join products p on p.id = a.product_id
        left join products par on par.id = p.parent_id
        where a.user_id = ${userId} order by a.created_at desc, a.id desc`,
  );
}

/** Asks again: a product already mailed about waits for the next time it becomes orderable. */
export async function upsertStockAlert(db: Db, userId: number, productId: number): Promise<void> {
  await db
    .insert(stockAlerts)
    .values({ userId, productId })
    .onConflictDoUpdate({
      target: [stockAlerts.userId, stockAlerts.productId],
      set: { notifiedAt: null, updatedAt: new Date() },
    });
}

export async function deleteStockAlert(db: Db, userId: number, productId: number): Promise<number> {
  const deleted = await db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, productId)))
    .returning({ id: stockAlerts.id });
  return deleted.length;
}

/**
 * The alerts still waiting whose product can now be ordered (shown, open to orders, not sold by
 * variant, and a pre-order before its release, on request, or with units available), claimed for
 * mailing: `notified_at` set in the same statement, so each is mailed once even with two workers.
 */
export function claimDueStockAlerts(
  db: Db,
  today: string,
  now: Date,
  limit: number,
): Promise<{ id: number; email: string; language: string; sku: string; title: string }[]> {
  return rows(
    db,
    sql`with due as (
          select a.id from stock_alerts a
          join products p on p.id = a.product_id
          left join products par on par.id = p.parent_id
          join users u on u.id = a.user_id
          where a.notified_at is null and u.disabled_at is null
            and p.available and coalesce(par.available, true) and p.available_for_orders
            and not p.has_variants
            and ((p.available_for_preorders and p.release_date > ${today}::date)
              or p.available_on_request or p.available_qty > 0)
          order by a.id limit ${limit}
          for update of a skip locked)
        update stock_alerts a set notified_at = ${now.toISOString()}::timestamptz, updated_at = now()
        from due, products p, users u
        where a.id = due.id and p.id = a.product_id and u.id = a.user_id
        returning a.id, u.email, p.sku, p.description as title,
          coalesce((select c.language from customers c where c.id = u.customer_id), 'it') as language`,
  );
}

export async function findProductForAlert(db: Db, productId: number, today: string) {
  const [row] = await rows<{ id: number; orderable: boolean }>(
    db,
    sql`select p.id, (p.available and p.available_for_orders and not p.has_variants
          and ((p.available_for_preorders and p.release_date > ${today}::date)
            or p.available_on_request or p.available_qty > 0)) as orderable
        from products p where p.id = ${productId}`,
  );
  return row;
}
