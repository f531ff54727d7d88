import type { FacetField, ListFilter } from '@shop/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The storefront's catalogue reads (SPEC §2, §7; DESIGN §4). Hand-written SQL through Drizzle's `sql`
 * template (every value a bound parameter) because the plans matter at a million products: a list's
 * WHERE + ORDER BY match a partial index of migration 0001, so ORDER BY … LIMIT walks the index and
 * stops after a page; prices, covers and the caller's pricing inputs are read for that page only.
 * EXPLAIN ANALYZE figures at 1,000,000 products are in docs/decisions.md.
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

/** A product row as cards need it (list, variants, home, campaigns). */
export type CardRow = {
  id: number;
  parent_id: number | null;
  sku: string;
  description: string;
  author: string | null;
  label: string | null;
  support: string | null;
  genre: string | null;
  category_id: number | null;
  subcategory_id: number | null;
  vat_id: number;
  release_date: string | null;
  available_qty: number;
  available_for_preorders: boolean;
  available_on_request: boolean;
  low_stock_threshold: number;
  has_variants: boolean;
  is_essential: boolean;
  featured: boolean;
  coming_soon: boolean;
  price: number;
  variant_value: number | null;
  is_default_variant: boolean;
  campaign_price: number | null;
  cover_path: string | null;
};

