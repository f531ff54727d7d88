import type { ChangePasswordInput } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { apiTokensQueryKey } from './get-api-tokens';

/**
 * PUT /api/users/{id}/password. Silent: a 422 goes on the fields, any other failure is the form's
 * SPEC §8 message instead of the global sign-out. The server revokes every API token with it.
 */
export function changePassword(userId: number, input: ChangePasswordInput): Promise<void> {
  return api.put<void>(`/api/users/${userId}/password`, input, { silent: true });
}

export function useChangePassword(userId: number) {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => changePassword(userId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey(userId) }),
  });
}
