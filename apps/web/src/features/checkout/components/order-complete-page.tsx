import { Alert, Button, EmptyState, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useOrder } from '../../../api/get-order';
import { OrderMoneyRows } from '../../../components/cart/order-money-rows';
import { OrderMoneyTotals } from '../../../components/cart/order-money-totals';
import { NotFound } from '../../../components/not-found';
import { OrderActions } from '../../../components/orders/order-actions';
import { OrderAddresses } from '../../../components/orders/order-addresses';
import { OrderStatusBadge } from '../../../components/orders/order-status-badge';
import { useLanguage } from '../../../hooks/use-language';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';

interface OrderCompleteProps {
  cartPath: string;
  backoffice?: boolean;
}

/** /checkout/complete/{orderNo}: the placed order, its status and what can be done next. */
function OrderComplete({ cartPath, backoffice = false }: OrderCompleteProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { orderNo = '' } = useParams();
  const query = useOrder(orderNo);
  const order = query.data;
  usePageTitle(t('order.title', { orderNo }));

  if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
  if (query.isError)
    return (
      <EmptyState
        variant="light"
        color="red"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('order.loadError')}
        py="xl"
        role="alert"
      >
        <Button mt="sm" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  if (!order) return <Skeleton height={400} />;

  const paid = order.status !== 'pending' && order.status !== 'failed_payment';
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        {paid && <IconCircleCheck size={40} color="var(--mantine-color-teal-6)" aria-hidden />}
        <div>
          <Title order={1}>
            {!paid
              ? t('order.title', { orderNo: order.orderNo })
              : backoffice
                ? t('bo.checkout.placed')
                : t('order.thanks')}
          </Title>
          <Text c="dimmed">
            {t('order.placedOn', { orderNo: order.orderNo, date: formatDate(order.date, lng) })}
          </Text>
        </div>
      </Group>
      <Group gap="sm">
        <OrderStatusBadge status={order.status} />
        <Text size="sm" c="dimmed">
          {t('order.paymentMethod', { method: t(`payment.methods.${order.payment_method}`) })}
        </Text>
      </Group>
      {order.approval && order.approval.outcome === null && (
        // DESIGN §6 rule 18: why the order waits (a new account: until the shop approves it, issue 22)
        <Alert color="yellow" variant="light" icon={<IconHourglass aria-hidden />} role="status">
          {t(`order.approval.waiting.${order.approval.reason}`)}
        </Alert>
      )}
      <OrderActions order={order} cartPath={cartPath} backoffice={backoffice} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md">
            <OrderMoneyRows order={order} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Paper withBorder p="md">
              <OrderMoneyTotals order={order} />
            </Paper>
            <Paper withBorder p="md">
              <OrderAddresses order={order} staff={backoffice} />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function OrderCompletePage() {
  return <OrderComplete cartPath="/cart" />;
}

export function BackofficeOrderCompletePage() {
  return <OrderComplete cartPath="/backoffice/cart" backoffice />;
}
