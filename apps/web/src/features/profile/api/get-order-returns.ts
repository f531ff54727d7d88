import type { OrderReturns } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/orders/{orderNo}/returns: the order's returns and what of each shipped row may still be returned. */
export function getOrderReturns(orderNo: string, signal?: AbortSignal) {
  return api.get<OrderReturns>(`/api/orders/${encodeURIComponent(orderNo)}/returns`, { signal });
}

export function getOrderReturnsQueryOptions(orderNo: string) {
  return queryOptions({
    queryKey: ['order-returns', orderNo],
    queryFn: ({ signal }) => getOrderReturns(orderNo, signal),
  });
}

export function useOrderReturns(orderNo: string, enabled = true) {
  return useQuery({ ...getOrderReturnsQueryOptions(orderNo), enabled });
}
