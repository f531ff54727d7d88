import {
  FACET_FIELDS,
  type FacetField,
  LIST_FILTERS,
  type ListFilter,
  messages,
  type ProductListQuery,
  type ProductType,
} from '@shop/domain';
import type { Actor } from '../../lib/context';
import { addDays, addMonths } from '../../lib/dates';
import { ValidationError } from '../../lib/errors';
import type { Reference } from './product-cards.service';
import type * as q from './product-list.queries';
import { planSearch } from './product-search';

/** The list query's parameters as filters and sorts (SPEC §2 listing controls; docs/decisions.md). */

/** SPEC §2 search-box product types, by the `support` values they cover; OTHER is every other support. */
export const SUPPORTS_BY_TYPE: Record<Exclude<ProductType, 'OTHER'>, string[]> = {
  CD: ['CD'],
  LP: ['LP'],
  EP: ['EP'],
  MC: ['MC'],
  SACD: ['SACD'],
  DVD: ['DVD'],
  BLU_RAY: ['Blu-ray'],
  VHS: ['VHS'],
  BOOK: ['Libro'],
  T_SHIRT: ['T-shirt'],
};

export type ProductListFilters = Omit<ProductListQuery, 'page' | 'per_page' | 'sort' | 'dir'> & {
  sku?: string | undefined;
};

/**
 * Turns the query's parameters into the list filter: category and subcategory ids, release windows,
 * product types, search.
 */
export function toFilter(query: ProductListFilters, today: string, reference: Reference): q.ProductFilter {
  const facets: Partial<Record<FacetField, (string | number)[]>> = {};
  const add = (field: FacetField, value: string | undefined) => {
    if (value === undefined) return;
    // Codes become ids; an unknown code matches nothing.
    const resolved =
      field === 'category'
        ? (reference.categoryIds.get(value) ?? -1)
        : field === 'subcategory'
          ? (reference.subcategoryIds.get(value) ?? -1)
          : value;
    facets[field] = [...(facets[field] ?? []), resolved];
  };
  for (const field of FACET_FIELDS) add(field, query[field]);
  let list: ListFilter | undefined;
  if (query.filter && (LIST_FILTERS as readonly string[]).includes(query.filter)) {
    list = query.filter as ListFilter;
  } else if (query.filter) {
    if (query.value === undefined) throw ValidationError.field('value', messages.required);
    add(query.filter as FacetField, query.value);
  }

  // SPEC §2: latest = released in the last three months; released = last week / month / three months.
  let releasedFrom: string | undefined;
  const since = (from: string) => {
    releasedFrom = releasedFrom && releasedFrom > from ? releasedFrom : from;
  };
  if (query.latest) since(addMonths(today, -3));
  if (query.released === 'last_week') since(addDays(today, -7));
  if (query.released === 'last_month') since(addMonths(today, -1));
  if (query.released === 'last_three_months') since(addMonths(today, -3));

  const search = planSearch(query.q);
  const type = query.type;
  return {
    today,
    ...(query.sku !== undefined ? { sku: query.sku } : {}),
    showOutOfStock: query.show_out_of_stock ?? false,
    facets,
    ...(type === undefined
      ? {}
      : type === 'OTHER'
        ? { supports: { exclude: Object.values(SUPPORTS_BY_TYPE).flat() } }
        : { supports: { include: SUPPORTS_BY_TYPE[type] } }),
    ...(list ? { list } : {}),
    ...(releasedFrom ? { releasedFrom, releasedTo: today } : {}),
    ...(query.upcoming ? { releasedAfter: today } : {}),
    ...(search ? { search } : {}),
  };
}

/**
 * SPEC §2 sorts. Default: newest release first (soonest first for coming releases). The customer sorts
 * (ordered, shipped, ready, backorder) need a customer; staff get the default order.
 */
export function toSort(
  query: Pick<ProductListQuery, 'sort' | 'dir' | 'upcoming'>,
  actor: Actor | null,
): q.ProductSortSpec {
  const sort = query.sort ?? 'release_date';
  if (sort === 'ordered' || sort === 'shipped' || sort === 'ready' || sort === 'backorder') {
    if (actor?.customerId) {
      return { kind: 'customer', metric: sort, dir: query.dir ?? 'desc', customerId: actor.customerId };
    }
    return { kind: 'column', column: 'release_date', dir: 'desc' };
  }
  const defaultDir = sort === 'release_date' ? (query.upcoming ? 'asc' : 'desc') : 'asc';
  return { kind: 'column', column: sort, dir: query.dir ?? defaultDir };
}

export const TEXT_SORTS = new Set<q.SortColumn>(['author', 'title', 'distribution', 'format']);

/**
 * Whether a text sort may walk its index: only when its leading column (category, or none) covers the
 * filters. Other filters can correlate with the sorted text (a subcategory's titles all start with
 * "Segnalibro…", a search word with "Notti…"), and a walk would step over most of the catalogue.
 */
export function walkIsExact(filter: q.ProductFilter): boolean {
  const { category, ...others } = filter.facets;
  return (
    (category?.length ?? 0) <= 1 &&
    Object.keys(others).length === 0 &&
    !filter.supports &&
    !filter.list &&
    !filter.releasedFrom &&
    !filter.releasedAfter &&
    !filter.search
  );
}
