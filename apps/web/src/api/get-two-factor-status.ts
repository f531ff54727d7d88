import type { TwoFactorStatus } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** GET /api/user/two-factor: whether the second factor is on, required, and how many recovery codes are left. */
export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return api.get<TwoFactorStatus>('/api/user/two-factor', { signal });
}

export const TWO_FACTOR_QUERY_KEY = ['two-factor'] as const;

export function getTwoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: TWO_FACTOR_QUERY_KEY,
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
  });
}

export function useTwoFactorStatus() {
  return useQuery(getTwoFactorStatusQueryOptions());
}
