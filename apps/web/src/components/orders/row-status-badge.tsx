import type { RowStatus } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../status-badge';

const COLORS: Record<RowStatus, string> = {
  not_shipped: 'blue',
  on_shipping: 'indigo',
  shipped: 'teal',
  cancelled: 'gray',
};

/** SPEC §4 row status: not shipped, being shipped, shipped, cancelled. */
export function RowStatusBadge({ status }: { status: RowStatus }) {
  const { t } = useTranslation();
  const color = COLORS[status];
  return (
    <StatusBadge status={status} label={t(`order.rowStatus.${status}`)} color={color} testId="row-status" />
  );
}
