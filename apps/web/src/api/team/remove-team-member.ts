import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { refreshTeam } from './get-team';

/** DELETE /api/customers/{id}/users/{userId}; silent: the page shows a refusal (the last admin). */
export function removeTeamMember(customerId: number, userId: number): Promise<void> {
  return api.delete<void>(`/api/customers/${customerId}/users/${userId}`, { silent: true });
}

export function useRemoveTeamMember(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeTeamMember(customerId, userId),
    onSuccess: () => refreshTeam(queryClient, customerId),
  });
}
