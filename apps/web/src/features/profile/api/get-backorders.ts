import type { BackorderPage } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const BACKORDERS_PER_PAGE = 50;

export type BackordersFilter = { page: number; upTo?: string; perPage?: number };

/**
 * GET /api/customers/{id}/backorders: rows of open orders with a not-ready residual, oldest first;
 * `meta.quantity` counts the units over every page, `upTo` keeps orders dated up to that day.
 */
export function getBackorders(customerId: number, filter: BackordersFilter, signal?: AbortSignal) {
  return api.get<BackorderPage>(`/api/customers/${customerId}/backorders`, {
    query: { page: filter.page, per_page: filter.perPage ?? BACKORDERS_PER_PAGE, up_to: filter.upTo },
    signal,
  });
}

export function getBackordersQueryOptions(customerId: number, filter: BackordersFilter) {
  return queryOptions({
    queryKey: ['backorders', customerId, filter],
    queryFn: ({ signal }) => getBackorders(customerId, filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBackorders(customerId: number, filter: BackordersFilter) {
  return useQuery(getBackordersQueryOptions(customerId, filter));
}
