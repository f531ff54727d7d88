import type { ForgotPasswordInput } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /forgot-password → the server's message (sent whether or not the address is known). */
export function forgotPassword(input: ForgotPasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
