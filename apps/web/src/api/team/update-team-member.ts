import type { TeamMember, UpdateTeamMemberInput } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { refreshTeam } from './get-team';

/** PUT /api/customers/{id}/users/{userId}: role and limits; silent: the form shows a refusal. */
export function updateTeamMember(
  customerId: number,
  userId: number,
  input: UpdateTeamMemberInput,
): Promise<TeamMember> {
  return api.put<TeamMember>(`/api/customers/${customerId}/users/${userId}`, input, { silent: true });
}

export function useUpdateTeamMember(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: number; input: UpdateTeamMemberInput }) =>
      updateTeamMember(customerId, userId, input),
    onSuccess: () => refreshTeam(queryClient, customerId),
  });
}
