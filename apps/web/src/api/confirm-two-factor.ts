import type { RecoveryCodes, TwoFactorConfirmInput } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { CURRENT_USER_QUERY_KEY, queryClient } from '../lib/query-client';
import { TWO_FACTOR_QUERY_KEY } from './get-two-factor-status';

/** POST /api/user/two-factor/confirm: the app's first code turns it on; the recovery codes come back once. */
export function confirmTwoFactor(input: TwoFactorConfirmInput): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>('/api/user/two-factor/confirm', input);
}

export function useConfirmTwoFactor() {
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
      // The back office waits for this before letting an admin in when it is required.
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY, exact: true });
    },
  });
}
