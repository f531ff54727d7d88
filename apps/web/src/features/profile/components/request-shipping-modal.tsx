import { Alert, Button, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type CustomerOrderRow, messages } from '@shop/domain';
import { IconAlertTriangle, IconCalendarEvent } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../hooks/use-language';
import { translateMessage } from '../../../i18n/translate-message';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { AttemptKeys } from '../../../lib/idempotency';
import { getProcessingDateQueryOptions } from '../api/get-processing-date';
import { useRequestShipping } from '../api/request-shipping';

interface RequestShippingModalProps {
  customerId: number;
  rows: CustomerOrderRow[];
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}

/**
 * The confirmation of a shipping request (DESIGN §6 rule 12): the chosen rows and the day the request
 * will be processed (today when sent by 14:00, else tomorrow), then the request and a toast.
 */
export function RequestShippingModal({
  customerId,
  rows,
  opened,
  onClose,
  onDone,
}: RequestShippingModalProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const date = useQuery({ ...getProcessingDateQueryOptions(customerId), enabled: opened });
  const request = useRequestShipping();
  const attempts = useRef(new AttemptKeys());
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setError(null);
    const rowIds = rows.map((row) => row.id);
    try {
      const done = await request.mutateAsync({
        customerId,
        rowIds,
        idempotencyKey: attempts.current.keyFor(rowIds),
      });
      attempts.current.reset();
      notifications.show({
        color: 'teal',
        message: t('myOrders.shipping.done', { date: formatDate(done.processing_date, lng) }),
      });
      onDone();
    } catch (cause) {
      setError(translateMessage(cause instanceof ApiError ? cause.message : messages.serverError));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('myOrders.shipping.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {date.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {t('myOrders.shipping.dateError')}
          </Alert>
        ) : date.data ? (
          <Alert color="blue" variant="light" icon={<IconCalendarEvent aria-hidden />} role="status">
            <Text fw={600} data-testid="processing-date">
              {t('myOrders.shipping.processingDate', { date: formatDate(date.data.processing_date, lng) })}
            </Text>
            <Text size="sm">{t('myOrders.shipping.cutoff')}</Text>
          </Alert>
        ) : (
          <Skeleton height={64} />
        )}
        <Text size="sm">{t('myOrders.shipping.intro')}</Text>
        <Table verticalSpacing={4} fz="sm" data-testid="shipping-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('myOrders.rows.columns.order')}</Table.Th>
              <Table.Th scope="col">{t('myOrders.rows.columns.sku')}</Table.Th>
              <Table.Th scope="col">{t('myOrders.rows.columns.description')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('myOrders.rows.columns.ready')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td ff="monospace">{row.orderNo}</Table.Td>
                <Table.Td ff="monospace">{row.product_sku}</Table.Td>
                <Table.Td>
                  {row.description}
                  {row.quantities.ready < row.quantities.residual && (
                    <Text size="xs" c="dimmed">
                      {t('myOrders.shipping.partlyReady', {
                        ready: row.quantities.ready,
                        residual: row.quantities.residual,
                      })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{row.quantities.ready}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('myOrders.shipping.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={request.isPending} disabled={rows.length === 0}>
            {t('myOrders.shipping.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
