import type { CancelBackorderResult } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface CancelBackorderInput {
  customerId: number;
  /** YYYY-MM-DD: orders dated up to and including this day (SPEC §9). */
  date: string;
}

/** POST /api/customers/{id}/cancel-backorder. Silent: a refusal is shown in the confirmation. */
export function cancelBackorder({ customerId, date }: CancelBackorderInput) {
  return api.post<CancelBackorderResult>(
    `/api/customers/${customerId}/cancel-backorder`,
    { date },
    { silent: true },
  );
}

/** Cancelled quantities leave the backorders and the open rows, and may close orders: those are read again. */
export function useCancelBackorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBackorder,
    onSuccess: (_, { customerId }) =>
      Promise.all([
        ...['backorders', 'order-rows', 'customer-orders'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key, customerId] }),
        ),
        queryClient.invalidateQueries({ queryKey: ['order'] }),
      ]),
  });
}
