import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CreditStatus } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../hooks/use-language';
import { formatDate, formatMoney } from '../../lib/format';

/**
 * Issue 20 point 3: a customer's credit as staff (customer page) and his company admin (Team page) see
 * it: limit, exposure split into unpaid invoices and open orders, what is left, overdue invoices, block.
 */
export function CreditFigures({ credit }: { credit: CreditStatus }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const money = (cents: number | null) => (cents === null ? t('credit.noLimit') : formatMoney(cents, lng));
  const figures: [string, string, string?][] = [
    ['limit', t('credit.limit'), money(credit.credit_limit)],
    ['exposure', t('credit.exposure'), money(credit.exposure)],
    ['unpaid', t('credit.unpaidInvoices'), money(credit.unpaid_invoices)],
    ['open', t('credit.openOrders'), money(credit.open_orders)],
    ['available', t('credit.available'), credit.available === null ? '—' : money(credit.available)],
    [
      'overdue',
      t('credit.overdueInvoices'),
      credit.oldest_overdue
        ? t('credit.overdueSince', {
            count: credit.overdue_invoices,
            date: formatDate(credit.oldest_overdue, lng),
          })
        : String(credit.overdue_invoices),
    ],
  ];
  return (
    <Stack gap="sm">
      {credit.blocked && (
        <Group>
          <Badge color="red" variant="light">
            {t('credit.blocked')}
          </Badge>
        </Group>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        {figures.map(([key, label, value]) => (
          <div key={key} data-testid={`credit-${key}`}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fw={500} c={key === 'available' && (credit.available ?? 0) < 0 ? 'red' : undefined}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
