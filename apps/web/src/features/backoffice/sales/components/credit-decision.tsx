import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CreditDecision, decideHeldOrder, refreshAfterDecision } from '../../customers/api/credit';

/**
 * Issue 20 point 3: staff approve or reject an order held for credit. Approving may carry a note;
 * rejecting cancels the order, so it says why (the buyer reads it) and its red button confirms.
 */
export function CreditDecisionButtons({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const [decision, setDecision] = useState<CreditDecision | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (d: CreditDecision) => decideHeldOrder(orderNo, d, note.trim() ? { note: note.trim() } : {}),
  });

  const close = () => {
    setDecision(null);
    setNote('');
    setNoteError(null);
  };
  const submit = async () => {
    if (!decision) return;
    if (decision === 'reject' && !note.trim()) {
      setNoteError(t('bo.approvals.reasonRequired'));
      return;
    }
    try {
      await decide.mutateAsync(decision);
    } catch {
      // the API client has already said what went wrong
      return;
    }
    notifications.show({
      color: 'teal',
      message: t(decision === 'approve' ? 'approvals.approved' : 'approvals.rejected', { orderNo }),
    });
    close();
    await refreshAfterDecision(orderNo);
  };

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          color="teal"
          leftSection={<IconCheck size={14} aria-hidden />}
          aria-label={t('approvals.approveLabel', { orderNo })}
          onClick={() => setDecision('approve')}
        >
          {t('approvals.approve')}
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconX size={14} aria-hidden />}
          aria-label={t('approvals.rejectLabel', { orderNo })}
          onClick={() => setDecision('reject')}
        >
          {t('approvals.reject')}
        </Button>
      </Group>
      <Modal
        opened={decision !== null}
        onClose={close}
        title={
          decision &&
          t(decision === 'approve' ? 'approvals.approveTitle' : 'approvals.rejectTitle', { orderNo })
        }
      >
        <Stack gap="md">
          {decision === 'reject' && <Text size="sm">{t('approvals.rejectWarning')}</Text>}
          <Textarea
            label={t(decision === 'reject' ? 'bo.approvals.reason' : 'approvals.note')}
            required={decision === 'reject'}
            value={note}
            error={noteError}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setNoteError(null);
            }}
            maxLength={1000}
            autosize
            minRows={2}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('approvals.cancel')}
            </Button>
            <Button
              color={decision === 'reject' ? 'red' : 'teal'}
              loading={decide.isPending}
              onClick={() => void submit()}
              data-testid="confirm-credit-decision"
            >
              {t(decision === 'reject' ? 'approvals.confirmReject' : 'approvals.approve')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
