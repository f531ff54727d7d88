import type { InvoicePaymentStatus } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../status-badge';

const COLORS: Record<InvoicePaymentStatus, string> = { paid: 'teal', due: 'yellow', overdue: 'red' };

/** Whether an invoice is paid, due, or has an instalment past due (issue 20 point 2). */
export function InvoicePaymentBadge({ status }: { status: InvoicePaymentStatus }) {
  const { t } = useTranslation();
  const color = COLORS[status];
  return (
    <StatusBadge
      status={status}
      label={t(`invoicePayment.status.${status}`)}
      color={color}
      testId="invoice-payment-status"
    />
  );
}
