import { Anchor, Group, Table, Text } from '@mantine/core';
import type { BackofficeOrderDetail, OrderStatus } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { InvoiceDueDates } from '../../../../components/invoices/invoice-due-dates';
import { InvoicePaymentBadge } from '../../../../components/invoices/invoice-payment-badge';
import { useLanguage } from '../../../../hooks/use-language';
import type { TranslationKey } from '../../../../i18n/keys';
import { formatDate, formatDateTime, formatMoney } from '../../../../lib/format';
import { EInvoiceStateBadge } from './e-invoice-state-badge';

/**
 * The order's documents (with their PDFs, an invoice's or credit note's FatturaPA XML and its state,
 * and invoices' due dates and payment) and status history, as tables.
 */

function Empty({ children }: { children: string }) {
  return (
    <Text c="dimmed" size="sm">
      {children}
    </Text>
  );
}

export function OrderDocuments({ order }: { order: BackofficeOrderDetail }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  if (order.documents.length === 0) return <Empty>{t('bo.orders.documents.empty')}</Empty>;
  return (
    <Table verticalSpacing="xs" aria-label={t('bo.orders.sections.documents')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('bo.orders.documents.type')}</Table.Th>
          <Table.Th>{t('bo.orders.documents.number')}</Table.Th>
          <Table.Th>{t('bo.orders.documents.date')}</Table.Th>
          <Table.Th ta="right">{t('bo.orders.documents.quantity')}</Table.Th>
          <Table.Th ta="right">{t('bo.orders.documents.amount')}</Table.Th>
          <Table.Th ta="right">{t('bo.orders.documents.vat')}</Table.Th>
          <Table.Th>{t('bo.orders.documents.dueDate')}</Table.Th>
          <Table.Th>{t('bo.orders.documents.payment')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.documents.map((d) => (
          <Table.Tr key={d.id} data-testid="order-document">
            <Table.Td>{t(`bo.orders.documents.types.${d.type}`)}</Table.Td>
            <Table.Td>
              <Anchor
                href={`/api/documents/${d.id}/pdf`}
                target="_blank"
                rel="noopener"
                aria-label={t('bo.orders.documents.pdf', { number: d.number })}
              >
                {d.number}
              </Anchor>
              {d.type !== 'delivery_note' && d.e_invoice_state && (
                <Group gap="xs" mt={4} wrap="nowrap">
                  <Anchor
                    href={`/api/documents/${d.id}/xml`}
                    size="sm"
                    aria-label={t('bo.orders.documents.xml', { number: d.number })}
                  >
                    XML
                  </Anchor>
                  <EInvoiceStateBadge state={d.e_invoice_state} />
                </Group>
              )}
            </Table.Td>
            <Table.Td>{formatDate(d.date, lng)}</Table.Td>
            <Table.Td ta="right">{d.quantity}</Table.Td>
            <Table.Td ta="right">{formatMoney(d.amount, lng)}</Table.Td>
            <Table.Td ta="right">{formatMoney(d.vat, lng)}</Table.Td>
            <Table.Td>
              {d.due_dates && d.due_dates.length > 0 && <InvoiceDueDates dueDates={d.due_dates} />}
            </Table.Td>
            <Table.Td>{d.payment_status && <InvoicePaymentBadge status={d.payment_status} />}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function OrderHistory({ order }: { order: BackofficeOrderDetail }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const label = (s: OrderStatus | null) => (s ? t(`order.status.${s}` as TranslationKey) : '—');
  return (
    <Table verticalSpacing="xs" aria-label={t('bo.orders.sections.history')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('bo.orders.history.at')}</Table.Th>
          <Table.Th>{t('bo.orders.history.change')}</Table.Th>
          <Table.Th>{t('bo.orders.history.by')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.history.map((h) => (
          <Table.Tr key={`${h.at}:${h.from}:${h.to}`} data-testid="status-change">
            <Table.Td>{formatDateTime(h.at, lng)}</Table.Td>
            <Table.Td>
              {label(h.from)} → {label(h.to)}
            </Table.Td>
            <Table.Td>{h.by ?? t('bo.orders.history.system')}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
