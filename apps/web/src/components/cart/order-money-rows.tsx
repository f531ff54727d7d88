import { Table } from '@mantine/core';
import { type Order, orderMoney } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../hooks/use-language';
import { formatMoney } from '../../lib/format';
import { formatRate, vatNoteKey } from '../../lib/price-display';
import { RowStatusBadge } from '../orders/row-status-badge';

interface OrderMoneyRowsProps {
  order: Order;
  /** The customer's order page: how much of each row was shipped, is left, is ready, and its status. */
  progress?: boolean;
}

/**
 * An order's rows as its customer sees them (issue 16): unit price and row total before the coupon,
 * with VAT for private persons and without for companies, labelled; the discount is the effective rate
 * of the price shown, as on the product page and in the cart.
 */
export function OrderMoneyRows({ order, progress = false }: OrderMoneyRowsProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { lines, totals } = orderMoney(order);
  const vat = t(vatNoteKey(totals.display));
  return (
    <Table.ScrollContainer minWidth={progress ? 900 : 600}>
      <Table verticalSpacing="xs" fz="sm" data-testid="order-rows" data-display={totals.display}>
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
              {t('money.unitPrice', { vat })}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('order.rows.discount')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('money.rowTotal', { vat })}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.rows.map((row, i) => {
            const shown = lines[i]!;
            return (
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
                <Table.Td ta="right" data-testid="row-price" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(shown.unitPrice, lng)}
                </Table.Td>
                <Table.Td ta="right" data-testid="row-discount">
                  {shown.discountRate > 0 ? formatRate(shown.discountRate, lng) : '—'}
                </Table.Td>
                <Table.Td ta="right" fw={600} data-testid="row-total" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(shown.total, lng)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
