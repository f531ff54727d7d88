import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stocks, warehouseTransactions } from '../../db/schema';

/** Stock per product and warehouse, warehouse transactions, purchase and sales figures (DESIGN §4). */

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The product itself and its variants. */
const productAndVariants = (productId: number) =>
  sql`(select x.id from products x where x.id = ${productId} or x.parent_id = ${productId})`;

export type StockRow = {
  product_id: number;
  sku: string;
  warehouse_id: number;
  warehouse_code: string;
  warehouse_description: string;
  on_hand: number;
  on_order: number;
  ordered: number;
};

/**
 * Every warehouse for the product, or for each of its variants when it has some (zeros where there
 * is no stock row yet).
 */
export const listStockRows = (db: Db, productId: number) =>
  rows<StockRow>(
    db,
    sql`select p.id as product_id, p.sku, w.id as warehouse_id, w.code as warehouse_code,
      w.description as warehouse_description, coalesce(s.on_hand, 0) as on_hand,
      coalesce(s.on_order, 0) as on_order, coalesce(s.ordered, 0) as ordered
    from products p cross join warehouses w
    left join stocks s on s.product_id = p.id and s.warehouse_id = w.id
    where p.id in ${productAndVariants(productId)}
      and (p.parent_id is not null or not p.has_variants)
    order by p.parent_id nulls first, p.variant_value, p.id, w.code`,
  );

export type LockedStock = { product_id: number; warehouse_id: number; on_hand: number; on_order: number };

/** The existing stock rows of these (product, warehouse) pairs, locked until the transaction ends. */
export function lockStocks(db: Db, pairs: { productId: number; warehouseId: number }[]) {
  if (pairs.length === 0) return Promise.resolve([]);
  const products = pairs.map((p) => p.productId).join(',');
  const warehouses = pairs.map((p) => p.warehouseId).join(',');
  return rows<LockedStock>(
    db,
    sql`select s.product_id, s.warehouse_id, s.on_hand, s.on_order from stocks s
    join unnest(string_to_array(${products}, ',')::int[], string_to_array(${warehouses}, ',')::int[])
      as k(product_id, warehouse_id) on k.product_id = s.product_id and k.warehouse_id = s.warehouse_id
    order by s.id for update of s`,
  );
}

/** Writes on hand and on order of each pair (inserting missing rows) in one statement. */
export async function upsertStocks(
  db: Db,
  values: { productId: number; warehouseId: number; onHand: number; onOrder: number }[],
) {
  if (values.length === 0) return;
  await db
    .insert(stocks)
    .values(values)
    .onConflictDoUpdate({
      target: [stocks.productId, stocks.warehouseId],
      set: { onHand: sql`excluded.on_hand`, onOrder: sql`excluded.on_order`, updatedAt: sql`now()` },
    });
}

/** Writes the transactions; returns their ids, in the order given. */
export async function insertTransactions(
  db: Db,
  values: (typeof warehouseTransactions.$inferInsert)[],
): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(warehouseTransactions)
    .values(values)
    .returning({ id: warehouseTransactions.id });
  return rows.map((r) => r.id);
}

export const warehouseExists = async (db: Db, id: number) =>
  (await rows<{ id: number }>(db, sql`select id from warehouses where id = ${id}`)).length > 0;

export const listIncoming = (db: Db, productId: number) =>
  rows<{ warehouse_code: string; on_order: number }>(
    db,
    sql`select w.code as warehouse_code, coalesce(sum(s.on_order), 0)::int as on_order
    from warehouses w left join stocks s on s.warehouse_id = w.id and s.product_id in ${productAndVariants(productId)}
    group by w.code order by w.code`,
  );

export const listReceipts = (db: Db, productId: number, limit: number) =>
  rows<{
    document_date: string;
    document_number: string;
    warehouse_code: string;
    sku: string;
    quantity: number;
  }>(
    db,
    sql`select t.document_date::text as document_date, t.document_number, w.code as warehouse_code, t.sku, t.quantity
    from warehouse_transactions t join warehouses w on w.id = t.warehouse_id
    where t.product_id in ${productAndVariants(productId)} and t.operation = 'load'
    order by t.document_date desc, t.id desc limit ${limit}`,
  );

/** Ordered (less cancelled) and shipped quantities by month of the order, in the shop's zone. */
export const salesByMonth = (db: Db, productId: number, fromMonth: string) =>
  rows<{ month: string; ordered: number; shipped: number }>(
    db,
    sql`select to_char(o.date at time zone 'Europe/Rome', 'YYYY-MM') as month,
      sum(r.ordered_qty - r.cancelled_qty)::int as ordered, sum(r.shipped_qty)::int as shipped
    from order_rows r join orders o on o.id = r.order_id
    where r.product_id in ${productAndVariants(productId)}
      and o.date >= (${`${fromMonth}-01`}::date::timestamp at time zone 'Europe/Rome')
    group by 1 order by 1`,
  );
