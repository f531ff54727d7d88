import { SegmentedControl, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../api/get-current-user';
import { usePageTitle } from '../../../hooks/use-page-title';
import { DocumentsByYear } from './documents-by-year';
import { positiveInt } from './documents-states';

const TYPES = ['invoice', 'credit_note'] as const;
type InvoiceType = (typeof TYPES)[number];

/** /profile/invoices-downloads (SPEC §2): invoices and credit notes, by type then year, as PDFs. */
export function InvoicesDownloadsPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.profile.invoicesDownloads'));
  const customerId = useCurrentUser().data?.customer?.id;
  const [searchParams, setSearchParams] = useSearchParams();
  const type: InvoiceType = searchParams.get('type') === 'credit_note' ? 'credit_note' : 'invoice';
  const year = positiveInt(searchParams.get('year'));
  const page = positiveInt(searchParams.get('page')) ?? 1;
  const go = (next: { type: InvoiceType; year?: number | null; page?: number }) => {
    const params: Record<string, string> = {};
    if (next.type !== 'invoice') params.type = next.type;
    if (next.year) params.year = String(next.year);
    if (next.page && next.page > 1) params.page = String(next.page);
    setSearchParams(params);
  };
  return (
    <Stack gap="lg">
      <Title order={1}>{t('titles.profile.invoicesDownloads')}</Title>
      <SegmentedControl
        aria-label={t('documents.typeLabel')}
        value={type}
        onChange={(value) => go({ type: value === 'credit_note' ? 'credit_note' : 'invoice' })}
        data={TYPES.map((value) => ({ value, label: t(`documents.types.${value}`) }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {/* the route's guard has loaded a signed-in customer */}
      {customerId !== undefined && (
        <DocumentsByYear
          key={type}
          customerId={customerId}
          type={type}
          year={year}
          page={page}
          onYear={(next) => go({ type, year: next })}
          onPage={(next) => go({ type, year, page: next })}
        />
      )}
    </Stack>
  );
}
