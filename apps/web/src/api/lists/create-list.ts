import type { CreateShoppingList, ShoppingList } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { refreshLists } from './get-lists';

/** POST /api/lists: a new list, empty, from the cart's lines or from one of the customer's orders. */
export function createList(input: CreateShoppingList): Promise<ShoppingList> {
  return api.post<ShoppingList>('/api/lists', input);
}

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createList, onSuccess: () => refreshLists(queryClient) });
}
