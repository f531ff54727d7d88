import type { UserSession } from '@shop/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** The signed-in account's browsers (issue 17): listed, signed out one by one or all but this one. */
const userSessionsQueryKey = ['user', 'sessions'] as const;

export async function getUserSessions(signal?: AbortSignal): Promise<UserSession[]> {
  const { data } = await api.get<{ data: UserSession[] }>('/api/user/sessions', { signal });
  return data;
}

export function useUserSessions() {
  return useQuery(
    queryOptions({ queryKey: userSessionsQueryKey, queryFn: ({ signal }) => getUserSessions(signal) }),
  );
}

/** DELETE /api/user/sessions/{id} */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => api.delete<void>(`/api/user/sessions/${sessionId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userSessionsQueryKey }),
  });
}

/** DELETE /api/user/other-sessions */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/api/user/other-sessions'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userSessionsQueryKey }),
  });
}
