import type { CreditStatus } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/customers/{id}/credit: the company's credit, for its admin (issue 20 point 3). */
export function useCredit(customerId: number) {
  return useQuery({
    queryKey: ['credit', customerId],
    queryFn: ({ signal }) => api.get<CreditStatus>(`/api/customers/${customerId}/credit`, { signal }),
  });
}
