import { Badge } from '@mantine/core';
import type { ReturnStatus } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { lightBadgeText } from '../badge-text';

const COLORS: Record<ReturnStatus, string> = {
  requested: 'yellow',
  authorised: 'blue',
  refused: 'red',
  received: 'indigo',
  cancelled: 'gray',
  credited: 'teal',
};

/** A return's status (DESIGN §6 rule 19), on the customer's order page and in the back office. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const { t } = useTranslation();
  const color = COLORS[status];
  return (
    <Badge
      variant="light"
      color={color}
      style={lightBadgeText(color)}
      miw="max-content"
      radius="sm"
      data-testid="return-status"
      data-status={status}
    >
      {t(`returns.status.${status}`)}
    </Badge>
  );
}
