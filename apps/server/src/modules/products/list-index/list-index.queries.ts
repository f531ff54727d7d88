import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rows } from '../products.queries';
import type { IndexRow } from './list-index.store';

/**
 * The list index's reads (list-index.service.ts): products as the index holds them (their cards as
 * products.queries.ts cardColumns() reads them), and what changed.
 */

const INDEX_COLUMNS = sql`p.id, p.available as listed, p.available_qty > 0 as in_stock,
  p.available_on_request as on_request, p.available_for_preorders as preorders,
  p.is_essential as essential, p.featured, (p.release_date - date '1970-01-01') as release_day,
  p.category_id, p.subcategory_id, p.label, p.author, p.area, p.support, p.distribution, p.genre,
  p.description, tsvector_to_array(p.search_vector) as lexemes,
  p.sku, p.vat_id, p.available_qty, p.low_stock_threshold, p.has_variants, p.coming_soon, p.price,
  p.variant_value, p.is_default_variant,
  (select i.path from images i where i.product_id = p.id order by i.is_cover desc, i.position, i.id limit 1)
    as cover_path,
  (select json_agg(json_build_object('price', cr.price, 'start', c.start_date::text, 'end', c.end_date::text))
    from campaign_rows cr join campaigns c on c.id = cr.campaign_id where cr.product_id = p.id) as campaigns`;

/** A batch of products (not variants) after `afterId`, in id order. */
export function loadProducts(db: Db, afterId: number, limit: number): Promise<IndexRow[]> {
  return rows<IndexRow>(
    db,
    sql`select ${INDEX_COLUMNS} from products p
    where p.parent_id is null and p.id > ${afterId} order by p.id limit ${limit}`,
  );
}

/** These products as they are now; an id missing from the answer is gone (deleted or a variant). */
export function reloadProducts(db: Db, ids: number[]): Promise<IndexRow[]> {
  return rows<IndexRow>(
    db,
    sql`select ${INDEX_COLUMNS} from products p
    where p.id = any(string_to_array(${ids.join(',')}, ',')::integer[]) and p.parent_id is null`,
  );
}

/**
 * The oldest transaction still running (every later change comes from it or a newer one) and the
 * database's collation, read before a build starts.
 */
export async function snapshotHorizon(db: Db): Promise<{ xmin: string; collation: string }> {
  const [row] = await rows<{ xmin: string; collation: string }>(
    db,
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
      (select datcollate from pg_database where datname = current_database()) as collation`,
  );
  return row!;
}

/**
 * The products changed by transactions from `xmin` on (finished ones: the others are not visible
 * yet), and the new horizon to read from next time. Rows already read come again while an older
 * transaction is still open; reloading a product twice is harmless.
 */
export async function changesSince(
  db: Db,
  xmin: string,
): Promise<{ productIds: number[]; seqs: number[]; xmin: string }> {
  const result = await rows<{ product_id: number; seq: string; xmin: string }>(
    db,
    sql`with horizon as (select pg_snapshot_xmin(pg_current_snapshot())::text as xmin)
    select c.product_id, c.seq::text as seq, h.xmin from horizon h
    left join catalogue_changes c on c.xid >= ${xmin}::xid8
    order by c.seq`,
  );
  const next = result[0]?.xmin ?? xmin;
  const changed = result.filter((r) => r.product_id !== null);
  return {
    productIds: changed.map((r) => r.product_id),
    seqs: changed.map((r) => Number(r.seq)),
    xmin: next,
  };
}

/** Deletes the change rows older than `hours` (the prune job); returns how many. */
export async function pruneChanges(db: Db, hours: number): Promise<number> {
  const result = (await db.execute(
    sql`delete from catalogue_changes where changed_at < now() - make_interval(hours => ${hours})`,
  )) as unknown as { rowCount?: number; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}

/** The search words as PostgreSQL's `to_tsquery('simple', …)` normalises them (its text form). */
export async function normaliseTsquery(db: Db, tsquery: string): Promise<string> {
  const [row] = await rows<{ q: string }>(db, sql`select to_tsquery('simple', ${tsquery})::text as q`);
  return row?.q ?? '';
}

const CUSTOMER_METRIC: Record<string, SQL> = {
  ordered: sql.raw('r.ordered_qty - r.cancelled_qty'),
  shipped: sql.raw('r.shipped_qty'),
  ready: sql.raw('r.ready_qty'),
  backorder: sql.raw('greatest(r.ordered_qty - r.shipped_qty - r.cancelled_qty - r.ready_qty, 0)'),
};

/** The products a customer has some of (by `metric`), with the quantity: the customer sorts' first group. */
export function customerQuantities(
  db: Db,
  customerId: number,
  metric: 'ordered' | 'shipped' | 'ready' | 'backorder',
): Promise<{ id: number; qty: number }[]> {
  const m = CUSTOMER_METRIC[metric]!;
  return rows<{ id: number; qty: number }>(
    db,
    sql`select coalesce(x.parent_id, x.id) as id, sum(${m})::integer as qty
    from orders o join order_rows r on r.order_id = o.id join products x on x.id = r.product_id
    where o.customer_id = ${customerId}
    group by 1 having sum(${m}) > 0`,
  );
}
