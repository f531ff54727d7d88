import {
  FACET_FIELDS,
  type ProductCard,
  type ProductDetail,
  type ProductFacets,
  type ProductListQuery,
  type VolumeTerms,
} from '@shop/domain';
import type { Db } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import { NotFoundError } from '../../lib/errors';
import { TtlLruCache } from '../../lib/lru-cache';
import { correctWords } from '../search/spelling.service';
import { listIndexOf } from './list-index/list-index.service';
import { loadPricing, type PricingContext, referenceOf, toCard, uploadUrl } from './product-cards.service';
import { facetCounts } from './product-facets.queries';
import {
  type ProductListFilters,
  TEXT_SORTS,
  toFilter,
  toSort,
  walkIsExact,
} from './product-filters.service';
import {
  countProducts,
  listProductPage,
  type ProductFilter,
  type ProductSortSpec,
} from './product-list.queries';
import * as q from './products.queries';

export { loadPricing, type PricingContext } from './product-cards.service';

/**
 * The storefront catalogue (SPEC §2 listing controls, §3 Product; DESIGN §4, §6): product lists with
 * filters, sorts and search, facet counts, product detail, every card priced for the signed-in customer
 * by the domain pricing engine.
 */

type Reader = Pick<Ctx, 'db' | 'now' | 'actor'>;

/** `total` is exact up to this many products; beyond, it is this number, flagged an estimate. */
export const TOTAL_CAP = 10_000;
/** Pages start within the first TOTAL_CAP products; deeper pages are empty (refine the filters). */
export const MAX_WINDOW = TOTAL_CAP;
/** Lists are counted exactly up to this many products (cached 60 s); the count also picks plans. */
export const COUNT_LIMIT = 50_000;
/**
 * A text sort whose filters its index does not cover collects and sorts its matches instead of walking
 * the index when they are at most this many (a search's matches, found by the GIN index, up to
 * COUNT_LIMIT). Measured at 1,000,000 products: collecting 10,000 rows through a btree bitmap takes
 * up to ~70 ms cold, 30,000 search matches ~90 ms; a walk over correlated rows took 0.3–2.5 s.
 */
const COLLECT_MAX = 10_000;
const FACET_TOP = 30;

/**
 * Storefront reads are cached per server instance (docs/decisions.md, "Catalogue read cache"): list
 * totals and facet counts for 60 s; the rows of a page or a product for PAGE_TTL_MS, so stock and
 * campaign prices on the list and product pages may be that much behind; a customer's pricing inputs
 * for PRICING_TTL_MS. The cart quote and the order read everything fresh: they alone decide.
 * Per database, so per app.
 */
export const PAGE_TTL_MS = 5_000;
export const PRICING_TTL_MS = 10_000;
/** A page's card rows and how many products the list has (to COUNT_LIMIT, or to TOTAL_CAP + 1). */
type IndexedPage = { rows: q.CardRow[]; count: number };
type Caches = {
  indexedPages: TtlLruCache<IndexedPage>;
  counts: TtlLruCache<number>;
  facets: TtlLruCache<ProductFacets>;
  pages: TtlLruCache<q.CardRow[]>;
  details: TtlLruCache<q.DetailRow[]>;
  pricing: TtlLruCache<PricingContext>;
};
const caches = new WeakMap<Db, Caches>();
function cachesOf(db: Db): Caches {
  let c = caches.get(db);
  if (!c) {
    c = {
      indexedPages: new TtlLruCache(2_000, PAGE_TTL_MS),
      counts: new TtlLruCache(500, 60_000),
      facets: new TtlLruCache(500, 60_000),
      pages: new TtlLruCache(2_000, PAGE_TTL_MS),
      details: new TtlLruCache(5_000, PAGE_TTL_MS),
      pricing: new TtlLruCache(5_000, PRICING_TTL_MS),
    };
    caches.set(db, c);
  }
  return c;
}

