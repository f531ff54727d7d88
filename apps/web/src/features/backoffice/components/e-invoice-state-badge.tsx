import { Badge } from '@mantine/core';
import type { EInvoiceState } from '@shop/domain';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<EInvoiceState, string> = {
  held: 'red',
  generated: 'blue',
  sent: 'cyan',
  delivered: 'green',
  rejected: 'red',
  not_delivered: 'yellow',
};

/** A FatturaPA file's state (issue 21): red when it cannot go (held) or was refused (rejected). */
export function EInvoiceStateBadge({ state }: { state: EInvoiceState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {t(`bo.eInvoices.states.${state}`)}
    </Badge>
  );
}
