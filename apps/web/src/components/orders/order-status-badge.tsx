import type { OrderStatus } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../status-badge';

const COLORS: Partial<Record<OrderStatus, string>> = {
  pending: 'yellow',
  awaiting_approval: 'orange',
  failed_payment: 'red',
  cancelled: 'gray',
  registered: 'blue',
  confirmed: 'teal',
  delivered: 'teal',
  closed: 'gray',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  const color = COLORS[status] ?? 'indigo';
  return (
    <StatusBadge
      status={status}
      label={t(`order.status.${status}`)}
      color={color}
      testId="order-status"
      size="lg"
    />
  );
}
