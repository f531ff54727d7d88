import type { OrderStatus } from '@shop/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { entitiesWithLatestSync } from '../erp/erp.queries';

/**
 * The dashboard's aggregates (issue 22 point 6): one statement each, every one a range scan of an index
 * (orders by date, by status; products by available quantity, by release date; failed ERP syncs).
 * Dates are business dates (DESIGN §4): a day runs from its midnight in Europe/Rome.
 */

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** The first instant of business day `date` plus `days`. */
const dayStart = (date: string, days = 0) =>
  sql`((${date}::date + ${days}::integer)::timestamp at time zone 'Europe/Rome')`;

const statusList = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );

/** Orders placed from `from` to `to` (both included) in one of `statuses`, and their totals. */
export async function salesBetween(
  db: Db,
  from: string,
  to: string,
  statuses: readonly OrderStatus[],
): Promise<{ orders: number; revenue: number }> {
  const [row] = await rowsOf<{ orders: number; revenue: string }>(
    db,
    sql`select count(*)::integer as orders, coalesce(sum(total), 0)::bigint as revenue from orders
      where date >= ${dayStart(from)} and date < ${dayStart(to, 1)} and status in (${statusList(statuses)})`,
  );
  return { orders: row?.orders ?? 0, revenue: Number(row?.revenue ?? 0) };
}

/** Orders and totals per business day from `from` to `to`; days without orders are absent. */
export function salesByDay(db: Db, from: string, to: string, statuses: readonly OrderStatus[]) {
  return rowsOf<{ date: string; orders: number; revenue: string }>(
    db,
    sql`select (date at time zone 'Europe/Rome')::date::text as date, count(*)::integer as orders,
        coalesce(sum(total), 0)::bigint as revenue
      from orders
      where date >= ${dayStart(from)} and date < ${dayStart(to, 1)} and status in (${statusList(statuses)})
      group by 1 order by 1`,
  );
}

/**
 * The net value of the rows of orders placed from `from` to `to`, by the product's category. The rows
 * are fetched per order through the order_id index (the lateral's `offset 0` keeps it a nested loop):
 * a month is a few thousand orders, and a hash join would read every order row ever written.
 */
export function salesByCategory(db: Db, from: string, to: string, statuses: readonly OrderStatus[]) {
  return rowsOf<{ category: string | null; revenue: string }>(
    db,
    sql`select c.description as category, sum(r.subtotal)::bigint as revenue
      from orders o
      cross join lateral (select x.product_id, x.subtotal from order_rows x where x.order_id = o.id offset 0) r
      join products p on p.id = r.product_id
      left join products parent on parent.id = p.parent_id
      left join categories c on c.id = coalesce(p.category_id, parent.category_id)
      where o.date >= ${dayStart(from)} and o.date < ${dayStart(to, 1)} and o.status in (${statusList(statuses)})
      group by c.description order by 2 desc`,
  );
}

/** How many orders are in each of `statuses` (absent when none). */
export function countByStatus(db: Db, statuses: readonly OrderStatus[]) {
  return rowsOf<{ status: OrderStatus; count: number }>(
    db,
    sql`select status, count(*)::integer as count from orders where status in (${statusList(statuses)})
      group by status`,
  );
}

/** The newest orders in `status`, with their customer's name. */
export function recentOrdersIn(db: Db, status: OrderStatus, limit: number) {
  return rowsOf<{ order_no: string; date: string; customer: string; total: number }>(
    db,
    sql`select o.order_no, o.date::text as date, o.total,
        case when c.type = 'G' and coalesce(c.company, '') <> '' then c.company
          else coalesce(nullif(trim(concat_ws(' ', c.firstname, c.lastname)), ''), nullif(c.company, ''), c.email)
        end as customer
      from orders o join customers c on c.id = o.customer_id
      where o.status = ${status} order by o.date desc, o.id desc limit ${limit}`,
  );
}

/** Orders whose newest ERP sync failed (the orders list's `erp_sync=failed`). */
export async function countErpFailures(db: Db): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::integer as n from orders o join customers c on c.id = o.customer_id
      where o.id in ${entitiesWithLatestSync('order', 'failed')}`,
  );
  return row?.n ?? 0;
}

/** Imports being run now, oldest first. */
export function runningImports(db: Db) {
  return rowsOf<{
    id: number;
    resource: string;
    filename: string;
    processed: number;
    total_rows: number;
    started_at: Date | string | null;
  }>(
    db,
    sql`select id, resource, filename, processed, total_rows, started_at from imports
      where status = 'running' order by created_at, id`,
  );
}

/**
 * Top-level products with 1 to `threshold` units available (the products list's `in_stock=1&available_max=`),
 * counting at most `cap + 1`, as the list does.
 */
export async function countLowStock(db: Db, threshold: number, cap: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::integer as n from (select 1 from products p
      where p.parent_id is null and p.available_qty > 0 and p.available_qty <= ${threshold} limit ${cap + 1}) t`,
  );
  return row?.n ?? 0;
}

/** Top-level pre-order products releasing from `from` to `to`, counting at most `cap + 1`. */
export async function countPreordersReleasing(
  db: Db,
  from: string,
  to: string,
  cap: number,
): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::integer as n from (select 1 from products p
      where p.parent_id is null and p.available_for_preorders = true
        and p.release_date >= ${from} and p.release_date <= ${to} limit ${cap + 1}) t`,
  );
  return row?.n ?? 0;
}