/**
 * Forgets this instance's cached pages, product details, totals and facets after a write that changes
 * what they show (a campaign's dates or prices), so the storefront shows it at once. Call it with the
 * app's database, after the transaction has committed.
 */
export function forgetCatalogueReads(db: Db): void {
  const c = caches.get(db);
  if (!c) return;
  c.indexedPages.clear();
  c.pages.clear();
  c.details.clear();
  c.counts.clear();
  c.facets.clear();
}

/** The caller's pricing context for catalogue pages (a few seconds old at most). */
function cachedPricing(ctx: Reader): Promise<PricingContext> {
  const customerId = ctx.actor?.customerId;
  if (!customerId) return loadPricing(ctx);
  return cachesOf(ctx.db).pricing.getOrCompute(String(customerId), () => loadPricing(ctx));
}

/**
 * Forgets this instance's cached pricing inputs of the customers of these groups, after their discount
 * rules changed (call it with the app's db, after the commit); other instances catch up within
 * PRICING_TTL_MS.
 */
export function forgetGroupPricing(db: Db, customerGroupIds: readonly number[]): void {
  cachesOf(db).pricing.deleteWhere(
    (p) => p.customer?.customerGroupId != null && customerGroupIds.includes(p.customer.customerGroupId),
  );
}

/** Forgets this instance's cached pricing inputs of one customer, after their own terms changed. */
export function forgetCustomerPricing(db: Db, customerId: number): void {
  cachesOf(db).pricing.delete(String(customerId));
}

/** Forgets every customer's cached pricing inputs, after an import of customers, groups or rules. */
export function forgetAllPricing(db: Db): void {
  cachesOf(db).pricing.clear();
}

export type ProductListPage = {
  data: ProductCard[];
  meta: {
    total: number;
    page: number;
    per_page: number;
    total_is_estimate?: boolean;
    /** The corrected words whose products these are, when the typed ones found nothing (issue 22). */
    did_you_mean?: string;
  };
};

/**
 * GET /api/products: one page of cards priced for the caller, with the (capped) total. One statement
 * for the page (the caller's pricing inputs ride along as a column); the count comes from the cache, or
 * a second statement run alongside (first, when it decides the plan of a text sort).
 */
export async function listProducts(
  ctx: Reader,
  query: ProductListQuery & { sku?: string | undefined },
): Promise<ProductListPage> {
  const result = await listProductsAsTyped(ctx, query);
  // A search that finds nothing runs again with its unknown words corrected ("did you mean …"). Only
  // then: a search that finds something pays nothing for it.
  if (result.meta.total > 0 || !query.q || query.sku !== undefined) return result;
  const corrected = await correctWords(ctx.db, query.q);
  if (!corrected) return result;
  const other = await listProductsAsTyped(ctx, { ...query, q: corrected });
  if (other.meta.total === 0) return result;
  return { ...other, meta: { ...other.meta, did_you_mean: corrected } };
}

async function listProductsAsTyped(ctx: Reader, query: ProductListQuery & { sku?: string | undefined }) {
  const today = shopDate(ctx.now());
  const reference = await referenceOf(ctx.db);
  const filter = toFilter(query, today, reference);
  const sort = toSort(query, ctx.actor);
  const offset = (query.page - 1) * query.per_page;
  const cache = cachesOf(ctx.db);
  // A customer sort carries the customer's id, so their page is theirs alone.
  const pageKey = JSON.stringify([filter, sort, offset, query.per_page]);
  const [page, pricing] = await Promise.all([
    cache.indexedPages.getOrCompute(pageKey, async () => {
      const indexed = await listFromIndex(ctx, filter, sort, offset, query.per_page);
      if (indexed) return indexed;
      const [rows, count] = await Promise.all([
        listFromSql(ctx, filter, sort, offset, query.per_page),
        countOf(ctx.db, filter),
      ]);
      return { rows, count };
    }),
    cachedPricing(ctx),
  ]);
  const counted = page.count;
  const cards = { pricing, today, reference };
  const capped = counted > TOTAL_CAP;
  const result: ProductListPage = {
    data: page.rows.map((row) => toCard(row, cards)),
    meta: {
      total: capped ? TOTAL_CAP : counted,
      page: query.page,
      per_page: query.per_page,
      ...(capped ? { total_is_estimate: true } : {}),
    },
  };
  return result;
}

