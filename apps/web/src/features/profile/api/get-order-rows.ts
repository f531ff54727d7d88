import type { CustomerOrderRow, Page } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const ORDER_ROWS_PER_PAGE = 50;

export type OrderRowsFilter = { page: number; ready: boolean };

/** GET /api/customers/{id}/order-rows (SPEC §7): rows still to ship of open orders; `ready` keeps ready ones. */
export function getOrderRows(customerId: number, filter: OrderRowsFilter, signal?: AbortSignal) {
  return api.get<Page<CustomerOrderRow>>(`/api/customers/${customerId}/order-rows`, {
    query: { page: filter.page, per_page: ORDER_ROWS_PER_PAGE, ready: filter.ready ? 'true' : undefined },
    signal,
  });
}

export function getOrderRowsQueryOptions(customerId: number, filter: OrderRowsFilter) {
  return queryOptions({
    queryKey: ['order-rows', customerId, filter],
    queryFn: ({ signal }) => getOrderRows(customerId, filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrderRows(customerId: number, filter: OrderRowsFilter) {
  return useQuery(getOrderRowsQueryOptions(customerId, filter));
}
