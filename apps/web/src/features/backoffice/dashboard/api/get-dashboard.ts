import type { Dashboard } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /api/backoffice/dashboard: the back office's home figures (issue 22 point 6). */
export const getDashboard = (signal?: AbortSignal) =>
  api.get<Dashboard>('/api/backoffice/dashboard', { signal });

/** Refreshed every minute while the page is open: orders and payments arrive on their own. */
export const DASHBOARD_REFRESH_MS = 60_000;

export const getDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['bo', 'dashboard'] as const,
    queryFn: ({ signal }) => getDashboard(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
