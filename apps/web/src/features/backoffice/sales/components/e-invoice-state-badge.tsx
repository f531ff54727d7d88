import type { EInvoiceState } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../../components/status-badge';

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
    <StatusBadge
      status={state}
      label={t(`bo.eInvoices.states.${state}`)}
      color={STATE_COLORS[state]}
      testId="e-invoice-state"
    />
  );
}
