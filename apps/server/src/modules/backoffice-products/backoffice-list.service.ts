import {
  type BackofficeProductPage,
  type BackofficeProductQuery,
  BackofficeProductQuerySchema,
  PRODUCT_FLAGS,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { uploadUrl } from '../products/product-cards.service';
import { planSearch } from '../products/product-search';
import { COUNT_LIMIT, MAX_WINDOW, TOTAL_CAP } from '../products/products.service';
import * as q from './backoffice-list.queries';

/**
 * GET /api/backoffice/products (SPEC §2 back-office products list): search, filters, sort, pages, with
 * the storefront's caps (an exact total up to 10,000, then an estimate flag; pages within the first
 * 10,000 rows: staff refine the search rather than page that deep).
 */

type Reader = Pick<Ctx, 'db'>;

export type BackofficeFilters = Omit<BackofficeProductQuery, 'page' | 'per_page' | 'sort' | 'dir'>;

/** The query's filters as the list's filter (exports use the same). */
export function toBackofficeFilter(query: BackofficeFilters): q.BackofficeFilter {
  const flags: q.BackofficeFilter['flags'] = {};
  for (const flag of PRODUCT_FLAGS) {
    const value = query[flag];
    if (value !== undefined) flags[flag] = value;
  }
  return {
    search: planSearch(query.q),
    categoryId: query.category_id,
    subcategoryId: query.subcategory_id,
    brandId: query.brand_id,
    label: query.label,
    inStock: query.in_stock,
    availableMax: query.available_max,
    releaseFrom: query.release_from,
    releaseTo: query.release_to,
    flags,
  };
}

export async function listBackofficeProducts(
  ctx: Reader,
  query: BackofficeProductQuery,
): Promise<BackofficeProductPage> {
  const filter = toBackofficeFilter(query);
  const sort = { column: query.sort, dir: query.dir };
  const offset = (query.page - 1) * query.per_page;
  const count = q.countPage(ctx.db, filter, filter.search ? COUNT_LIMIT : TOTAL_CAP);
  // A search's few matches are sorted after they are found; walking a sort's index past them could
  // step over most of the catalogue.
  const plan = filter.search && (await count) <= COUNT_LIMIT ? 'collect' : 'walk';
  // Awaited together: a page query that fails first must not leave the count's rejection unhandled
  // (it ended the process, issue 15).
  const [rows, total] = await Promise.all([
    offset >= MAX_WINDOW ? [] : q.listPage(ctx.db, filter, sort, { limit: query.per_page, offset, plan }),
    count,
  ]);
  const capped = total > TOTAL_CAP;
  return {
    data: rows.map(({ cover_path, ...row }) => ({ ...row, cover_url: uploadUrl(cover_path) })),
    meta: {
      total: capped ? TOTAL_CAP : total,
      page: query.page,
      per_page: query.per_page,
      ...(capped ? { total_is_estimate: true } : {}),
    },
  };
}

/**
 * The ids an export of the back-office list walks (GET /api/exports/products?<the list's filters>):
 * the list's products, or their variants, after `afterId` in id order.
 */
export async function listProductIdsForExport(
  ctx: Reader,
  query: Record<string, unknown>,
  afterId: number,
  limit: number,
  rows: 'products' | 'variants',
): Promise<number[]> {
  const filters = BackofficeProductQuerySchema.omit({
    page: true,
    per_page: true,
    sort: true,
    dir: true,
  }).parse(query);
  return q.listIdsAfter(ctx.db, toBackofficeFilter(filters), afterId, limit, rows);
}
