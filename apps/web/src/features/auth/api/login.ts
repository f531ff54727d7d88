import { type CurrentUser, isTwoFactorChallenge, type LoginInput, type LoginResponse } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/query-client';

/** Start-up data that does not depend on who is signed in survives a sign-in. */
const PUBLIC_QUERY_ROOTS = new Set<unknown>(['shop', 'shipping-methods']);

/**
 * POST /login → the signed-in user, or `{ two_factor: true }` when the account asks for its second
 * factor next (POST /two-factor-challenge); 422 wrong credentials, 429 throttled.
 */
export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/login', input);
}

/**
 * What a completed sign-in does to the cache: nothing of the previous visitor survives. The current
 * user's query is overwritten rather than removed, so what shows it (the header) updates at once even
 * when the page stays (the sign-up's 'waiting for approval' notice, issue 22).
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: CurrentUser) => {
    queryClient.removeQueries({
      predicate: (query) =>
        !PUBLIC_QUERY_ROOTS.has(query.queryKey[0]) && query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0],
    });
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      if (!isTwoFactorChallenge(response)) signedIn(response);
    },
  });
}
