import type { ApiToken } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** GET /api/users/{id}/tokens: the user's personal API tokens with scope and expiry (never the secrets). */
export async function getApiTokens(userId: number, signal?: AbortSignal): Promise<ApiToken[]> {
  const { data } = await api.get<{ data: ApiToken[] }>(`/api/users/${userId}/tokens`, { signal });
  return data;
}

export function apiTokensQueryKey(userId: number) {
  return ['users', userId, 'tokens'] as const;
}

export function getApiTokensQueryOptions(userId: number) {
  return queryOptions({
    queryKey: apiTokensQueryKey(userId),
    queryFn: ({ signal }) => getApiTokens(userId, signal),
  });
}

export function useApiTokens(userId: number) {
  return useQuery(getApiTokensQueryOptions(userId));
}
