import { Table } from '@mantine/core';
import type { Order } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../hooks/use-language';
import { formatMoney } from '../../lib/format';
import { formatRate } from '../../lib/price-display';
import { RowStatusBadge } from './row-status-badge';

interface OrderRowsProps {
  order: Order;
  /** The customer's order page: how much of each row was shipped, is left, is ready, and its status. */
  progress?: boolean;
}

/** The order's rows as written: SKU, description, quantity, unit price, discount, subtotal (net). */
export function OrderRows({ order, progress = false }: OrderRowsProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <Table.ScrollContainer minWidth={progress ? 900 : 600}>
      <Table verticalSpacing="xs" fz="sm" data-testid="order-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('order.rows.sku')}</Table.Th>
            <Table.Th scope="col">{t('order.rows.description')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {progress ? t('order.rows.ordered') : t('order.rows.quantity')}
            </Table.Th>
            {progress && (
              <>
                <Table.Th scope="col" ta="right">
                  {t('order.rows.shipped')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('order.rows.residual')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('order.rows.ready')}
                </Table.Th>
                <Table.Th scope="col">{t('order.rows.status')}</Table.Th>
              </>
            )}
            <Table.Th scope="col" ta="right">
              {t('order.rows.price')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('order.rows.discount')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('order.rows.subtotal')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.rows.map((row) => (
            <Table.Tr key={row.id} data-testid="order-row">
              <Table.Td ff="monospace">{row.product_sku}</Table.Td>
              <Table.Td>{row.description}</Table.Td>
              <Table.Td ta="right">{row.quantities.ordered}</Table.Td>
              {progress && (
                <>
                  <Table.Td ta="right">{row.quantities.shipped}</Table.Td>
                  <Table.Td ta="right">{row.quantities.residual}</Table.Td>
                  <Table.Td ta="right">{row.quantities.ready}</Table.Td>
                  <Table.Td>
                    <RowStatusBadge status={row.status} />
                  </Table.Td>
                </>
              )}
              <Table.Td ta="right">{formatMoney(row.price, lng)}</Table.Td>
              <Table.Td ta="right">{row.discount > 0 ? formatRate(row.discount, lng) : '—'}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatMoney(row.subtotal, lng)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
