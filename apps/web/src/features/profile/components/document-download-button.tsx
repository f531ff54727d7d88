import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages } from '@shop/domain';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';
import { ApiError } from '../../../lib/api-client';
import { useDownloadDocument } from '../api/download-document';

/** Downloads one document's PDF; spins while it comes, and says so in a toast when it cannot. */
export function DocumentDownloadButton({ id, number }: { id: number; number: string }) {
  const { t } = useTranslation();
  const download = useDownloadDocument();
  const onClick = () =>
    download.mutate(
      { id, number },
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
      aria-label={t('documents.downloadLabel', { number })}
    >
      {t('documents.download')}
    </Button>
  );
}
