import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { apiTokensQueryKey } from './get-api-tokens';

/** DELETE /api/users/{id}/{tokenId}/revoke: the token stops working at once. */
export function revokeApiToken(userId: number, tokenId: number): Promise<void> {
  return api.delete<void>(`/api/users/${userId}/${tokenId}/revoke`);
}

export function useRevokeApiToken(userId: number) {
  return useMutation({
    mutationFn: (tokenId: number) => revokeApiToken(userId, tokenId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey(userId) }),
  });
}
