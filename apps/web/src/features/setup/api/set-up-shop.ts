import type { SetupInput, SetupResult } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/setup with the logged token. Silent: the page shows every refusal itself (403 wrong
 * token, 409 already set up, 422 per field).
 */
export function setUpShop(input: SetupInput & { token: string }): Promise<SetupResult> {
  return api.post<SetupResult>('/api/setup', input, { silent: true });
}

export function useSetUpShop() {
  return useMutation({ mutationFn: setUpShop });
}
