import type { TwoFactorCodeInput } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { CURRENT_USER_QUERY_KEY, queryClient } from '../lib/query-client';
import { TWO_FACTOR_QUERY_KEY } from './get-two-factor-status';

/** DELETE /api/user/two-factor with a code or a recovery code: the password alone signs in again. */
export function disableTwoFactor(input: TwoFactorCodeInput): Promise<void> {
  return apiRequest<void>('/api/user/two-factor', { method: 'DELETE', body: input });
}

export function useDisableTwoFactor() {
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY, exact: true });
    },
  });
}
