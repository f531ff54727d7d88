import { Stack, Text } from '@mantine/core';
import type { InvoiceDueDate } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../hooks/use-language';
import { formatDate, formatMoney } from '../../lib/format';

/** An invoice's due dates: the date alone for one instalment, date and amount for several. */
export function InvoiceDueDates({ dueDates }: { dueDates: InvoiceDueDate[] }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  if (dueDates.length === 1) return <>{formatDate(dueDates[0]!.due_date, lng)}</>;
  return (
    <Stack gap={0}>
      {dueDates.map((d) => (
        <Text key={d.due_date} size="sm" c={d.paid ? 'dimmed' : undefined}>
          {t('invoicePayment.instalment', {
            date: formatDate(d.due_date, lng),
            amount: formatMoney(d.amount, lng),
          })}
        </Text>
      ))}
    </Stack>
  );
}
