import type { CurrentUser, TwoFactorCodeInput } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSignedIn } from './login';

/**
 * POST /two-factor-challenge: the second step after the password, with a code of the app or a
 * recovery code → the signed-in user (422 wrong, used or expired code; 429 throttled).
 */
export function twoFactorChallenge(input: TwoFactorCodeInput): Promise<CurrentUser> {
  return api.post<CurrentUser>('/two-factor-challenge', input);
}

export function useTwoFactorChallenge() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: twoFactorChallenge, onSuccess: signedIn });
}
