import { useMutation } from '@tanstack/react-query';
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
