import { QueryClient } from '@tanstack/react-query';

/** The signed-in user's query key (GET /api/user); `null` data means signed out. */
export const CURRENT_USER_QUERY_KEY = ['user'] as const;

/**
 * One client for the app: route loaders (the guard), the API client's global handling and the
 * components share its cache. Errors are handled once in lib/api-client.ts, so queries never retry
 * (a retried 500 would toast and sign out twice).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
