import { Anchor, Checkbox, Table } from '@mantine/core';
import { type CustomerOrderRow, canRequestShipping } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardTable } from '../../../components/card-table';
import { RowStatusBadge } from '../../../components/orders/row-status-badge';
import { useLanguage } from '../../../hooks/use-language';
import { formatDate } from '../../../lib/format';

/** Whether the customer may put this row in a shipping request (DESIGN §6 rule 12). */
export function isShippable(row: CustomerOrderRow): boolean {
  return canRequestShipping({
    status: row.status,
    ready: row.quantities.ready,
    residual: row.quantities.residual,
    orderStatus: row.order_status,
  });
}

export interface RowSelection {
  selected: ReadonlySet<number>;
  onChange: (ids: number[], checked: boolean) => void;
}

interface CustomerRowsTableProps {
  rows: CustomerOrderRow[];
  /** Open rows: a checkbox on each row that can be shipped. */
  selection?: RowSelection;
  /** Rows being shipped: the day their request is processed. */
  withProcessingDate?: boolean;
}

/** The customer's order rows with their order and quantities: ordered, shipped, residual, ready. */
export function CustomerRowsTable({ rows, selection, withProcessingDate = false }: CustomerRowsTableProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const shippable = rows.filter(isShippable).map((row) => row.id);
  const allSelected = shippable.length > 0 && shippable.every((id) => selection?.selected.has(id));
  const someSelected = shippable.some((id) => selection?.selected.has(id));
  const columns = [
    ['order', 'left'],
    ['date', 'left'],
    ['sku', 'left'],
    ['description', 'left'],
    ['ordered', 'right'],
    ['shipped', 'right'],
    ['residual', 'right'],
    ['ready', 'right'],
    ['status', 'left'],
    ...(withProcessingDate ? [['processingDate', 'left'] as const] : []),
  ] as const;
  return (
    <CardTable minWidth={900} striped verticalSpacing="xs" fz="sm" data-testid="customer-rows">
      <Table.Thead>
        <Table.Tr>
          {selection && (
            <Table.Th scope="col" w={40}>
              <Checkbox
                aria-label={t('myOrders.rows.selectAll')}
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                disabled={shippable.length === 0}
                onChange={(event) => selection.onChange(shippable, event.currentTarget.checked)}
              />
            </Table.Th>
          )}
          {columns.map(([key, align]) => (
            <Table.Th key={key} scope="col" ta={align}>
              {t(`myOrders.rows.columns.${key}`)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-testid="customer-row" data-row-id={row.id}>
            {selection && (
              <Table.Td>
                {isShippable(row) && (
                  <Checkbox
                    aria-label={t('myOrders.rows.select', { sku: row.product_sku, orderNo: row.orderNo })}
                    checked={selection.selected.has(row.id)}
                    onChange={(event) => selection.onChange([row.id], event.currentTarget.checked)}
                  />
                )}
              </Table.Td>
            )}
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Anchor
                component={Link}
                to={`/profile/orders/${encodeURIComponent(row.orderNo)}`}
                ff="monospace"
              >
                {row.orderNo}
              </Anchor>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.order_date, lng)}</Table.Td>
            <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {row.product_sku}
            </Table.Td>
            <Table.Td>{row.description}</Table.Td>
            <Table.Td ta="right">{row.quantities.ordered}</Table.Td>
            <Table.Td ta="right">{row.quantities.shipped}</Table.Td>
            <Table.Td ta="right">{row.quantities.residual}</Table.Td>
            <Table.Td ta="right" fw={row.quantities.ready > 0 ? 600 : undefined}>
              {row.quantities.ready}
            </Table.Td>
            <Table.Td>
              <RowStatusBadge status={row.status} />
            </Table.Td>
            {withProcessingDate && <Table.Td>{formatDate(row.processing_date, lng) || '—'}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </CardTable>
  );
}
