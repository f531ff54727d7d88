import type { CreatedApiToken, RequestTokenInput } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { apiTokensQueryKey } from './get-api-tokens';

/** POST /api/users/{id}/request-token: name, expiry and scope; the plain token comes back this once only. */
export function createApiToken(userId: number, input: RequestTokenInput): Promise<CreatedApiToken> {
  return api.post<CreatedApiToken>(`/api/users/${userId}/request-token`, input);
}

export function useCreateApiToken(userId: number) {
  return useMutation({
    mutationFn: (input: RequestTokenInput) => createApiToken(userId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey(userId) }),
  });
}
