import type { QuickOrderReport } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** POST /api/orders/{orderNo}/reorder: the order's rows as cart lines at today's stock, line by line. */
export function reorder(orderNo: string): Promise<QuickOrderReport> {
  return api.post<QuickOrderReport>(`/api/orders/${encodeURIComponent(orderNo)}/reorder`, undefined, {
    silent: true,
  });
}

export function useReorder() {
  return useMutation({ mutationFn: reorder });
}
