import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OrderDecision, useDecideOrder } from '../../api/decide-order';

interface OrderDecisionModalProps {
  orderNo: string;
  /** null: closed. */
  decision: OrderDecision | null;
  onClose: () => void;
  /** After the decision was saved (the notification has been shown). */
  onDone?: () => void;
}

/**
 * Issue 19: approve, reject or withdraw an order waiting for approval, with an optional note the buyer
 * reads. Reject and withdraw cancel the order, so the modal says so and its button is red: it is the
 * confirmation.
 */
export function OrderDecisionModal({ orderNo, decision, onClose, onDone }: OrderDecisionModalProps) {
  const { t } = useTranslation();
  const decide = useDecideOrder();
  const [note, setNote] = useState('');

  const close = () => {
    setNote('');
    onClose();
  };
  const submit = async () => {
    if (!decision) return;
    try {
      await decide.mutateAsync({ orderNo, decision, note: note.trim() || undefined });
    } catch {
      // the API client has already said what went wrong
      return;
    }
    notifications.show({ color: 'teal', message: t(DONE[decision], { orderNo }) });
    setNote('');
    onDone?.();
  };

  const destructive = decision !== 'approve';
  return (
    <Modal opened={decision !== null} onClose={close} title={decision && t(TITLE[decision], { orderNo })}>
      <Stack gap="md">
        {destructive && (
          <Text size="sm">
            {decision === 'withdraw' ? t('order.approval.withdrawBody') : t('approvals.rejectWarning')}
          </Text>
        )}
        <Textarea
          label={t('approvals.note')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={1000}
          autosize
          minRows={2}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('approvals.cancel')}
          </Button>
          <Button
            color={destructive ? 'red' : 'teal'}
            loading={decide.isPending}
            onClick={() => void submit()}
            data-testid="confirm-decision"
          >
            {decision && t(CONFIRM[decision])}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const TITLE = {
  approve: 'approvals.approveTitle',
  reject: 'approvals.rejectTitle',
  withdraw: 'order.approval.withdrawTitle',
} as const;
const CONFIRM = {
  approve: 'approvals.approve',
  reject: 'approvals.confirmReject',
  withdraw: 'order.approval.confirmWithdraw',
} as const;
const DONE = {
  approve: 'approvals.approved',
  reject: 'approvals.rejected',
  withdraw: 'order.approval.withdrawnDone',
} as const;
