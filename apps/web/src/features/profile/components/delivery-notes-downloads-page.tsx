import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../api/get-current-user';
import { usePageTitle } from '../../../hooks/use-page-title';
import { DocumentsByYear } from './documents-by-year';
import { positiveInt } from './documents-states';

/** /profile/delivery-notes-downloads (SPEC §2): the delivery notes of a year, as PDFs. */
export function DeliveryNotesDownloadsPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.profile.deliveryNotesDownloads'));
  const customerId = useCurrentUser().data?.customer?.id;
  const [searchParams, setSearchParams] = useSearchParams();
  const year = positiveInt(searchParams.get('year'));
  const page = positiveInt(searchParams.get('page')) ?? 1;
  const go = (nextYear: number | null, nextPage = 1) => {
    const params: Record<string, string> = {};
    if (nextYear) params.year = String(nextYear);
    if (nextPage > 1) params.page = String(nextPage);
    setSearchParams(params);
  };
  return (
    <Stack gap="lg">
      <Title order={1}>{t('titles.profile.deliveryNotesDownloads')}</Title>
      {/* the route's guard has loaded a signed-in customer */}
      {customerId !== undefined && (
        <DocumentsByYear
          customerId={customerId}
          type="delivery_note"
          year={year}
          page={page}
          onYear={(next) => go(next)}
          onPage={(next) => go(year, next)}
        />
      )}
    </Stack>
  );
}
