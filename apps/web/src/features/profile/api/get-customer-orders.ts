import type { CustomerOrderSummary, OrderStatus, Page } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const CUSTOMER_ORDERS_PER_PAGE = 20;

export type CustomerOrdersFilter = { page: number; status: OrderStatus | undefined };

/** GET /api/customer/{id}/orders (SPEC §7): a page of the customer's orders, newest first. */
export function getCustomerOrders(customerId: number, filter: CustomerOrdersFilter, signal?: AbortSignal) {
  return api.get<Page<CustomerOrderSummary>>(`/api/customer/${customerId}/orders`, {
    query: { page: filter.page, per_page: CUSTOMER_ORDERS_PER_PAGE, status: filter.status },
    signal,
  });
}

export function getCustomerOrdersQueryOptions(customerId: number, filter: CustomerOrdersFilter) {
  return queryOptions({
    queryKey: ['customer-orders', customerId, filter],
    queryFn: ({ signal }) => getCustomerOrders(customerId, filter, signal),
    // The page being left stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useCustomerOrders(customerId: number, filter: CustomerOrdersFilter) {
  return useQuery(getCustomerOrdersQueryOptions(customerId, filter));
}
