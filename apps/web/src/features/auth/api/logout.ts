import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { flushCartSync } from '../../../lib/cart/cart-store';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/query-client';

/** POST /logout → 204, once the cart's last change has reached the server (issue 22). */
export async function logout(): Promise<void> {
  await flushCartSync().catch(() => {});
  return api.post<void>('/logout');
}

/** SPEC §4: sign-out clears the user and the query cache and returns to the home page, even on failure. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      await navigate('/');
      queryClient.clear();
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
    },
  });
}
