import type { QuickOrderReport } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/lists/{id}/cart: the list's lines as cart lines at today's stock, with quick order's report. */
export function listToCart(id: number): Promise<QuickOrderReport> {
  return api.post<QuickOrderReport>(`/api/lists/${id}/cart`);
}

export function useListToCart() {
  return useMutation({ mutationFn: listToCart });
}
