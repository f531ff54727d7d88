import type { AddOrderRowsInput, BackofficeProductPage, Order, OrderEditInput } from '@shop/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryClient } from '../../../../lib/query-client';

/**
 * Editing an order in the back office (SPEC §7): GET /api/orders/{orderNo} (administrators read any),
 * PUT /api/orders/{orderNo}, POST /api/order/{id}/rows, and the product search of the rows to add.
 * Writes are silent: their 409s and 422s are shown on the form, not by the global handling.
 */
export const orderEditKeys = {
  order: (orderNo: string) => ['bo', 'order-edit', orderNo] as const,
  productSearch: (q: string) => ['bo', 'order-edit', 'products', q] as const,
};

export const getOrderForEdit = (orderNo: string, signal?: AbortSignal) =>
  api.get<Order>(`/api/orders/${encodeURIComponent(orderNo)}`, { signal });

export const orderForEditQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: orderEditKeys.order(orderNo),
    queryFn: ({ signal }) => getOrderForEdit(orderNo, signal),
    staleTime: 0,
  });

export const editOrder = (orderNo: string, body: OrderEditInput) =>
  api.put<Order>(`/api/orders/${encodeURIComponent(orderNo)}`, body, { silent: true });

export const addOrderRows = (orderId: number, body: AddOrderRowsInput) =>
  api.post<Order>(`/api/order/${orderId}/rows`, body, { silent: true });

/** GET /api/backoffice/products?q=: the first products matching a SKU or a title. */
export const searchProducts = (q: string, signal?: AbortSignal) =>
  api.get<BackofficeProductPage>('/api/backoffice/products', { query: { q, per_page: 10 }, signal });

/** After an edit every cached view of the order (detail, list, this form) reads it again. */
export function forgetOrder(orderNo: string): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey.includes(orderNo) || (query.queryKey[0] === 'bo' && query.queryKey[1] === 'orders'),
  });
}
