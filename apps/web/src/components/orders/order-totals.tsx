import { Divider, Group, Stack, Text } from '@mantine/core';
import type { Order } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../hooks/use-language';
import { formatMoney } from '../../lib/format';

function Row({
  label,
  cents,
  testId,
  strong = false,
}: {
  label: string;
  cents: number;
  testId: string;
  strong?: boolean;
}) {
  const lng = useLanguage();
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 500}
        data-testid={testId}
        style={{ whiteSpace: 'nowrap' }}
      >
        {formatMoney(cents, lng)}
      </Text>
    </Group>
  );
}

/** The order's totals as written: shipping, payment fee, total without taxes, VAT, total. */
export function OrderTotals({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="order-totals">
      <Row label={t('order.totals.shipping')} cents={order.shipping_costs} testId="order-shipping" />
      {order.payment_fee > 0 && (
        <Row label={t('order.totals.paymentFee')} cents={order.payment_fee} testId="order-payment-fee" />
      )}
      <Row label={t('order.totals.totalNet')} cents={order.total_without_taxes} testId="order-total-net" />
      <Row label={t('order.totals.vat')} cents={order.vat} testId="order-vat" />
      <Divider my={4} />
      <Row label={t('order.totals.total')} cents={order.total} testId="order-total" strong />
    </Stack>
  );
}
