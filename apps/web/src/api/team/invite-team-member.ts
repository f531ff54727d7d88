import type { InviteTeamMemberInput, TeamMember } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { refreshTeam } from './get-team';

/** POST /api/customers/{id}/users: the colleague is mailed a link; silent: the form shows a refusal. */
export function inviteTeamMember(customerId: number, input: InviteTeamMemberInput): Promise<TeamMember> {
  return api.post<TeamMember>(`/api/customers/${customerId}/users`, input, { silent: true });
}

export function useInviteTeamMember(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteTeamMemberInput) => inviteTeamMember(customerId, input),
    onSuccess: () => refreshTeam(queryClient, customerId),
  });
}
