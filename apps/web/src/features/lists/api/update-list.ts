import type { ShoppingList, UpdateShoppingList } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LISTS_QUERY_KEY, refreshLists } from '../../../api/lists/get-lists';
import { api } from '../../../lib/api-client';

/** PATCH /api/lists/{id}: rename, share or not, replace the lines (the owner only). */
export function updateList({ id, ...input }: UpdateShoppingList & { id: number }): Promise<ShoppingList> {
  return api.patch<ShoppingList>(`/api/lists/${id}`, input);
}

export function useUpdateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateList,
    onSuccess: (list) => {
      queryClient.setQueryData([...LISTS_QUERY_KEY, list.id], list);
      return refreshLists(queryClient);
    },
  });
}
