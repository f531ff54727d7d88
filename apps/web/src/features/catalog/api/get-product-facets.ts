import type { ProductFacets } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { facetsApiQuery, type ListState } from '../utils/list-query';

/** GET /api/products/facets: each facet's values with their counts under the current filters. */
export function getProductFacets(state: ListState, signal?: AbortSignal): Promise<ProductFacets> {
  return api.get<ProductFacets>('/api/products/facets', { query: facetsApiQuery(state), signal });
}

export function getProductFacetsQueryOptions(state: ListState) {
  const query = facetsApiQuery(state);
  return queryOptions({
    queryKey: ['product-facets', query],
    queryFn: ({ signal }) => getProductFacets(state, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useProductFacets(state: ListState) {
  return useQuery(getProductFacetsQueryOptions(state));
}
