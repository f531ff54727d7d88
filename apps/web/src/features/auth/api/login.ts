import type { CurrentUser, LoginInput } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/query-client';

/** Start-up data that does not depend on who is signed in survives a sign-in. */
const PUBLIC_QUERY_ROOTS = new Set<unknown>(['shop', 'shipping-methods']);

/** POST /login → the signed-in user (422 wrong credentials, 429 throttled). */
export function login(input: LoginInput): Promise<CurrentUser> {
  return api.post<CurrentUser>('/login', input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.has(query.queryKey[0]) });
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
    },
  });
}