export type DetailRow = CardRow & {
  extended_description: string | null;
  area: string | null;
  distribution: string | null;
  catalogue_no: string | null;
  ean13: string | null;
  isbn: string | null;
  upc: string | null;
  available_from: string | null;
  min_quantity: number;
  max_quantity: number | null;
  width: number | null;
  height: number | null;
  depth: number | null;
  weight: number | null;
  brand_code: string | null;
  brand_description: string | null;
  brand_logo_url: string | null;
  attributes: Record<string, string> | null;
  images: { path: string; thumb_path: string | null; is_cover: boolean }[] | null;
};

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

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
function baseConditions(f: ProductFilter): SQL[] {
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
function searchCondition(search: NonNullable<ProductFilter['search']>): SQL {
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

function facetConditions(f: ProductFilter, except?: FacetField): SQL[] {
  const c: SQL[] = [];
  for (const [field, values] of Object.entries(f.facets) as [FacetField, (string | number)[]][]) {
    if (field === except) continue;
    for (const v of values) c.push(FACET_CONDITION[field](v));
  }
  return c;
}

const and = (parts: SQL[]) => (parts.length === 0 ? sql`true` : sql.join(parts, sql` and `));

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

/**
 * The cards' columns over `products p`. Category and subcategory codes and VAT rates come from the
 * service's reference cache (no joins: fewer plans to weigh on every request). Campaign price and cover
 * are sub-selects, run for the output rows only; a variant without images shows its product's cover.
 */
function cardColumns(today: string): SQL {
  return sql`p.id, p.parent_id, p.sku, p.description, p.author, p.label, p.support, p.genre,
    p.category_id, p.subcategory_id, p.vat_id, p.release_date::text as release_date,
    p.available_qty, p.available_for_preorders, p.available_on_request, p.low_stock_threshold,
    p.has_variants, p.is_essential, p.featured, p.coming_soon, p.price,
    p.variant_value, p.is_default_variant,
    (select min(cr.price) from campaign_rows cr join campaigns c on c.id = cr.campaign_id
      where cr.product_id = p.id and c.start_date <= ${today}::date and c.end_date >= ${today}::date
    )::integer as campaign_price,
    coalesce(
      (select i.path from images i where i.product_id = p.id order by i.is_cover desc, i.position, i.id limit 1),
      (select i.path from images i where i.product_id = p.parent_id
        order by i.is_cover desc, i.position, i.id limit 1)) as cover_path`;
}

/** The customer's pricing inputs as one JSON value (an uncorrelated sub-select: run once). */
function pricingInputs(customerId: number): SQL {
  return sql`(select json_build_object('type', c.type, 'discount', c.discount, 'tax_rule', c.tax_rule,
      'extra_cee', c.extra_cee, 'customer_group_id', c.customer_group_id,
      'rules', coalesce((select json_agg(json_build_object('customerGroupId', r.customer_group_id,
          'productCategoryId', r.product_category_id, 'rate', r.rate, 'priority', r.priority,
          'blockOthers', r.block_others)) from discount_rules r where r.customer_group_id = c.customer_group_id),
        '[]'::json))
    from customers c where c.id = ${customerId})`;
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

export type FacetRow = { field: FacetField; value: string; n: number };

const FACET_GROUP_SQL: Record<FacetField, string> = {
  label: 'p.label',
  category: 'cat.code',
  subcategory: 'sub.code',
  author: 'p.author',
  area: 'p.area',
  support: 'p.support',
  distribution: 'p.distribution',
  genre: 'p.genre',
};

/**
 * Facet counts in one pass (GROUPING SETS, one set per field): rows matching every non-facet filter
 * are grouped by each field, and each field counts the rows that match all facet filters but its own
 * (standard facet behaviour). The top `top` values per field, by count then value.
 */
export function facetCounts(
  db: Db,
  filter: ProductFilter,
  fields: readonly FacetField[],
  top: number,
): Promise<FacetRow[]> {
  const columns = fields.map((f) => sql.raw(FACET_GROUP_SQL[f]));
  const sets = sql.join(
    columns.map((c) => sql`(${c})`),
    sql`, `,
  );
  // grouping(a, b, …) is a bit mask with a 1 for every column not grouped in the row's set.
  const mask = sql`grouping(${sql.join(columns, sql`, `)})`;
  const cases = fields.map((field, i) => {
    const bits = (1 << fields.length) - 1 - (1 << (fields.length - 1 - i));
    return sql`when ${sql.raw(String(bits))} then ${sql.raw(`'${field}'`)}`;
  });
  const counts = fields.map((field, i) => {
    const bits = (1 << fields.length) - 1 - (1 << (fields.length - 1 - i));
    return sql`when ${sql.raw(String(bits))} then count(*) filter (where ${and(facetConditions(filter, field))})`;
  });
  return rows<FacetRow>(
    db,
    sql`select field, value, n from (
      select field, value, n, row_number() over (partition by field order by n desc, value) as rn
      from (
        select case ${mask} ${sql.join(cases, sql` `)} end as field,
          coalesce(${sql.join(columns, sql`, `)}) as value,
          (case ${mask} ${sql.join(counts, sql` `)} end)::integer as n
        from products p
        left join categories cat on cat.id = p.category_id
        left join subcategories sub on sub.id = p.subcategory_id
        where ${and(baseConditions(filter))}
        group by grouping sets (${sets})
      ) g
      where value is not null and n > 0
    ) ranked
    where rn <= ${top}
    order by field, rn`,
  );
}

/** A product (by its own or one of its variants' SKU) and its variants, as detail rows, product first. */
export function findProductWithVariants(db: Db, sku: string, today: string): Promise<DetailRow[]> {
  return rows<DetailRow>(
    db,
    sql`select ${cardColumns(today)},
      p.extended_description, p.area, p.distribution, p.catalogue_no, p.ean13, p.isbn, p.upc,
      p.available_from::text as available_from, p.min_quantity, p.max_quantity,
      p.width, p.height, p.depth, p.weight,
      b.code as brand_code, b.description as brand_description, b.logo_url as brand_logo_url,
      (select json_object_agg(a.code, a.value) from product_attributes a where a.product_id = p.id) as attributes,
      (select json_agg(json_build_object('path', i.path, 'thumb_path', i.thumb_path, 'is_cover', i.is_cover)
         order by i.position, i.id) from images i where i.product_id = p.id) as images
    from products p
    left join brands b on b.id = p.brand_id
    where p.id = (select coalesce(t.parent_id, t.id) from products t where t.sku = ${sku})
       or p.parent_id = (select coalesce(t.parent_id, t.id) from products t where t.sku = ${sku})
    order by p.parent_id is not null, p.variant_value, p.id`,
  );
}

/** Cards of the given products (campaign pages), in the given order. */
export function listCardsByIds(db: Db, ids: number[], today: string): Promise<CardRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return rows<CardRow>(
    db,
    sql`select ${cardColumns(today)} from products p
    where p.id in ${ids}
    order by array_position(string_to_array(${ids.join(',')}, ',')::integer[], p.id)`,
  );
}

/** The pricing inputs of a customer (DESIGN §6): type, base discount, tax rule and their group's rules. */
export type PricingRow = {
  type: 'G' | 'P';
  discount: number;
  tax_rule: 'standard' | 'exempt';
  extra_cee: boolean;
  customer_group_id: number | null;
  rules: {
    customerGroupId: number;
    productCategoryId: number;
    rate: number;
    priority: number;
    blockOthers: boolean;
  }[];
};

export async function findPricingInputs(db: Db, customerId: number): Promise<PricingRow | undefined> {
  const [row] = await rows<{ pricing: PricingRow | null }>(
    db,
    sql`select ${pricingInputs(customerId)} as pricing`,
  );
  return row?.pricing ?? undefined;
}

/** Category and subcategory codes and VAT rates by id: small tables the service keeps in memory. */
export function listReferenceData(db: Db) {
  return rows<{
    kind: 'category' | 'subcategory' | 'vat';
    id: number;
    code: string | null;
    rate: number | null;
  }>(
    db,
    sql`select 'category' as kind, id, code, null::integer as rate from categories
      union all select 'subcategory', id, code, null from subcategories
      union all select 'vat', id, null, rate from vats`,
  );
}
