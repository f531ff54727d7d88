import type { CurrentUser, RegisterInput } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSignedIn } from './login';

/** POST /register → the new customer's user, signed in; 422 with the fields' messages (SPEC §5). */
export function register(input: RegisterInput): Promise<CurrentUser> {
  return api.post<CurrentUser>('/register', input);
}

export function useRegister() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: register, onSuccess: signedIn });
}
