import type { ShoppingList } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LISTS_QUERY_KEY, refreshLists } from '../../../api/lists/get-lists';
import { api } from '../../../lib/api-client';

/** DELETE /api/lists/{id}/items/{productId}. */
export function removeListItem({ id, productId }: { id: number; productId: number }): Promise<ShoppingList> {
  return api.delete<ShoppingList>(`/api/lists/${id}/items/${productId}`);
}

export function useRemoveListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeListItem,
    onSuccess: (list) => {
      queryClient.setQueryData([...LISTS_QUERY_KEY, list.id], list);
      return refreshLists(queryClient);
    },
  });
}
