import {
  FACET_FIELDS,
  type FacetField,
  LIST_FILTERS,
  type ListFilter,
  PRODUCT_SORTS,
  type ProductListQuery,
  ProductListQuerySchema,
  type ProductSort,
} from '@shop/domain';
import type { QueryValue } from '../../../lib/api-client';

/**
 * The product list's whole state lives in the URL, under the names of ProductListQuerySchema, so a list
 * can be shared, reloaded and walked with back/forward. These pure functions read and write it.
 */
export type ListState = Omit<ProductListQuery, 'page' | 'per_page'> & { page: number; per_page: number };

export type ListParam = keyof ProductListQuery;

/** URL order: search first, then filters, then sort and paging. */
export const LIST_PARAMS = [
  'q',
  'type',
  'category',
  'subcategory',
  'label',
  'author',
  'area',
  'support',
  'distribution',
  'genre',
  'filter',
  'value',
  'latest',
  'upcoming',
  'show_out_of_stock',
  'released',
  'sort',
  'dir',
  'page',
  'per_page',
] as const satisfies readonly ListParam[];

export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 24;
export const PER_PAGE_OPTIONS = [24, 48, 96] as const;

const FLAGS = new Set<ListParam>(['latest', 'upcoming', 'show_out_of_stock']);
const shape = ProductListQuerySchema.shape;

/**
 * The state of a URL's query. Lenient: a value the API would refuse (unknown sort, page 0, a filter
 * without a known name…) is dropped rather than breaking the page; empty values count as absent.
 */
export function parseListQuery(params: URLSearchParams): ListState {
  const state: Record<string, unknown> = {};
  for (const key of LIST_PARAMS) {
    const raw = params.get(key);
    const parsed = shape[key].safeParse(raw === null || raw.trim() === '' ? undefined : raw);
    if (parsed.success && parsed.data !== undefined) state[key] = parsed.data;
  }
  const result = state as Partial<ListState>;
  return { ...result, page: result.page ?? DEFAULT_PAGE, per_page: result.per_page ?? DEFAULT_PER_PAGE };
}

function toParam(key: ListParam, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (FLAGS.has(key)) return value === true ? '1' : null;
  if (key === 'page' && value === DEFAULT_PAGE) return null;
  if (key === 'per_page' && value === DEFAULT_PER_PAGE) return null;
  return String(value);
}

/** The canonical query of a state: fixed order, defaults and false flags left out. */
export function serializeListQuery(state: Partial<ListState>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of LIST_PARAMS) {
    const value = toParam(key, state[key]);
    if (value !== null) params.set(key, value);
  }
  return params;
}

/** GET /api/products query: the state with page and per_page always explicit. */
export function productsApiQuery(state: ListState): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = Object.fromEntries(serializeListQuery(state));
  query.page = state.page;
  query.per_page = state.per_page;
  return query;
}

/** GET /api/products/facets query: the same filters, without sort and paging. */
export function facetsApiQuery(state: ListState): Record<string, QueryValue> {
  const { sort: _sort, dir: _dir, page: _page, per_page: _perPage, ...filters } = state;
  return Object.fromEntries(serializeListQuery(filters));
}

/** Any change of what is listed goes back to the first page. */
export function updateList(state: ListState, changes: Partial<ListState>): ListState {
  const next: Record<string, unknown> = { ...state, page: DEFAULT_PAGE, ...changes };
  for (const [key, value] of Object.entries(next)) if (value === undefined) delete next[key];
  return next as ListState;
}

/** Setting a facet to its current value clears it (the sidebar's values toggle). */
export function toggleFacet(state: ListState, field: FacetField, value: string): ListState {
  return updateList(state, { [field]: state[field] === value ? undefined : value });
}

/** The list without any filter or search, keeping sort and page size. */
export function resetFilters(state: ListState): ListState {
  const kept: ListState = { page: DEFAULT_PAGE, per_page: state.per_page };
  if (state.sort) kept.sort = state.sort;
  if (state.dir) kept.dir = state.dir;
  return kept;
}

export type ActiveFilter =
  | { kind: 'q'; value: string }
  | { kind: 'type'; value: NonNullable<ListState['type']> }
  | { kind: 'facet'; field: FacetField; value: string }
  | { kind: 'list'; filter: ListFilter }
  /** SPEC §2 `filter=<facet>&value=<v>` links. */
  | { kind: 'filterValue'; field: FacetField; value: string }
  | { kind: 'latest' }
  | { kind: 'upcoming' }
  | { kind: 'show_out_of_stock' }
  | { kind: 'released'; value: NonNullable<ListState['released']> };

const isListFilter = (value: string): value is ListFilter =>
  (LIST_FILTERS as readonly string[]).includes(value);

/** The filters in force, each removable on its own (the chips above the results). */
export function activeFilters(state: ListState): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  if (state.q) active.push({ kind: 'q', value: state.q });
  if (state.type) active.push({ kind: 'type', value: state.type });
  for (const field of FACET_FIELDS) {
    const value = state[field];
    if (value) active.push({ kind: 'facet', field, value });
  }
  if (state.filter) {
    if (isListFilter(state.filter)) active.push({ kind: 'list', filter: state.filter });
    else if (state.value) active.push({ kind: 'filterValue', field: state.filter, value: state.value });
  }
  if (state.latest) active.push({ kind: 'latest' });
  if (state.upcoming) active.push({ kind: 'upcoming' });
  if (state.show_out_of_stock) active.push({ kind: 'show_out_of_stock' });
  if (state.released) active.push({ kind: 'released', value: state.released });
  return active;
}

/** The state without one active filter. */
export function removeFilter(state: ListState, filter: ActiveFilter): ListState {
  switch (filter.kind) {
    case 'facet':
      return updateList(state, { [filter.field]: undefined });
    case 'list':
    case 'filterValue':
      return updateList(state, { filter: undefined, value: undefined });
    case 'q':
    case 'type':
    case 'released':
    case 'latest':
    case 'upcoming':
    case 'show_out_of_stock':
      return updateList(state, { [filter.kind]: undefined });
  }
}

/** Sort select values: '' (the API's default) or `<sort>:<dir>` for each sort both ways. */
export const SORT_OPTIONS = PRODUCT_SORTS.flatMap((sort) => [`${sort}:asc`, `${sort}:desc`] as const);

export function sortValue(state: ListState): string {
  return state.sort ? `${state.sort}:${state.dir ?? 'asc'}` : '';
}

export function withSort(state: ListState, value: string): ListState {
  const [sort, dir] = value.split(':');
  if (!sort || !(PRODUCT_SORTS as readonly string[]).includes(sort)) {
    return updateList(state, { sort: undefined, dir: undefined });
  }
  return updateList(state, { sort: sort as ProductSort, dir: dir === 'desc' ? 'desc' : 'asc' });
}
