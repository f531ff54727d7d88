import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { apiTokensQueryKey } from './get-api-tokens';

export type CreatedApiToken = { id: number; name: string; token: string };

/** POST /api/users/{id}/request-token: the plain token comes back this once only. */
export function createApiToken(userId: number, name: string): Promise<CreatedApiToken> {
  return api.post<CreatedApiToken>(`/api/users/${userId}/request-token`, { name });
}

export function useCreateApiToken(userId: number) {
  return useMutation({
    mutationFn: (name: string) => createApiToken(userId, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey(userId) }),
  });
}
