import type { StockAlert } from '@shop/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WISHLIST_QUERY_KEY } from '../../../api/lists/add-stock-alert';
import { api } from '../../../lib/api-client';

/** GET /api/wishlist: the products the customer asked to be told about, waiting or already mailed. */
export async function getWishlist(signal?: AbortSignal): Promise<StockAlert[]> {
  return (await api.get<{ data: StockAlert[] }>('/api/wishlist', { signal })).data;
}

export function getWishlistQueryOptions() {
  return queryOptions({ queryKey: WISHLIST_QUERY_KEY, queryFn: ({ signal }) => getWishlist(signal) });
}

export function useWishlist() {
  return useQuery(getWishlistQueryOptions());
}

/** DELETE /api/wishlist/{productId}: no longer notify me. */
export function removeStockAlert(productId: number): Promise<void> {
  return api.delete<void>(`/api/wishlist/${productId}`);
}

export function useRemoveStockAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeStockAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WISHLIST_QUERY_KEY }),
  });
}
