import type { CartLineInput, ShoppingList } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { refreshLists } from './get-lists';

/** POST /api/lists/{id}/items: 'Add to list'; the same product already there raises its quantity. */
export function addListItem({
  listId,
  line,
}: {
  listId: number;
  line: CartLineInput;
}): Promise<ShoppingList> {
  return api.post<ShoppingList>(`/api/lists/${listId}/items`, line);
}

export function useAddListItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addListItem, onSuccess: () => refreshLists(queryClient) });
}
