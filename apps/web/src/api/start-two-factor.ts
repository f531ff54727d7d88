import type { TwoFactorEnrolment } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** POST /api/user/two-factor: a new secret (QR code and text); it is on only once a code is confirmed. */
export function startTwoFactor(): Promise<TwoFactorEnrolment> {
  return api.post<TwoFactorEnrolment>('/api/user/two-factor');
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: startTwoFactor });
}
