import type { CustomerOrderRow, Page } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ORDER_ROWS_PER_PAGE } from './get-order-rows';

/** GET /api/customers/{id}/on-shipping-rows (SPEC §7): rows in a shipping request, with its processing date. */
export function getOnShippingRows(customerId: number, page: number, signal?: AbortSignal) {
  return api.get<Page<CustomerOrderRow>>(`/api/customers/${customerId}/on-shipping-rows`, {
    query: { page, per_page: ORDER_ROWS_PER_PAGE },
    signal,
  });
}

export function getOnShippingRowsQueryOptions(customerId: number, page: number) {
  return queryOptions({
    queryKey: ['on-shipping-rows', customerId, page],
    queryFn: ({ signal }) => getOnShippingRows(customerId, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOnShippingRows(customerId: number, page: number) {
  return useQuery(getOnShippingRowsQueryOptions(customerId, page));
}
