import type { SetupState } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/setup: whether the shop still has to be set up (issue 18). */
export function getSetup(): Promise<SetupState> {
  return api.get<SetupState>('/api/setup');
}

export function getSetupQueryOptions() {
  return queryOptions({ queryKey: ['setup'], queryFn: getSetup });
}

export function useSetupState() {
  return useQuery(getSetupQueryOptions());
}
