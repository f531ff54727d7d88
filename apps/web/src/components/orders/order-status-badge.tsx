import { Badge } from '@mantine/core';
import type { OrderStatus } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { lightBadgeText } from '../badge-text';

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
    <Badge
      variant="light"
      color={color}
      style={lightBadgeText(color)}
      miw="max-content"
      size="lg"
      radius="sm"
      data-testid="order-status"
      data-status={status}
    >
      {t(`order.status.${status}`)}
    </Badge>
  );
}
