import type { ShippingRequest } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface RequestShippingInput {
  customerId: number;
  rowIds: number[];
  /** One per attempt, the same on its retries: the server writes the request once (DESIGN §5). */
  idempotencyKey: string;
}

/**
 * POST /api/customers/{id}/shipping-requests (DESIGN §6 rule 12): the ready rows go on shipping.
 * Silent: a refusal (a row no longer ready) is shown in the confirmation.
 */
export function requestShipping({ customerId, rowIds, idempotencyKey }: RequestShippingInput) {
  return api.post<ShippingRequest>(
    `/api/customers/${customerId}/shipping-requests`,
    { row_ids: rowIds },
    { headers: { 'Idempotency-Key': idempotencyKey }, silent: true },
  );
}

/** Rows move from the open rows to the rows being shipped: those lists, the backorders and order pages are read again. */
export function useRequestShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestShipping,
    onSuccess: (_, { customerId }) =>
      Promise.all([
        ...['order-rows', 'on-shipping-rows', 'backorders'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key, customerId] }),
        ),
        queryClient.invalidateQueries({ queryKey: ['order'] }),
      ]),
  });
}
