import { Button, Group } from '@mantine/core';
import { decidedByStaff, type Order } from '@shop/domain';
import { IconArrowBackUp, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDecision } from '../../../api/decide-order';
import { useCurrentUser } from '../../../api/get-current-user';
import { OrderDecisionModal } from '../../../components/orders/order-decision-modal';
import { userCan } from '../../../hooks/use-can';

/**
 * Issue 19: on an order waiting for approval, 'Withdraw' for the buyer who placed it or a company admin;
 * 'Approve' and 'Reject' for an approver who did not place it (nobody approves his own order).
 */
export function OrderApprovalActions({ order }: { order: Order }) {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const [decision, setDecision] = useState<OrderDecision | null>(null);
  if (order.status !== 'awaiting_approval' || !user) return null;
  const placedByMe = order.placed_by?.email === user.email;
  const canWithdraw = placedByMe || user.customer_role === 'admin';
  // Issue 20: an order held for credit waits for the shop, not for the company's approvers.
  const canDecide =
    !placedByMe && userCan(user, 'approve') && !decidedByStaff(order.approval?.reason ?? null);
  if (!canWithdraw && !canDecide) return null;
  return (
    <>
      <Group gap="sm">
        {canDecide && (
          <>
            <Button
              color="teal"
              leftSection={<IconCheck size={18} aria-hidden />}
              onClick={() => setDecision('approve')}
            >
              {t('approvals.approve')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={18} aria-hidden />}
              onClick={() => setDecision('reject')}
            >
              {t('approvals.reject')}
            </Button>
          </>
        )}
        {canWithdraw && (
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={18} aria-hidden />}
            onClick={() => setDecision('withdraw')}
          >
            {t('order.approval.withdraw')}
          </Button>
        )}
      </Group>
      <OrderDecisionModal
        orderNo={order.orderNo}
        decision={decision}
        onClose={() => setDecision(null)}
        onDone={() => setDecision(null)}
      />
    </>
  );
}
