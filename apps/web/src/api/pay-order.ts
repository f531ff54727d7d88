import type { Order, OrderPaymentState } from '@shop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/**
 * POST /api/orders/{orderNo}/payments: a new payment for a pending (or declined) order; the browser
 * goes to the gateway's page. Silent: a refusal is shown beside the button.
 */
export function payOrder(orderNo: string): Promise<{ redirect_url: string }> {
  return api.post<{ redirect_url: string }>(
    `/api/orders/${encodeURIComponent(orderNo)}/payments`,
    undefined,
    {
      silent: true,
    },
  );
}

export function usePayOrder() {
  return useMutation({ mutationFn: payOrder });
}

/** GET /api/orders/{orderNo}/payments: what the order collected and what 'Pay now' would ask for now. */
export function useOrderPayment(order: Order) {
  return useQuery({
    // The order's status and total are in the key: a payment or an edit reads it again.
    queryKey: ['order', order.orderNo, 'payment', order.status, order.total],
    queryFn: ({ signal }) =>
      api.get<OrderPaymentState>(`/api/orders/${encodeURIComponent(order.orderNo)}/payments`, { signal }),
    staleTime: 0,
  });
}
