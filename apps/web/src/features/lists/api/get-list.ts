import type { ShoppingList } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LISTS_QUERY_KEY } from '../../../api/lists/get-lists';
import { api } from '../../../lib/api-client';

/** GET /api/lists/{id}: a list with its lines (another customer's: 404). */
export function getList(id: number, signal?: AbortSignal): Promise<ShoppingList> {
  return api.get<ShoppingList>(`/api/lists/${id}`, { signal, silent: true });
}

export function getListQueryOptions(id: number) {
  return queryOptions({ queryKey: [...LISTS_QUERY_KEY, id], queryFn: ({ signal }) => getList(id, signal) });
}

export function useList(id: number) {
  return useQuery(getListQueryOptions(id));
}
