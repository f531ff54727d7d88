import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { BackofficeOrderDetail } from '@shop/domain';
import { IconReceiptRefund } from '@tabler/icons-react';
import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../hooks/use-language';
import type { TranslationKey } from '../../../../i18n/keys';
import { formatDateTime, formatMoney } from '../../../../lib/format';
import { loadModals } from '../../../../lib/modals';
import { notifySaved } from '../../scaffold/notify';
import { refreshOrder, refundOrder } from '../api/orders';
import { refusalOf } from './order-format';

/**
 * The order's payments and its balance (DESIGN §6 rule 16): each attempt with the amount asked and what
 * the gateway took, what is still due, and a refund due with its Refund action behind a confirmation.
 */

const STATUS_COLORS: Record<string, string> = {
  approved: 'teal',
  declined: 'red',
  pending: 'yellow',
  voided: 'gray',
  cancelled: 'gray',
};

async function confirmRefund(order: BackofficeOrderDetail, amount: string): Promise<boolean> {
  const modals = await loadModals();
  const byStripe = order.payments.some((p) => p.gateway === 'stripe' && p.status === 'approved');
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t('bo.orders.payments.refundTitle', { amount }),
      children: i18n.t(byStripe ? 'bo.orders.payments.refundByStripe' : 'bo.orders.payments.refundByHand', {
        amount,
        orderNo: order.order_no,
      }),
      labels: { confirm: i18n.t('bo.orders.payments.refundConfirm'), cancel: i18n.t('bo.orders.confirm.no') },
      confirmProps: { color: 'orange' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

function Balance({ order }: { order: BackofficeOrderDetail }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { paid, due, refund_due } = order.balance;
  const money = (cents: number) => formatMoney(cents, lng);

  async function refund() {
    if (!(await confirmRefund(order, money(refund_due)))) return;
    setBusy(true);
    setRefusal(null);
    try {
      const done = await refundOrder(order.order_no);
      notifySaved(t('bo.orders.payments.refunded', { amount: money(done.refunded) }));
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
      await refreshOrder(order.order_no);
    }
  }

  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="payment-balance">
        {t('bo.orders.payments.balance', { paid: money(paid), total: money(order.total) })}
        {due > 0 && paid > 0 && ` · ${t('bo.orders.payments.due', { amount: money(due) })}`}
      </Text>
      {refund_due > 0 && (
        <Alert
          color="orange"
          variant="light"
          data-testid="refund-due"
          title={t('bo.orders.payments.refundDue', { amount: money(refund_due) })}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('bo.orders.payments.refundWhy')}</Text>
            <Button
              color="orange"
              leftSection={<IconReceiptRefund size={18} aria-hidden />}
              onClick={() => void refund()}
              loading={busy}
              data-testid="refund"
            >
              {t('bo.orders.payments.refund', { amount: money(refund_due) })}
            </Button>
          </Group>
        </Alert>
      )}
      {refusal && (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      )}
    </Stack>
  );
}

export function OrderPayments({ order }: { order: BackofficeOrderDetail }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  if (order.payments.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('bo.orders.payments.empty')}
      </Text>
    );
  return (
    <Stack gap="sm">
      <Balance order={order} />
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" aria-label={t('bo.orders.sections.payments')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bo.orders.payments.date')}</Table.Th>
              <Table.Th>{t('bo.orders.paymentMethod')}</Table.Th>
              <Table.Th>{t('bo.orders.payments.status')}</Table.Th>
              <Table.Th ta="right">{t('bo.orders.payments.amount')}</Table.Th>
              <Table.Th ta="right">{t('bo.orders.payments.taken')}</Table.Th>
              <Table.Th ta="right">{t('bo.orders.payments.refundedColumn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.payments.map((p) => (
              <Table.Tr key={p.id} data-testid="order-payment">
                <Table.Td>{formatDateTime(p.date, lng)}</Table.Td>
                <Table.Td>{t(`payment.methods.${p.method}` as TranslationKey)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLORS[p.status] ?? 'gray'}>
                    {t(`bo.orders.payments.statuses.${p.status}` as TranslationKey)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{formatMoney(p.amount, lng)}</Table.Td>
                <Table.Td
                  ta="right"
                  c={p.amount_paid !== null && p.amount_paid !== p.amount ? 'orange' : undefined}
                >
                  {p.amount_paid === null ? '—' : formatMoney(p.amount_paid, lng)}
                </Table.Td>
                <Table.Td ta="right">
                  {p.refunded_amount > 0 ? formatMoney(p.refunded_amount, lng) : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
