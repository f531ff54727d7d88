import { Button, Group, Table, Text } from '@mantine/core';
import type { BackofficeOrderDetail, OrderStatus } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { RowStatusBadge } from '../../../../components/orders/row-status-badge';
import { useLanguage } from '../../../../hooks/use-language';
import { formatMoney } from '../../../../lib/format';
import { formatRate } from './order-format';
import type { RowAction } from './order-row-dialogs';

/** Orders whose rows are final (the server refuses changes to them with 409). */
const LOCKED: readonly OrderStatus[] = ['cancelled', 'closed', 'shipped', 'delivered'];

/**
 * The order's rows (SPEC §3 Order row): ordered, shipped, residual, ready, discount, price, subtotal and
 * row status, with 'Mark shipped' while the order is on shipping and 'Cancel row' while it is open.
 */
export function OrderRowsTable({
  order,
  onAction,
}: {
  order: BackofficeOrderDetail;
  onAction: (action: RowAction) => void;
}) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const canShip = order.status === 'on_ship' || order.status === 'partially_shipped';
  const canCancel = !LOCKED.includes(order.status);
  const numeric = ['ordered', 'shipped', 'residual', 'ready', 'discount', 'price', 'subtotal'] as const;
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped verticalSpacing="xs" aria-label={t('bo.orders.sections.rows')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bo.fields.sku')}</Table.Th>
            <Table.Th>{t('bo.fields.description')}</Table.Th>
            {numeric.map((key) => (
              <Table.Th key={key} ta="right">
                {t(`bo.orders.rows.${key}`)}
              </Table.Th>
            ))}
            <Table.Th>{t('bo.orders.rows.status')}</Table.Th>
            <Table.Th>{t('bo.orders.rows.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.rows.map((row) => (
            <Table.Tr key={row.id} data-testid="order-row">
              <Table.Td>{row.sku}</Table.Td>
              <Table.Td>{row.description}</Table.Td>
              <Table.Td ta="right">{row.ordered}</Table.Td>
              <Table.Td ta="right">{row.shipped}</Table.Td>
              <Table.Td ta="right">{row.residual}</Table.Td>
              <Table.Td ta="right">{row.ready}</Table.Td>
              <Table.Td ta="right">{formatRate(row.discount, lng)}</Table.Td>
              <Table.Td ta="right">{formatMoney(row.price, lng)}</Table.Td>
              <Table.Td ta="right">{formatMoney(row.subtotal, lng)}</Table.Td>
              <Table.Td>
                <RowStatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>
                {row.residual > 0 && (canShip || canCancel) ? (
                  <Group gap={4} wrap="nowrap">
                    {canShip && (
                      <Button
                        size="xs"
                        onClick={() => onAction({ kind: 'ship', row })}
                        aria-label={t('bo.orders.rows.markShippedOf', { sku: row.sku })}
                      >
                        {t('bo.orders.rows.markShipped')}
                      </Button>
                    )}
                    {canCancel && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => onAction({ kind: 'cancel', row })}
                        aria-label={t('bo.orders.rows.cancelOf', { sku: row.sku })}
                      >
                        {t('bo.orders.rows.cancel')}
                      </Button>
                    )}
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