/** The page and its count from the list index (issue 23), or null when it cannot answer this list. */
async function listFromIndex(
  ctx: Reader,
  filter: ProductFilter,
  sort: ProductSortSpec,
  offset: number,
  limit: number,
  countCap = TOTAL_CAP + 1,
): Promise<IndexedPage | null> {
  const index = listIndexOf(ctx.db);
  if (!index?.isReady) return null;
  // Past the window only the count is wanted: pages there are empty, as on SQL.
  const window = offset >= MAX_WINDOW ? { offset: 0, limit: 0 } : { offset, limit };
  return index.list(filter, sort, window, countCap);
}

/** How many products match, counted to COUNT_LIMIT (cached a minute). */
function countOf(db: Db, filter: ProductFilter): Promise<number> {
  return cachesOf(db).counts.getOrCompute(JSON.stringify(filter), () =>
    countProducts(db, filter, COUNT_LIMIT),
  );
}

/** The page from SQL (product-list.queries.ts), the plan of a text sort decided by the count. */
async function listFromSql(
  ctx: Reader,
  filter: ProductFilter,
  sort: ProductSortSpec,
  offset: number,
  limit: number,
): Promise<q.CardRow[]> {
  if (offset >= MAX_WINDOW) return [];
  const mayCollect = sort.kind === 'column' && TEXT_SORTS.has(sort.column) && !walkIsExact(filter);
  let plan: 'walk' | 'collect' = 'walk';
  if (mayCollect) {
    const count = await countOf(ctx.db, filter);
    if (count <= (filter.search ? COUNT_LIMIT : COLLECT_MAX)) plan = 'collect';
  }
  return listProductPage(ctx.db, filter, sort, { limit, offset, plan });
}

/**
 * The first `limit` cards of the default list (newest first, in stock) for the words of `q`, priced
 * for the caller: the products of the search suggestions (issue 22). Cached with the list's pages.
 */
export async function productSuggestions(ctx: Reader, q: string, limit: number): Promise<ProductCard[]> {
  const today = shopDate(ctx.now());
  const reference = await referenceOf(ctx.db);
  const filter = toFilter({ q }, today, reference);
  if (!filter.search) return [];
  const sort: ProductSortSpec = { kind: 'column', column: 'release_date', dir: 'desc' };
  const page = { limit, offset: 0, plan: 'walk' as const };
  const [rows, pricing] = await Promise.all([
    cachesOf(ctx.db).pages.getOrCompute(JSON.stringify(['suggestions', filter, limit]), async () => {
      const indexed = await listFromIndex(ctx, filter, sort, 0, limit, 0);
      return indexed ? indexed.rows : listProductPage(ctx.db, filter, sort, page);
    }),
    cachedPricing(ctx),
  ]);
  return rows.map((row) => toCard(row, { pricing, today, reference }));
}

/** The first `limit` cards of a list (home page shelves), priced with an already loaded context. */
export async function productShelf(
  ctx: Reader,
  pricing: PricingContext,
  query: Partial<ProductListQuery>,
  limit: number,
): Promise<ProductCard[]> {
  const today = shopDate(ctx.now());
  const reference = await referenceOf(ctx.db);
  const filter = toFilter(query as ProductListFilters, today, reference);
  const sort = toSort(query, ctx.actor);
  const page = { limit, offset: 0, plan: 'walk' as const };
  const rows = await listProductPage(ctx.db, filter, sort, page);
  return rows.map((row) => toCard(row, { pricing, today, reference }));
}

