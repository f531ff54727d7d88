import type { FacetField, ListFilter } from '@shop/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type CardRow, cardColumns, rows } from './products.queries';

/**
 * Product lists (SPEC §2 listing controls): the filters as SQL conditions, a page of cards in one
 * statement, the capped count. A list's WHERE + ORDER BY match a partial index of migration 0001, so
 * ORDER BY … LIMIT walks the index and stops after a page; covers and campaign prices are read for
 * that page only. Plans and their figures at 1,000,000 products: docs/decisions.md.
 */

/** The list filters once the service has decided them (codes, dates, visibility). */
export type ProductFilter = {
  /** Today in the shop's zone (YYYY-MM-DD): pre-orders, campaigns, release windows. */
  today: string;
  /** Back-office exact lookup: any row (variants too), no visibility rules. */
  sku?: string;
  /** Out-of-stock products are listed too (pre-orders and on-request ones always are). */
  showOutOfStock: boolean;
  /**
   * Facet equality filters, by field; category and subcategory by id (the service resolves codes; an
   * unknown code is -1, which matches nothing), so the planner sees real values and their frequency.
   */
  facets: Partial<Record<FacetField, (string | number)[]>>;
  supports?: { include: string[] } | { exclude: string[] };
  list?: ListFilter;
  releasedFrom?: string;
  releasedTo?: string;
  releasedAfter?: string;
  search?: { tsquery: string; code: { exact: string; near: string[] } | null };
};

export type SortColumn = 'release_date' | 'author' | 'title' | 'distribution' | 'format';
export type CustomerSort = 'ordered' | 'shipped' | 'ready' | 'backorder';
export type Direction = 'asc' | 'desc';
export type ProductSortSpec =
  | { kind: 'column'; column: SortColumn; dir: Direction }
  /** The customer's own quantities first (those with none last, newest first). */
  | { kind: 'customer'; metric: CustomerSort; dir: Direction; customerId: number };

const FACET_CONDITION: Record<FacetField, (value: string | number) => SQL> = {
  category: (v) => sql`p.category_id = ${v}`,
  subcategory: (v) => sql`p.subcategory_id = ${v}`,
  label: (v) => sql`p.label = ${v}`,
  author: (v) => sql`p.author = ${v}`,
  area: (v) => sql`p.area = ${v}`,
  support: (v) => sql`p.support = ${v}`,
  distribution: (v) => sql`p.distribution = ${v}`,
  genre: (v) => sql`p.genre = ${v}`,
};

/** Products under a campaign running today (variants count for their product). */
const underCampaign = (today: string) => sql`p.id = any(array(
  select coalesce(x.parent_id, x.id) from campaign_rows cr
  join campaigns c on c.id = cr.campaign_id
  join products x on x.id = cr.product_id
  where c.start_date <= ${today}::date and c.end_date >= ${today}::date))`;

/** The ANDed conditions of everything but the facet filters. */
export function baseConditions(f: ProductFilter): SQL[] {
  const c: SQL[] = [];
  if (f.sku !== undefined) {
    c.push(sql`p.sku = ${f.sku}`);
  } else {
    c.push(sql`p.parent_id is null`, sql`p.available`);
    if (!f.showOutOfStock) {
      c.push(sql`(p.available_qty > 0 or p.available_on_request
        or (p.available_for_preorders and p.release_date > ${f.today}::date))`);
    }
  }
  if (f.supports && 'include' in f.supports) {
    c.push(sql`p.support in ${f.supports.include}`);
  } else if (f.supports) {
    c.push(sql`(p.support is null or p.support not in ${f.supports.exclude})`);
  }
  if (f.list === 'essential') c.push(sql`p.is_essential`);
  if (f.list === 'featured') c.push(sql`p.featured`);
  // In stock = released and available now; the release bound also lets a newest-first walk start at
  // today instead of stepping over every pre-order (which have no stock yet).
  if (f.list === 'in_stock') c.push(sql`p.available_qty > 0 and p.release_date <= ${f.today}::date`);
  if (f.list === 'promo') c.push(underCampaign(f.today));
  if (f.releasedFrom) c.push(sql`p.release_date >= ${f.releasedFrom}::date`);
  if (f.releasedTo) c.push(sql`p.release_date <= ${f.releasedTo}::date`);
  if (f.releasedAfter) c.push(sql`p.release_date > ${f.releasedAfter}::date`);
  if (f.search) c.push(searchCondition(f.search));
  return c;
}

/**
 * Words: the GIN tsvector, evaluated row by row while an ordered index is walked (frequent words) or
 * as a bitmap (rare ones), the planner's choice. A code-like search instead collects its few rows
 * first, one index per branch (variants' codes find their product): the words, the exact code, and,
 * only when neither finds anything, the codes one typo away ("did you mean"), each probed in the GIN
 * index of `search_codes`. array(…) runs once (an InitPlan), never per candidate row.
 */
export function searchCondition(search: NonNullable<ProductFilter['search']>): SQL {
  const words = sql`to_tsquery('simple', ${search.tsquery})`;
  if (!search.code) return sql`p.search_vector @@ ${words}`;
  const { exact, near } = search.code;
  return sql`p.id = any(array(
    with hits as materialized (
      select coalesce(x.parent_id, x.id) as id from products x where x.search_vector @@ ${words}
      union
      select coalesce(x.parent_id, x.id) from products x where x.search_codes @> array[${exact}]::text[])
    select id from hits
    union
    select coalesce(x.parent_id, x.id)
    from unnest(string_to_array(${near.join(' ')}, ' ')) as c(code)
    join products x on x.search_codes @> array[c.code]
    where not exists (select 1 from hits)))`;
}

