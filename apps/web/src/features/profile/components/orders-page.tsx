import { Anchor, Group, Select, Stack, Table, Title } from '@mantine/core';
import { ORDER_STATUSES, type OrderStatus } from '@shop/domain';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../api/get-current-user';
import { CardTable } from '../../../components/card-table';
import { ListPagination } from '../../../components/list-pagination';
import { OrderStatusBadge } from '../../../components/orders/order-status-badge';
import { RetryState } from '../../../components/retry-state';
import { useLanguage } from '../../../hooks/use-language';
import { usePageTitle } from '../../../hooks/use-page-title';
import { formatDate, formatMoney } from '../../../lib/format';
import { CUSTOMER_ORDERS_PER_PAGE, useCustomerOrders } from '../api/get-customer-orders';
import { ListEmpty, ListLoading } from './list-states';
import { pageParam } from './page-param';

function statusParam(value: string | null): OrderStatus | undefined {
  return (ORDER_STATUSES as readonly string[]).includes(value ?? '') ? (value as OrderStatus) : undefined;
}

/** /profile/orders (SPEC §2): the customer's orders, newest first, filtered by status and paged. */
export function OrdersPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.profile.orders'));
  const customerId = useCurrentUser().data?.customer?.id;
  const [params, setParams] = useSearchParams();
  const status = statusParam(params.get('status'));
  const page = pageParam(params);

  const show = (next: { status?: OrderStatus | undefined; page?: number }) => {
    const search = new URLSearchParams();
    const nextStatus = 'status' in next ? next.status : status;
    if (nextStatus) search.set('status', nextStatus);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('titles.profile.orders')}</Title>
        <Select
          label={t('myOrders.list.statusFilter')}
          placeholder={t('myOrders.list.allStatuses')}
          data={ORDER_STATUSES.map((value) => ({ value, label: t(`order.status.${value}`) }))}
          value={status ?? null}
          onChange={(value) => show({ status: statusParam(value) })}
          clearable
          w={240}
        />
      </Group>
      {/* the route's guard has loaded a signed-in customer */}
      {customerId !== undefined && (
        <OrderList
          customerId={customerId}
          status={status}
          page={page}
          onPage={(next) => show({ page: next })}
        />
      )}
    </Stack>
  );
}

interface OrderListProps {
  customerId: number;
  status: OrderStatus | undefined;
  page: number;
  onPage: (page: number) => void;
}

function OrderList({ customerId, status, page, onPage }: OrderListProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const orders = useCustomerOrders(customerId, { page, status });
  if (orders.isPending) return <ListLoading />;
  if (orders.isError)
    return <RetryState title={t('myOrders.list.loadError')} onRetry={() => void orders.refetch()} />;
  if (orders.data.data.length === 0)
    return (
      <ListEmpty
        icon={<IconPackage aria-hidden />}
        title={status ? t('myOrders.list.empty.filtered') : t('myOrders.list.empty.title')}
        description={status ? undefined : t('myOrders.list.empty.description')}
      />
    );
  return (
    <Stack gap="md">
      <CardTable minWidth={560} striped verticalSpacing="sm" data-testid="orders">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('myOrders.list.columns.orderNo')}</Table.Th>
            <Table.Th scope="col">{t('myOrders.list.columns.date')}</Table.Th>
            <Table.Th scope="col">{t('myOrders.list.columns.status')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('myOrders.list.columns.rows')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('myOrders.list.columns.total')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.data.data.map((order) => (
            <Table.Tr key={order.id} data-testid="order">
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/profile/orders/${encodeURIComponent(order.orderNo)}`}
                  ff="monospace"
                >
                  {order.orderNo}
                </Anchor>
              </Table.Td>
              <Table.Td>{formatDate(order.date, lng)}</Table.Td>
              <Table.Td>
                <OrderStatusBadge status={order.status} />
              </Table.Td>
              <Table.Td ta="right">{order.rows_count}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatMoney(order.total, lng)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </CardTable>
      <ListPagination
        total={orders.data.meta.total}
        perPage={CUSTOMER_ORDERS_PER_PAGE}
        page={page}
        onChange={onPage}
      />
    </Stack>
  );
}
