import type { ShoppingListSummary } from '@shop/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** GET /api/lists: the customer user's saved carts and lists, and those his colleagues share with him. */
export async function getLists(signal?: AbortSignal): Promise<ShoppingListSummary[]> {
  return (await api.get<{ data: ShoppingListSummary[] }>('/api/lists', { signal })).data;
}

export const LISTS_QUERY_KEY = ['lists'] as const;

export function getListsQueryOptions() {
  return queryOptions({ queryKey: LISTS_QUERY_KEY, queryFn: ({ signal }) => getLists(signal) });
}

export function useLists(enabled = true) {
  return useQuery({ ...getListsQueryOptions(), enabled });
}

/** After a write: the lists (and any open list) are read again. */
export function refreshLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: LISTS_QUERY_KEY });
}
