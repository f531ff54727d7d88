import type { OrderToApprove } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/customers/{id}/approvals (issue 19): the customer's orders waiting for a decision. */
export function getApprovals(customerId: number, signal?: AbortSignal): Promise<OrderToApprove[]> {
  return api.get<OrderToApprove[]>(`/api/customers/${customerId}/approvals`, { signal });
}

export function getApprovalsQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: ['approvals', customerId],
    queryFn: ({ signal }) => getApprovals(customerId, signal),
    staleTime: 0,
  });
}

export function useApprovals(customerId: number) {
  return useQuery(getApprovalsQueryOptions(customerId));
}
