import type { CurrentUser } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { CURRENT_USER_QUERY_KEY, queryClient } from '../lib/query-client';

/**
 * GET /api/user. A 401 means signed out (null); SPEC §7: any failed current-user load clears the
 * credentials silently, so every failure is null too.
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/api/user', { silent: true });
  } catch {
    return null;
  }
}

/** The guard reloads the user on navigation once it is older than this. */
const CURRENT_USER_STALE_MS = 10_000;

export function getCurrentUserQueryOptions() {
  return queryOptions({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: getCurrentUser,
    staleTime: CURRENT_USER_STALE_MS,
  });
}

export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}

/** Used by route loaders (the guard): the cached user, reloaded when stale. */
export function loadCurrentUser(): Promise<CurrentUser | null> {
  return queryClient.fetchQuery(getCurrentUserQueryOptions());
}
