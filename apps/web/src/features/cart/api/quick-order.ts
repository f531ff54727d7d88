import type { QuickOrderReport } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type QuickOrderInput = { customerId?: number | null } & ({ text: string } | { file: File });

/**
 * POST /api/cart/quick-order (pasted lines) or /api/cart/quick-order/file (a .csv/.xlsx): the server
 * finds each code (SKU or EAN), clamps the quantity and reports every line. Errors come back to the
 * form (silent): a refused file is the user's to fix, not a reason to sign out.
 */
export function quickOrder(input: QuickOrderInput): Promise<QuickOrderReport> {
  const customer = input.customerId ? { customer_id: input.customerId } : {};
  if ('file' in input) {
    const form = new FormData();
    if (input.customerId) form.append('customer_id', String(input.customerId));
    form.append('file', input.file);
    return api.post<QuickOrderReport>('/api/cart/quick-order/file', form, { silent: true });
  }
  return api.post<QuickOrderReport>(
    '/api/cart/quick-order',
    { text: input.text, ...customer },
    { silent: true },
  );
}

export function useQuickOrder() {
  return useMutation({ mutationFn: quickOrder });
}
