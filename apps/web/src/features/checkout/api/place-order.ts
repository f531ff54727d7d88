import type { PlacedOrder, PlaceOrderRequest } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface PlaceOrderInput {
  request: PlaceOrderRequest;
  /** One per attempt, the same on its retries: the server writes the order once (DESIGN §5). */
  idempotencyKey: string;
}

/**
 * POST /api/orders: the server re-prices the cart, reserves the stock and writes the order in one
 * transaction. Silent: every failure is shown on the checkout ('An error as occurred inserting the
 * order. Retry later.', SPEC §8) instead of the global sign-out.
 */
export function placeOrder({ request, idempotencyKey }: PlaceOrderInput): Promise<PlacedOrder> {
  return api.post<PlacedOrder>('/api/orders', request, {
    headers: { 'Idempotency-Key': idempotencyKey },
    silent: true,
  });
}

export function usePlaceOrder() {
  return useMutation({ mutationFn: placeOrder });
}
