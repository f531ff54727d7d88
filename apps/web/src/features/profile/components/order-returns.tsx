import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CustomerReturn, Order } from '@shop/domain';
import { IconArrowBackUp } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryState } from '../../../components/retry-state';
import { ReturnStatusBadge } from '../../../components/returns/return-status-badge';
import { useCan } from '../../../hooks/use-can';
import { useLanguage } from '../../../hooks/use-language';
import { formatDate, formatMoney } from '../../../lib/format';
import { useOrderReturns } from '../api/get-order-returns';
import { DocumentDownloadButton } from './document-download-button';

// The dialog loads when first opened: it stays out of the order page's chunk.
const ReturnDialog = lazy(() => import('./return-dialog').then((m) => ({ default: m.ReturnDialog })));

function ReturnCard({ ret }: { ret: CustomerReturn }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const money = (cents: number) => formatMoney(cents, lng);
  const heading = ret.number ? t('returns.number', { number: ret.number }) : t('returns.requested');
  return (
    <Paper withBorder p="sm" component="article" aria-label={heading}>
      <Stack gap={6}>
        <Group justify="space-between">
          <Group gap="sm">
            <Text fw={600}>{heading}</Text>
            <ReturnStatusBadge status={ret.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('returns.askedOn', { date: formatDate(ret.created_at, lng) })}
          </Text>
        </Group>
        {ret.rows.map((row) => (
          <Text size="sm" key={row.id}>
            {t('returns.rowLine', {
              sku: row.sku,
              description: row.description,
              quantity: row.quantity,
              reason: t(`returns.reasons.${row.reason}`),
            })}
            {row.note ? ` – ${row.note}` : ''}
            {row.received_qty !== null &&
              ` · ${t('returns.receivedLine', { received: row.received_qty, quantity: row.quantity })}`}
          </Text>
        ))}
        {ret.instructions && ret.status === 'authorised' && (
          <div>
            <Text size="sm" fw={600}>
              {t('returns.instructions')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {ret.instructions}
            </Text>
          </div>
        )}
        {ret.staff_note && (
          <Text size="sm">
            <strong>{t('returns.staffNote')}:</strong> {ret.staff_note}
          </Text>
        )}
        {ret.credit_note && (
          <Group gap="sm">
            <Text size="sm">
              {t('returns.creditNote', {
                number: ret.credit_note.number,
                amount: money(ret.credit_note.amount + ret.credit_note.vat),
              })}
            </Text>
            <DocumentDownloadButton id={ret.credit_note.id} number={ret.credit_note.number} />
          </Group>
        )}
        {ret.refund && (
          <Text size="sm">
            {t(ret.refund.method === 'gateway' ? 'returns.refundGateway' : 'returns.refundBank', {
              amount: money(ret.refund.amount),
            })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The order's returns (issue 21 point 5): each with its number (or 'Requested'), status, the
 * instructions once authorised, the shop's note, the credit note to download and the refund; and
 * 'Return items' while some shipped item is left to return.
 */
export function OrderReturns({ order }: { order: Order }) {
  const { t } = useTranslation();
  const shipped = order.rows.some((r) => r.quantities.shipped > 0);
  const query = useOrderReturns(order.orderNo, shipped);
  const [opened, setOpened] = useState(false);
  // A company's viewer sees the returns but cannot ask for one (the server answers 403 anyway).
  const canOrder = useCan('order');
  if (!shipped) return null;
  if (query.isError)
    return <RetryState title={t('returns.loadError')} onRetry={() => void query.refetch()} />;
  const data = query.data;
  const canReturn = canOrder && (data?.returnable.some((r) => r.returnable > 0) ?? false);
  if (!data || (data.data.length === 0 && !canReturn)) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="order-returns-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="order-returns-title">
            {t('returns.title')}
          </Title>
          {canReturn && (
            <Button
              variant="light"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              onClick={() => setOpened(true)}
            >
              {t('returns.open')}
            </Button>
          )}
        </Group>
        {data.data.map((ret) => (
          <ReturnCard key={ret.id} ret={ret} />
        ))}
      </Stack>
      {opened && (
        <Suspense fallback={null}>
          <ReturnDialog
            orderNo={order.orderNo}
            rows={data.returnable}
            opened={opened}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      )}
    </Paper>
  );
}
