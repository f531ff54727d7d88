import type { Order } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** GET /api/orders/{orderNo}: the customer's own order (any order for an administrator). */
export function getOrder(orderNo: string, signal?: AbortSignal): Promise<Order> {
  return api.get<Order>(`/api/orders/${encodeURIComponent(orderNo)}`, { signal });
}

/** A payment decided on the gateway's page reaches the order through its callback: a pending order is looked at again for a while. */
const PENDING_POLL_MS = 2_000;
const PENDING_POLLS = 10;

export function getOrderQueryOptions(orderNo: string) {
  return queryOptions({
    queryKey: ['order', orderNo],
    queryFn: ({ signal }) => getOrder(orderNo, signal),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < PENDING_POLLS
        ? PENDING_POLL_MS
        : false,
  });
}

export function useOrder(orderNo: string) {
  return useQuery(getOrderQueryOptions(orderNo));
}
