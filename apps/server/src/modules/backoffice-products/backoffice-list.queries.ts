import type { ProductFlag } from '@shop/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchCondition } from '../products/product-list.queries';
import type { SearchPlan } from '../products/product-search';

/**
 * The back-office product list (issue 3): top-level products, every one (unavailable and discontinued
 * too), searched with the storefront's machinery (the GIN tsvector and code index of DESIGN §4) and
 * sorted along the same partial indexes, so a page at 1,000,000 products walks an index and stops.
 */

export type BackofficeFilter = {
  search: SearchPlan | null;
  categoryId?: number | undefined;
  subcategoryId?: number | undefined;
  brandId?: number | undefined;
  label?: string | undefined;
  inStock?: boolean | undefined;
  availableMax?: number | undefined;
  releaseFrom?: string | undefined;
  releaseTo?: string | undefined;
  flags: Partial<Record<ProductFlag, boolean>>;
};

export type BackofficeSort = {
  column: 'id' | 'sku' | 'title' | 'author' | 'release_date';
  dir: 'asc' | 'desc';
};

const SORT_SQL = {
  id: 'p.id',
  sku: 'p.sku',
  title: 'p.description',
  author: 'p.author',
  release_date: 'p.release_date',
};

export function conditions(f: BackofficeFilter): SQL {
  const c: SQL[] = [sql`p.parent_id is null`];
  if (f.search) c.push(searchCondition(f.search));
  if (f.categoryId !== undefined) c.push(sql`p.category_id = ${f.categoryId}`);
  if (f.subcategoryId !== undefined) c.push(sql`p.subcategory_id = ${f.subcategoryId}`);
  if (f.brandId !== undefined) c.push(sql`p.brand_id = ${f.brandId}`);
  if (f.label !== undefined) c.push(sql`p.label = ${f.label}`);
  if (f.inStock !== undefined) c.push(f.inStock ? sql`p.available_qty > 0` : sql`p.available_qty <= 0`);
  if (f.availableMax !== undefined) c.push(sql`p.available_qty <= ${f.availableMax}`);
  if (f.releaseFrom !== undefined) c.push(sql`p.release_date >= ${f.releaseFrom}`);
  if (f.releaseTo !== undefined) c.push(sql`p.release_date <= ${f.releaseTo}`);
  for (const [flag, value] of Object.entries(f.flags)) {
    // The flag names are a closed list (PRODUCT_FLAGS), never user text.
    c.push(sql`${sql.raw(`p.${flag}`)} = ${value}`);
  }
  return sql.join(c, sql` and `);
}

function order(sort: BackofficeSort, alias = 'p'): SQL {
  const column = SORT_SQL[sort.column].replace('p.', `${alias}.`);
  return sql.raw(
    sort.column === 'id' ? `${column} ${sort.dir}` : `${column} ${sort.dir}, ${alias}.id ${sort.dir}`,
  );
}

export type BackofficeRow = {
  id: number;
  sku: string;
  description: string;
  author: string | null;
  label: string | null;
  support: string | null;
  catalogue_no: string | null;
  ean13: string | null;
  isbn: string | null;
  category: string | null;
  subcategory: string | null;
  brand: string | null;
  release_date: string | null;
  price: number;
  available_quantity: number;
  available: boolean;
  discontinued: boolean;
  has_variants: boolean;
  cover_path: string | null;
};

/**
 * One page: the ids first (`walk`: ORDER BY … LIMIT along the sort's index; `collect`: a search's
 * matches gathered by the GIN index, then sorted), then their rows and codes for that page only.
 */
export async function listPage(
  db: Db,
  filter: BackofficeFilter,
  sort: BackofficeSort,
  page: { limit: number; offset: number; plan: 'walk' | 'collect' },
): Promise<BackofficeRow[]> {
  const where = conditions(filter);
  const ids =
    page.plan === 'collect'
      ? sql`with matches as materialized (select p.id, p.sku, p.description, p.author, p.release_date
          from products p where ${where})
        select p.id from matches p order by ${order(sort)} limit ${page.limit} offset ${page.offset}`
      : sql`select p.id from products p where ${where} order by ${order(sort)} limit ${page.limit} offset ${page.offset}`;
  const result = await db.execute(sql`select p.id, p.sku, p.description, p.author, p.label, p.support,
      p.catalogue_no, p.ean13, p.isbn, c.code as category, s.code as subcategory, b.code as brand,
      p.release_date::text as release_date, p.price, p.available_qty as available_quantity, p.available,
      p.discontinued, p.has_variants,
      (select i.path from images i where i.product_id = p.id order by i.is_cover desc, i.position, i.id limit 1)
        as cover_path
    from (${ids}) page
    join products p on p.id = page.id
    left join categories c on c.id = p.category_id
    left join subcategories s on s.id = p.subcategory_id
    left join brands b on b.id = p.brand_id
    order by ${order(sort)}`);
  return (result as unknown as { rows: BackofficeRow[] }).rows;
}

/** How many products match, counting at most `cap + 1`. */
export async function countPage(db: Db, filter: BackofficeFilter, cap: number): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::integer as n from (select 1 from products p where ${conditions(filter)} limit ${cap + 1}) t`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/**
 * The matching products' ids after `afterId`, in id order (exports walk the list in batches), or the
 * ids of their variants.
 */
export async function listIdsAfter(
  db: Db,
  filter: BackofficeFilter,
  afterId: number,
  limit: number,
  rows: 'products' | 'variants',
): Promise<number[]> {
  const query =
    rows === 'products'
      ? sql`select p.id from products p where ${conditions(filter)} and p.id > ${afterId} order by p.id limit ${limit}`
      : sql`select v.id from products v where v.parent_id in (select p.id from products p where ${conditions(filter)})
          and v.id > ${afterId} order by v.id limit ${limit}`;
  const result = await db.execute(query);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
}
