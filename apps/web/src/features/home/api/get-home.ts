import type { Home } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/home (public): showcases (empty for visitors), in-home campaigns, categories and brands. */
export function getHome(signal?: AbortSignal): Promise<Home> {
  return api.get<Home>('/api/home', { signal });
}

/** Keyed by the signed-in user: the showcases and their prices are per customer. */
export function getHomeQueryOptions(userId: number | null) {
  return queryOptions({
    queryKey: ['home', userId],
    queryFn: ({ signal }) => getHome(signal),
    staleTime: 60_000,
  });
}

export function useHome(userId: number | null) {
  return useQuery(getHomeQueryOptions(userId));
}
