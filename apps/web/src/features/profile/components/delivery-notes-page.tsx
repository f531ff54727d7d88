import { Anchor, Group, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../api/get-current-user';
import { CardTable } from '../../../components/card-table';
import { ListPagination } from '../../../components/list-pagination';
import { RetryState } from '../../../components/retry-state';
import { useLanguage } from '../../../hooks/use-language';
import { usePageTitle } from '../../../hooks/use-page-title';
import { formatDate } from '../../../lib/format';
import { DELIVERY_NOTES_PER_PAGE, useDeliveryNotes } from '../api/get-delivery-notes';
import { DocumentDownloadButton } from './document-download-button';
import { DocumentsEmpty, DocumentsLoading, positiveInt } from './documents-states';

/** /profile/delivery-notes (SPEC §2, §3 Delivery note): the customer's delivery notes, newest first. */
export function DeliveryNotesPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.profile.deliveryNotes'));
  const customerId = useCurrentUser().data?.customer?.id;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('titles.profile.deliveryNotes')}</Title>
      {/* the route's guard has loaded a signed-in customer */}
      {customerId !== undefined && <DeliveryNoteList customerId={customerId} />}
    </Stack>
  );
}

function DeliveryNoteList({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = positiveInt(searchParams.get('page')) ?? 1;
  const notes = useDeliveryNotes(customerId, page);

  if (notes.isPending) return <DocumentsLoading />;
  if (notes.isError) {
    return <RetryState title={t('documents.deliveryNotes.loadError')} onRetry={() => void notes.refetch()} />;
  }
  if (notes.data.meta.total === 0) {
    return (
      <DocumentsEmpty
        title={t('documents.deliveryNotes.empty')}
        description={t('documents.deliveryNotes.emptyDescription')}
      />
    );
  }
  return (
    <Stack gap="md">
      <CardTable minWidth={560} striped verticalSpacing="sm" data-testid="delivery-notes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('documents.columns.number')}</Table.Th>
            <Table.Th scope="col">{t('documents.columns.date')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('documents.columns.quantity')}
            </Table.Th>
            <Table.Th scope="col">{t('documents.columns.order')}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('documents.columns.download')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {notes.data.data.map((note) => (
            <Table.Tr key={note.id} data-testid="delivery-note">
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/profile/delivery-notes/${encodeURIComponent(note.note_no)}`}
                  ff="monospace"
                  fw={600}
                >
                  {note.note_no}
                </Anchor>
              </Table.Td>
              <Table.Td>{formatDate(note.date, lng)}</Table.Td>
              <Table.Td ta="right">{note.quantity}</Table.Td>
              <Table.Td>
                {note.order_no && (
                  <Anchor component={Link} to={`/profile/orders/${encodeURIComponent(note.order_no)}`}>
                    {note.order_no}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <DocumentDownloadButton id={note.id} number={note.note_no} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </CardTable>
      <ListPagination
        total={notes.data.meta.total}
        perPage={DELIVERY_NOTES_PER_PAGE}
        page={page}
        onChange={(next) => setSearchParams(next > 1 ? { page: String(next) } : {})}
      />
    </Stack>
  );
}
