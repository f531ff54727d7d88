import type { ApprovalDecisionInput, Order, OrderToApprove } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** Issue 19: what an approver (approve, reject) or the buyer who placed it (withdraw) decides on a waiting order. */
export type OrderDecision = 'approve' | 'reject' | 'withdraw';

/** POST /api/orders/{orderNo}/approve | reject | withdraw: the order as it is after the decision. */
export function decideOrder(orderNo: string, decision: OrderDecision, input: ApprovalDecisionInput) {
  return api.post<Order>(`/api/orders/${encodeURIComponent(orderNo)}/${decision}`, input);
}

/** The order, the orders to approve and the lists that show its status are read again. */
export function useDecideOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderNo, decision, note }: { orderNo: string; decision: OrderDecision; note?: string }) =>
      decideOrder(orderNo, decision, note ? { note } : {}),
    onSuccess: (order) => {
      queryClient.setQueryData(['order', order.orderNo], order);
      // the decided order leaves the list at once, before the list is read again
      queryClient.setQueriesData<OrderToApprove[]>({ queryKey: ['approvals'] }, (list) =>
        list?.filter((waiting) => waiting.order_no !== order.orderNo),
      );
      return Promise.all(
        ['approvals', 'customer-orders'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      );
    },
  });
}
