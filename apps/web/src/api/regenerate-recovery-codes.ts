import type { RecoveryCodes, TwoFactorCodeInput } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { TWO_FACTOR_QUERY_KEY } from './get-two-factor-status';

/** POST /api/user/two-factor/recovery-codes with a code: ten new codes, shown once; the old ones stop working. */
export function regenerateRecoveryCodes(input: TwoFactorCodeInput): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>('/api/user/two-factor/recovery-codes', input);
}

export function useRegenerateRecoveryCodes() {
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
  });
}