export function facetConditions(f: ProductFilter, except?: FacetField): SQL[] {
  const c: SQL[] = [];
  for (const [field, values] of Object.entries(f.facets) as [FacetField, (string | number)[]][]) {
    if (field === except) continue;
    for (const v of values) c.push(FACET_CONDITION[field](v));
  }
  return c;
}

export const and = (parts: SQL[]) => (parts.length === 0 ? sql`true` : sql.join(parts, sql` and `));

const SORT_SQL: Record<SortColumn, string> = {
  release_date: 'p.release_date',
  author: 'p.author',
  title: 'p.description',
  distribution: 'p.distribution',
  format: 'p.support',
};

/** ORDER BY of a column sort with the id tiebreak in the same direction (one index scan either way). */
function columnOrder(column: SortColumn, dir: Direction): SQL {
  return sql.raw(`${SORT_SQL[column]} ${dir}, p.id ${dir}`);
}

/** Past this offset the page's ids are found first, so the card sub-selects do not run for skipped rows. */
const SINGLE_LEVEL_MAX_OFFSET = 240;

/**
 * One page of cards in one statement.
 * - `walk` (the default): ORDER BY … LIMIT on the matching partial index. On the first pages a single
 *   level: the card sub-selects run only for the rows the walk emits (with a sort instead, PostgreSQL
 *   runs them after the LIMIT); measured at 1,000,000 products this plans and runs in half the time of
 *   finding the ids first and joining back, which deeper pages do.
 * - `collect`: the matching rows are gathered first (a MATERIALIZED CTE: the filters' own indexes),
 *   then sorted. The service picks it for a text sort over a few thousand products, where walking
 *   the sort's index could step over most of the catalogue: titles and authors correlate with
 *   subcategories, formats and search words ("Segnalibro…", "T-shirt…", "Notti…").
 */
export function listProductPage(
  db: Db,
  filter: ProductFilter,
  sort: ProductSortSpec,
  page: { limit: number; offset: number; plan: 'walk' | 'collect' },
): Promise<CardRow[]> {
  const where = and([...baseConditions(filter), ...facetConditions(filter)]);
  if (sort.kind === 'customer') return listByCustomerQuantity(db, filter, where, sort, page);
  const columns = cardColumns(filter.today);
  const { limit, offset } = page;
  if (page.plan === 'collect') {
    const key = sql.raw(SORT_SQL[sort.column]);
    const order = sql.raw(`m.k ${sort.dir}, m.id ${sort.dir}`);
    return rows<CardRow>(
      db,
      sql`with matches as materialized (select p.id, ${key} as k from products p where ${where})
      select ${columns}
      from (select m.id, m.k from matches m order by ${order} limit ${limit} offset ${offset}) m
      join products p on p.id = m.id
      order by ${order}`,
    );
  }
  const order = columnOrder(sort.column, sort.dir);
  if (offset <= SINGLE_LEVEL_MAX_OFFSET) {
    return rows<CardRow>(
      db,
      sql`select ${columns} from products p where ${where} order by ${order} limit ${limit} offset ${offset}`,
    );
  }
  return rows<CardRow>(
    db,
    sql`select ${columns}
    from (select p.id from products p where ${where} order by ${order} limit ${limit} offset ${offset}) page
    join products p on p.id = page.id
    order by ${order}`,
  );
}

const CUSTOMER_METRIC: Record<CustomerSort, string> = {
  ordered: 'r.ordered_qty - r.cancelled_qty',
  shipped: 'r.shipped_qty',
  ready: 'r.ready_qty',
  backorder: 'greatest(r.ordered_qty - r.shipped_qty - r.cancelled_qty - r.ready_qty, 0)',
};

/**
 * SPEC §2 sorts by the signed-in customer's quantities: the products they have some of (a small set
 * from their own order rows) in quantity order, then every other product newest first.
 */
function listByCustomerQuantity(
  db: Db,
  filter: ProductFilter,
  where: SQL,
  sort: Extract<ProductSortSpec, { kind: 'customer' }>,
  page: { limit: number; offset: number },
): Promise<CardRow[]> {
  const metric = sql.raw(CUSTOMER_METRIC[sort.metric]);
  const dir = sql.raw(sort.dir);
  const { limit, offset } = page;
  const window = limit + offset;
  return rows<CardRow>(
    db,
    sql`with mine as (
      select coalesce(x.parent_id, x.id) as id, sum(${metric})::integer as qty
      from orders o join order_rows r on r.order_id = o.id join products x on x.id = r.product_id
      where o.customer_id = ${sort.customerId}
      group by 1 having sum(${metric}) > 0
    ), ranked as (
      (select p.id, 0 as grp, row_number() over (order by m.qty ${dir}, p.id ${dir}) as rn
       from products p join mine m on m.id = p.id where ${where})
      union all
      (select p.id, 1 as grp, row_number() over (order by p.release_date desc, p.id desc) as rn
       from products p where ${where} and p.id not in (select id from mine)
       order by p.release_date desc, p.id desc limit ${window})
    )
    select ${cardColumns(filter.today)}, page.grp, page.rn
    from (select id, grp, rn from ranked order by grp, rn limit ${limit} offset ${offset}) page
    join products p on p.id = page.id
    order by page.grp, page.rn`,
  );
}

/** How many products match, counting at most `cap + 1` rows (exact counts of broad lists are slow). */
export async function countProducts(db: Db, filter: ProductFilter, cap: number): Promise<number> {
  const where = and([...baseConditions(filter), ...facetConditions(filter)]);
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::integer as n from (select 1 from products p where ${where} limit ${cap + 1}) t`,
  );
  return row?.n ?? 0;
}
