import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const WISHLIST_QUERY_KEY = ['wishlist'] as const;

/** POST /api/wishlist: 'Notify me' when a product that cannot be ordered yet can be. */
export function addStockAlert(productId: number): Promise<void> {
  return api.post<void>('/api/wishlist', { product_id: productId });
}

export function useAddStockAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStockAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WISHLIST_QUERY_KEY }),
  });
}
