import { Badge } from '@mantine/core';
import type { InvoicePaymentStatus } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { lightBadgeText } from '../badge-text';

const COLORS: Record<InvoicePaymentStatus, string> = { paid: 'teal', due: 'yellow', overdue: 'red' };

/** Whether an invoice is paid, due, or has an instalment past due (issue 20 point 2). */
export function InvoicePaymentBadge({ status }: { status: InvoicePaymentStatus }) {
  const { t } = useTranslation();
  const color = COLORS[status];
  return (
    <Badge
      variant="light"
      color={color}
      style={lightBadgeText(color)}
      miw="max-content"
      radius="sm"
      data-testid="invoice-payment-status"
      data-status={status}
    >
      {t(`invoicePayment.status.${status}`)}
    </Badge>
  );
}
