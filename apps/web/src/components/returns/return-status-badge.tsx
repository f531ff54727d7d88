import type { ReturnStatus } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../status-badge';

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
    <StatusBadge status={status} label={t(`returns.status.${status}`)} color={color} testId="return-status" />
  );
}
