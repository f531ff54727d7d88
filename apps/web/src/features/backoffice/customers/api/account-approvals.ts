import type { AccountApproval, AccountApproved, Page } from '@shop/domain';
import { api } from '../../../../lib/api-client';
import { queryClient } from '../../../../lib/query-client';
import type { ListParams } from '../../scaffold/use-list-params';

/**
 * Issue 22: the new companies waiting for staff approval (GET /api/backoffice/account-approvals) and
 * their approval (POST /api/backoffice/account-approvals/{id}/approve), which releases their orders.
 */
export const accountApprovalKeys = { list: ['bo', 'account-approvals'] as const };

export const listAccountApprovals = (params: ListParams, signal?: AbortSignal) =>
  api.get<Page<AccountApproval>>('/api/backoffice/account-approvals', {
    query: { page: params.page, per_page: params.per_page, q: params.q },
    signal,
  });

export const approveAccount = (customerId: number) =>
  api.post<AccountApproved>(`/api/backoffice/account-approvals/${customerId}/approve`, {});

/** After an approval the list, the customers and the orders (some were released) are read again. */
export function refreshAfterAccountApproval(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'bo' && ['account-approvals', 'orders', 'customers'].includes(String(queryKey[1])),
  });
}
