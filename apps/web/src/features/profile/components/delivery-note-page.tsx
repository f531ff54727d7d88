import { Anchor, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { DeliveryNote } from '@shop/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { RetryState } from '../../../components/retry-state';
import { useLanguage } from '../../../hooks/use-language';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useDeliveryNote } from '../api/get-delivery-note';
import { DocumentDownloadButton } from './document-download-button';

/** /profile/delivery-notes/{note_no}: one delivery note, what it shipped, and its PDF. */
export function DeliveryNotePage() {
  const { t } = useTranslation();
  const { noteNo = '' } = useParams();
  const query = useDeliveryNote(noteNo);
  usePageTitle(t('documents.deliveryNote.title', { number: noteNo }));

  if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/profile/delivery-notes" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('documents.deliveryNote.back')}
        </Group>
      </Anchor>
      {query.isError ? (
        <RetryState title={t('documents.deliveryNote.loadError')} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <DeliveryNoteView note={query.data} />
      ) : (
        <Skeleton height={300} aria-label={t('common.loading')} />
      )}
    </Stack>
  );
}

function DeliveryNoteView({ note }: { note: DeliveryNote }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t('documents.deliveryNote.title', { number: note.note_no })}</Title>
          <Text c="dimmed" data-testid="delivery-note-facts">
            {[
              t('documents.deliveryNote.date', { date: formatDate(note.date, lng) }),
              t('documents.deliveryNote.pieces', { count: note.quantity }),
            ].join(' · ')}
          </Text>
          {note.order_no && (
            <Text size="sm">
              {t('documents.deliveryNote.order')}{' '}
              <Anchor component={Link} to={`/profile/orders/${encodeURIComponent(note.order_no)}`}>
                {note.order_no}
              </Anchor>
            </Text>
          )}
        </div>
        <DocumentDownloadButton id={note.id} number={note.note_no} />
      </Group>
      <Paper withBorder p="md">
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" fz="sm" data-testid="delivery-note-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('documents.columns.sku')}</Table.Th>
                <Table.Th scope="col">{t('documents.columns.description')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('documents.columns.quantity')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {note.rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that may hold one SKU twice (two order rows)
                <Table.Tr key={index}>
                  <Table.Td ff="monospace">{row.sku}</Table.Td>
                  <Table.Td>{row.description}</Table.Td>
                  <Table.Td ta="right">{row.quantity}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}
