import { Anchor, Center, Loader, Table, Text } from '@mantine/core';
import type { Coupon } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RetryState } from '../../../../components/retry-state';
import { useLanguage } from '../../../../hooks/use-language';
import { formatDate, formatMoney } from '../../../../lib/format';
import { couponKeys, listCouponOrders } from '../api/coupons';

/**
 * The usage tab of a coupon (issue 20 point 5): the orders that used it, newest first, each linking to
 * the back-office order, with what the coupon took off. Cancelled orders are listed but free their use.
 */
export function CouponOrdersTab({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const query = useQuery({
    queryKey: couponKeys.orders(coupon.id),
    queryFn: ({ signal }) => listCouponOrders(coupon.id, signal),
  });
  if (query.isPending)
    return (
      <Center py="xl" role="status" aria-label={t('common.loading')}>
        <Loader type="dots" />
      </Center>
    );
  if (query.isError)
    return <RetryState title={t('bo.coupons.ordersError')} onRetry={() => void query.refetch()} />;
  const orders = query.data.data;
  if (orders.length === 0) return <Text c="dimmed">{t('bo.coupons.noOrders')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('bo.coupons.usedCount', { count: coupon.used, limit: coupon.usage_limit ?? '∞' })}
      </Text>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bo.coupons.order')}</Table.Th>
            <Table.Th>{t('bo.coupons.date')}</Table.Th>
            <Table.Th>{t('bo.coupons.customer')}</Table.Th>
            <Table.Th>{t('bo.coupons.status')}</Table.Th>
            <Table.Th ta="right">{t('bo.coupons.total')}</Table.Th>
            <Table.Th ta="right">{t('bo.coupons.discount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.order_id}>
              <Table.Td>
                <Anchor component={Link} to={`/backoffice/orders/${encodeURIComponent(o.order_no)}`}>
                  {o.order_no}
                </Anchor>
              </Table.Td>
              <Table.Td>{formatDate(o.date, lng)}</Table.Td>
              <Table.Td>{o.customer}</Table.Td>
              <Table.Td>{t(`order.status.${o.status}`)}</Table.Td>
              <Table.Td ta="right">{formatMoney(o.total, lng)}</Table.Td>
              <Table.Td ta="right">{formatMoney(o.discount, lng)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
