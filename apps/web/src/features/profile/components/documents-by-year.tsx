import { Group, NativeSelect, Stack, Table, VisuallyHidden } from '@mantine/core';
import type { DigitalDocument, DocumentType } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { CardTable } from '../../../components/card-table';
import { InvoiceDueDates } from '../../../components/invoices/invoice-due-dates';
import { InvoicePaymentBadge } from '../../../components/invoices/invoice-payment-badge';
import { ListPagination } from '../../../components/list-pagination';
import { RetryState } from '../../../components/retry-state';
import { useLanguage } from '../../../hooks/use-language';
import { formatDate, formatMoney } from '../../../lib/format';
import { DOCUMENTS_PER_PAGE, useDigitalDocuments } from '../api/get-digital-documents';
import { DocumentDownloadButton } from './document-download-button';
import { DocumentsEmpty, DocumentsLoading } from './documents-states';

type Props = {
  customerId: number;
  type: DocumentType;
  /** null: the latest year with documents of the type. */
  year: number | null;
  page: number;
  onYear: (year: number) => void;
  onPage: (page: number) => void;
};

/**
 * The documents of one type for download (SPEC §3: grouped by type and year): a year select, defaulting
 * to the latest year with documents, and a table of that year's documents with their PDF buttons.
 */
export function DocumentsByYear({ customerId, type, year, page, onYear, onPage }: Props) {
  const { t } = useTranslation();
  const query = useDigitalDocuments(customerId, { type, year, page });

  if (query.isPending) return <DocumentsLoading />;
  if (query.isError) {
    return <RetryState title={t('documents.loadError')} onRetry={() => void query.refetch()} />;
  }
  const answer = query.data;
  if (answer.year === null) return <DocumentsEmpty title={t(`documents.empty.${type}`)} />;
  const shown = answer.year;
  const years = [...new Set([shown, ...answer.years[type]])].sort((a, b) => b - a);
  return (
    <Stack gap="md">
      <NativeSelect
        label={t('documents.year')}
        data={years.map(String)}
        value={String(shown)}
        onChange={(event) => onYear(Number(event.currentTarget.value))}
        w={160}
      />
      {answer.data.length === 0 ? (
        <DocumentsEmpty title={t('documents.noneInYear', { year: shown })} />
      ) : (
        <DocumentsTable
          documents={answer.data}
          priced={type !== 'delivery_note'}
          invoices={type === 'invoice'}
        />
      )}
      <ListPagination total={answer.meta.total} perPage={DOCUMENTS_PER_PAGE} page={page} onChange={onPage} />
    </Stack>
  );
}

/**
 * Number, date, and for invoices and credit notes the taxable amount, VAT and total (cents, with VAT);
 * for invoices their due dates and whether they are paid, due or overdue (issue 20 point 2).
 */
function DocumentsTable({
  documents,
  priced,
  invoices,
}: {
  documents: DigitalDocument[];
  priced: boolean;
  invoices: boolean;
}) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <CardTable
      minWidth={invoices ? 860 : priced ? 620 : 400}
      striped
      verticalSpacing="sm"
      data-testid="documents"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('documents.columns.number')}</Table.Th>
          <Table.Th scope="col">{t('documents.columns.date')}</Table.Th>
          {priced && (
            <>
              <Table.Th scope="col" ta="right">
                {t('documents.columns.amount')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('documents.columns.vat')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('documents.columns.total')}
              </Table.Th>
            </>
          )}
          {invoices && (
            <>
              <Table.Th scope="col">{t('documents.columns.dueDate')}</Table.Th>
              <Table.Th scope="col">{t('documents.columns.payment')}</Table.Th>
            </>
          )}
          <Table.Th scope="col">
            <VisuallyHidden>{t('documents.columns.download')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {documents.map((doc) => (
          <Table.Tr key={doc.id} data-testid="document">
            <Table.Td ff="monospace" fw={600}>
              {doc.number}
            </Table.Td>
            <Table.Td>{formatDate(doc.date, lng)}</Table.Td>
            {priced && (
              <>
                <Table.Td ta="right">{formatMoney(doc.amount, lng)}</Table.Td>
                <Table.Td ta="right">{formatMoney(doc.vat, lng)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatMoney(doc.total, lng)}
                </Table.Td>
              </>
            )}
            {invoices && (
              <>
                <Table.Td>
                  <InvoiceDueDates dueDates={doc.due_dates} />
                </Table.Td>
                <Table.Td>
                  {doc.payment_status && <InvoicePaymentBadge status={doc.payment_status} />}
                </Table.Td>
              </>
            )}
            <Table.Td>
              <Group justify="flex-end">
                <DocumentDownloadButton id={doc.id} number={doc.number} />
                {doc.type !== 'delivery_note' && (
                  <DocumentDownloadButton id={doc.id} number={doc.number} format="xml" />
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </CardTable>
  );
}
