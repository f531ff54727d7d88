import type { TeamMember } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { refreshTeam } from './get-team';

/** POST /api/customers/{id}/users/{userId}/disable or /enable; silent: the page shows a refusal. */
export function setTeamMemberDisabled(
  customerId: number,
  userId: number,
  disabled: boolean,
): Promise<TeamMember> {
  return api.post<TeamMember>(
    `/api/customers/${customerId}/users/${userId}/${disabled ? 'disable' : 'enable'}`,
    undefined,
    { silent: true },
  );
}

export function useSetTeamMemberDisabled(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, disabled }: { userId: number; disabled: boolean }) =>
      setTeamMemberDisabled(customerId, userId, disabled),
    onSuccess: () => refreshTeam(queryClient, customerId),
  });
}
