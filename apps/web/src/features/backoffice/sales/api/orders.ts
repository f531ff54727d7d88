import type {
  BackofficeOrderDetail,
  BackofficeOrderListItem,
  BackofficeOrderRow,
  CustomerListItem,
  OrderRefund,
  OrderStatus,
  Page,
  ShipmentRequest,
  ShipmentResult,
} from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryClient } from '../../../../lib/query-client';
import type { ListParams } from '../../scaffold/use-list-params';

/**
 * The back office's orders (SPEC §7 GET /api/orders; §4 actions): the list with its filters, the detail
 * (GET /api/backoffice/orders/{orderNo}), status changes, row cancels and shipments. Actions are silent:
 * their 409s and 422s are shown where the action was taken, not by the global handling.
 */
export const orderKeys = {
  list: ['bo', 'orders'] as const,
  detail: (orderNo: string) => ['bo', 'order', orderNo] as const,
  customers: ['bo', 'orders', 'customer-choices'] as const,
};

const FILTERS = [
  'q',
  'status',
  'date_from',
  'date_to',
  'customer_id',
  'channel',
  'payment_method',
  'erp_sync',
  'sort',
  'dir',
] as const;

export const listOrders = (params: ListParams, signal?: AbortSignal) =>
  api.get<Page<BackofficeOrderListItem>>('/api/orders', {
    query: Object.fromEntries(
      ['page', 'per_page', ...FILTERS].filter((k) => params[k]).map((k) => [k, params[k]]),
    ),
    signal,
  });

export const getOrder = (orderNo: string, signal?: AbortSignal) =>
  api.get<BackofficeOrderDetail>(`/api/backoffice/orders/${encodeURIComponent(orderNo)}`, { signal });

export const setOrderStatus = (orderNo: string, status: OrderStatus) =>
  api.post<BackofficeOrderDetail>(
    `/api/orders/${encodeURIComponent(orderNo)}/status`,
    { status },
    { silent: true },
  );

export const cancelOrderRow = (rowId: number, quantity: number) =>
  api.post<BackofficeOrderRow>(`/api/order-rows/${rowId}/cancel`, { quantity }, { silent: true });

export const shipOrderRows = (orderNo: string, body: ShipmentRequest) =>
  api.post<ShipmentResult>(`/api/orders/${encodeURIComponent(orderNo)}/shipments`, body, { silent: true });

/** Gives back what the order collected beyond what it owes (Stripe's refund, or recorded by hand). */
export const refundOrder = (orderNo: string) =>
  api.post<OrderRefund>(`/api/orders/${encodeURIComponent(orderNo)}/refunds`, undefined, { silent: true });

/** After an action the order's detail and every page of the list read it again. */
export function refreshOrder(orderNo: string): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey.includes(orderNo) || (query.queryKey[0] === 'bo' && query.queryKey[1] === 'orders'),
  });
}

/** A customer's name as the order list shows it: a company by its name, a person by first and last name. */
export function customerName(
  c: Pick<CustomerListItem, 'type' | 'company' | 'firstname' | 'lastname' | 'email'>,
) {
  const person = [c.firstname, c.lastname].filter(Boolean).join(' ');
  return (c.type === 'G' && c.company) || person || c.company || c.email;
}

/** The customers as choices of the list's customer filter (GET /api/customers, by name). */
export function useCustomerChoices() {
  const { data } = useQuery({
    queryKey: orderKeys.customers,
    queryFn: ({ signal }) =>
      api.get<Page<CustomerListItem>>('/api/customers', { query: { per_page: 100 }, signal }),
    staleTime: 60_000,
  });
  return (data?.data ?? []).map((c) => ({ value: String(c.id), label: `${customerName(c)} (${c.email})` }));
}
