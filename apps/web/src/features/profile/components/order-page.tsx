import { Anchor, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useOrder } from '../../../api/get-order';
import { OrderMoneyRows } from '../../../components/cart/order-money-rows';
import { OrderMoneyTotals } from '../../../components/cart/order-money-totals';
import { NotFound } from '../../../components/not-found';
import { OrderActions } from '../../../components/orders/order-actions';
import { OrderAddresses } from '../../../components/orders/order-addresses';
import { OrderApprovalSummary } from '../../../components/orders/order-approval-summary';
import { OrderStatusBadge } from '../../../components/orders/order-status-badge';
import { RetryState } from '../../../components/retry-state';
import { useLanguage } from '../../../hooks/use-language';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { OrderApprovalActions } from './order-approval-actions';
import { OrderReturns } from './order-returns';
import { OrderTracking } from './order-tracking';

/**
 * /profile/orders/{orderNo} (SPEC §2): where the order is (tracking), what of each row was shipped,
 * is left and is ready, its totals and addresses; 'Pay now' while it awaits payment; its returns.
 */
export function OrderPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { orderNo = '' } = useParams();
  const query = useOrder(orderNo);
  const order = query.data;
  usePageTitle(t('order.title', { orderNo }));

  const back = (
    <Anchor component={Link} to="/profile/orders" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('myOrders.back')}
      </Group>
    </Anchor>
  );
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
  if (query.isError)
    return (
      <Stack gap="lg">
        {back}
        <RetryState title={t('order.loadError')} onRetry={() => void query.refetch()} />
      </Stack>
    );
  if (!order) return <Skeleton height={400} role="status" aria-label={t('common.loading')} />;

  return (
    <Stack gap="lg">
      {back}
      <div>
        <Title order={1}>{t('order.title', { orderNo: order.orderNo })}</Title>
        <Text c="dimmed">
          {t('order.placedOn', { orderNo: order.orderNo, date: formatDate(order.date, lng) })}
        </Text>
      </div>
      <Group gap="sm">
        <OrderStatusBadge status={order.status} />
        <Text size="sm" c="dimmed">
          {t('order.paymentMethod', { method: t(`payment.methods.${order.payment_method}`) })}
        </Text>
      </Group>
      <OrderApprovalSummary placedBy={order.placed_by} approval={order.approval} />
      <OrderApprovalActions order={order} />
      <OrderTracking status={order.status} />
      <OrderActions order={order} cartPath="/cart" backoffice={false} />
      <Paper withBorder p="md">
        <OrderMoneyRows order={order} progress />
      </Paper>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md">
            <OrderAddresses order={order} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md">
            <OrderMoneyTotals order={order} />
          </Paper>
        </Grid.Col>
      </Grid>
      <OrderReturns order={order} />
    </Stack>
  );
}
