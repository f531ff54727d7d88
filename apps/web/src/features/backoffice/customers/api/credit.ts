import type {
  ApprovalDecisionInput,
  BackofficeOrderDetail,
  CreditApproval,
  CreditStatus,
  Page,
} from '@shop/domain';
import { api } from '../../../../lib/api-client';
import { queryClient } from '../../../../lib/query-client';
import type { ListParams } from '../../scaffold/use-list-params';

/**
 * Issue 20 point 3: a customer's credit (GET /api/backoffice/customers/{id}/credit) and the approvals
 * queue of orders held for credit, approved or rejected by staff (POST /api/backoffice/orders/{orderNo}/…).
 */
export const creditKeys = {
  approvals: ['bo', 'approvals'] as const,
  customer: (id: number) => ['bo', 'customer-credit', id] as const,
};

export const listCreditApprovals = (params: ListParams, signal?: AbortSignal) =>
  api.get<Page<CreditApproval>>('/api/backoffice/approvals', {
    query: { page: params.page, per_page: params.per_page, q: params.q },
    signal,
  });

export const getCustomerCredit = (customerId: number, signal?: AbortSignal) =>
  api.get<CreditStatus>(`/api/backoffice/customers/${customerId}/credit`, { signal });

export type CreditDecision = 'approve' | 'reject';

export const decideHeldOrder = (orderNo: string, decision: CreditDecision, input: ApprovalDecisionInput) =>
  api.post<BackofficeOrderDetail>(`/api/backoffice/orders/${encodeURIComponent(orderNo)}/${decision}`, input);

/** After a decision the queue, the order and the order lists are read again. */
export function refreshAfterDecision(orderNo: string): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey.includes(orderNo) ||
      (queryKey[0] === 'bo' && ['approvals', 'orders', 'customer-credit'].includes(String(queryKey[1]))),
  });
}