/** Cards of the given product ids in that order (campaign pages). */
export async function productCardsByIds(
  ctx: Reader,
  pricing: PricingContext,
  ids: number[],
): Promise<ProductCard[]> {
  const today = shopDate(ctx.now());
  const [rows, reference] = await Promise.all([q.listCardsByIds(ctx.db, ids, today), referenceOf(ctx.db)]);
  return rows.map((row) => toCard(row, { pricing, today, reference }));
}

/** GET /api/products/facets: the top values of every facet field with counts (standard facets). */
export async function productFacets(ctx: Reader, query: ProductListFilters): Promise<ProductFacets> {
  const today = shopDate(ctx.now());
  const filter = toFilter(query, today, await referenceOf(ctx.db));
  return cachesOf(ctx.db).facets.getOrCompute(JSON.stringify(filter), async () => {
    const facets = Object.fromEntries(FACET_FIELDS.map((f) => [f, [] as { value: string; count: number }[]]));
    for (const row of await facetCounts(ctx.db, filter, FACET_FIELDS, FACET_TOP)) {
      facets[row.field]?.push({ value: row.value, count: row.n });
    }
    return { facets } as ProductFacets;
  });
}

/**
 * GET /api/products/{sku}: the product with attributes, images, brand and its variants, each priced
 * and with its own availability. A variant's SKU answers its product's detail (docs/decisions.md).
 */
export async function getProduct(ctx: Reader, sku: string): Promise<ProductDetail> {
  const today = shopDate(ctx.now());
  const [rows, reference, pricing] = await Promise.all([
    cachesOf(ctx.db).details.getOrCompute(`${today} ${sku}`, () =>
      q.findProductWithVariants(ctx.db, sku, today),
    ),
    referenceOf(ctx.db),
    cachedPricing(ctx),
  ]);
  const [product, ...variants] = rows;
  if (!product) throw new NotFoundError();
  const cards = { pricing, today, reference };
  const customerId = pricing.customer ? ctx.actor?.customerId : undefined;
  const contracts = customerId
    ? await q.findContractPrices(
        ctx.db,
        rows.map((r) => r.id),
        customerId,
        today,
      )
    : [];
  // DESIGN §6 rule 17: each row priced at the quantity it is first sold in, with its tiers and contract rows.
  const volumeOf = (row: q.DetailRow, quantity = Math.max(1, row.min_quantity)): VolumeTerms => ({
    quantity,
    tiers: row.tiers ?? [],
    contractPrices: contracts.filter((c) => c.productId === row.id),
  });
  return {
    ...toCard(product, cards, volumeOf(product)),
    extended_description: product.extended_description,
    area: product.area,
    distribution: product.distribution,
    catalogue_no: product.catalogue_no,
    ean13: product.ean13,
    isbn: product.isbn,
    upc: product.upc,
    brand: product.brand_code
      ? {
          code: product.brand_code,
          description: product.brand_description ?? product.brand_code,
          logo_url: product.brand_logo_url,
        }
      : null,
    available_from: product.available_from,
    min_quantity: product.min_quantity,
    max_quantity: product.max_quantity,
    width: product.width,
    height: product.height,
    depth: product.depth,
    weight: product.weight,
    images: (product.images ?? []).map((i) => ({
      url: uploadUrl(i.path)!,
      thumb_url: uploadUrl(i.thumb_path),
      is_cover: i.is_cover,
    })),
    attributes: product.attributes ?? {},
    tiers: (product.tiers ?? []).map((t) => {
      const price = toCard(product, cards, volumeOf(product, t.minQuantity)).price;
      return {
        min_quantity: t.minQuantity,
        unit_price: price.unit_price,
        unit_price_with_vat: price.unit_price_with_vat,
      };
    }),
    variants: variants.map((v) => ({
      ...toCard(v, cards, volumeOf(v)),
      variant_value: v.variant_value,
      is_default: v.is_default_variant,
      attributes: v.attributes ?? {},
    })),
  };
}
