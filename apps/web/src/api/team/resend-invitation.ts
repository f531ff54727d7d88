import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** POST /api/customers/{id}/users/{userId}/resend: a new link; silent: the page shows a refusal. */
export function resendInvitation(customerId: number, userId: number): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/api/customers/${customerId}/users/${userId}/resend`, undefined, {
    silent: true,
  });
}

export function useResendInvitation(customerId: number) {
  return useMutation({ mutationFn: (userId: number) => resendInvitation(customerId, userId) });
}
