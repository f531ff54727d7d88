import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages } from '@shop/domain';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';
import { ApiError } from '../../../lib/api-client';
import { type DocumentFormat, useDownloadDocument } from '../api/download-document';

/**
 * Downloads one document's PDF, or an invoice's or credit note's XML (issue 21); spins while it comes,
 * and says so in a toast when it cannot.
 */
export function DocumentDownloadButton({
  id,
  number,
  format = 'pdf',
}: {
  id: number;
  number: string;
  format?: DocumentFormat;
}) {
  const { t } = useTranslation();
  const download = useDownloadDocument();
  const onClick = () =>
    download.mutate(
      { id, number, format },
      {
        onError: (error) =>
          notifications.show({
            color: 'red',
            message:
              error instanceof ApiError && error.status === 404
                ? translateMessage(messages.notFound)
                : t('documents.downloadError', { number }),
          }),
      },
    );
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconDownload size={14} aria-hidden />}
      loading={download.isPending}
      onClick={onClick}
      aria-label={t(format === 'pdf' ? 'documents.downloadLabel' : 'documents.downloadXmlLabel', { number })}
    >
      {t(format === 'pdf' ? 'documents.download' : 'documents.downloadXml')}
    </Button>
  );
}
