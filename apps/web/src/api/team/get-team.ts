import type { Page, TeamMember } from '@shop/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** GET /api/customers/{id}/users: the customer's users, company admins first. */
export async function getTeam(customerId: number, signal?: AbortSignal): Promise<TeamMember[]> {
  return (await api.get<Page<TeamMember>>(`/api/customers/${customerId}/users`, { signal })).data;
}

export const teamQueryKey = (customerId: number) => ['team', customerId] as const;

export function getTeamQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: teamQueryKey(customerId),
    queryFn: ({ signal }) => getTeam(customerId, signal),
  });
}

export function useTeam(customerId: number) {
  return useQuery(getTeamQueryOptions(customerId));
}

/** After a write: the list re-reads statuses, limits and the month's spending. */
export function refreshTeam(queryClient: QueryClient, customerId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: teamQueryKey(customerId) });
}
