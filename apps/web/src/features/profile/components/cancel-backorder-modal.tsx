import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages } from '@shop/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../hooks/use-language';
import { translateMessage } from '../../../i18n/translate-message';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useCancelBackorder } from '../api/cancel-backorder';
import { getBackordersQueryOptions } from '../api/get-backorders';

interface CancelBackorderModalProps {
  customerId: number;
  /** YYYY-MM-DD; null while closed. */
  date: string | null;
  onClose: () => void;
  /** After the cancel went through (the modal then closes). */
  onCancelled?: () => void;
}

/**
 * The confirmation of SPEC §9 cancel-backorder: how many rows and units of the orders dated up to
 * the day would go (the backorder list filtered to that day, over all its pages), then the cancel and
 * a toast saying what was cancelled.
 */
export function CancelBackorderModal({ customerId, date, onClose, onCancelled }: CancelBackorderModalProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const preview = useQuery({
    ...getBackordersQueryOptions(customerId, { page: 1, upTo: date ?? undefined, perPage: 1 }),
    enabled: date !== null,
    staleTime: 0,
  });
  const cancel = useCancelBackorder();
  const [error, setError] = useState<string | null>(null);
  const day = formatDate(date, lng);
  const rows = preview.data?.meta.total ?? 0;
  // Rows and units each in the singular or plural ('1 riga', '9 pezzi').
  const counted = (n: { rows: number; quantity: number }) => ({
    rows: t('myOrders.backorder.rowCount', { count: n.rows }),
    units: t('myOrders.backorder.unitCount', { count: n.quantity }),
  });

  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!date) return;
    setError(null);
    try {
      const done = await cancel.mutateAsync({ customerId, date });
      notifications.show({ color: 'teal', message: t('myOrders.backorder.done', counted(done)) });
      onCancelled?.();
      close();
    } catch (cause) {
      setError(translateMessage(cause instanceof ApiError ? cause.message : messages.serverError));
    }
  };

  return (
    <Modal
      opened={date !== null}
      onClose={close}
      title={t('myOrders.backorder.modalTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {preview.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {t('myOrders.backorder.previewError')}
          </Alert>
        ) : preview.data && !preview.isPlaceholderData ? (
          <Text data-testid="cancel-preview">
            {rows === 0
              ? t('myOrders.backorder.nothing', { date: day })
              : t('myOrders.backorder.modalBody', {
                  ...counted({ rows, quantity: preview.data.meta.quantity }),
                  date: day,
                })}
          </Text>
        ) : (
          <Skeleton height={48} />
        )}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('myOrders.backorder.keep')}
          </Button>
          <Button
            color="red"
            onClick={() => void confirm()}
            loading={cancel.isPending}
            disabled={rows === 0 || preview.isPlaceholderData}
          >
            {t('myOrders.backorder.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
