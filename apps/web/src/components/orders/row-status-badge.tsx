import { Badge } from '@mantine/core';
import type { RowStatus } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { lightBadgeText } from '../badge-text';

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
    <Badge
      variant="light"
      color={color}
      style={lightBadgeText(color)}
      miw="max-content"
      radius="sm"
      data-testid="row-status"
      data-status={status}
    >
      {t(`order.rowStatus.${status}`)}
    </Badge>
  );
}
