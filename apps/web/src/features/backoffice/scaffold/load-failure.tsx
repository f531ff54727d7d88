import { Button, EmptyState } from '@mantine/core';
import { IconArrowLeft, IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RetryState } from '../../../components/retry-state';
import { ApiError } from '../../../lib/api-client';

/**
 * A record that failed to load (issue 22): when the server answers 404 it does not exist, so it says
 * 'not found' with the way back to its list; any other failure may pass, so it offers a retry.
 */
export function LoadFailure({
  error,
  onRetry,
  retryTitle,
  listPath,
}: {
  error: unknown;
  onRetry: () => void;
  retryTitle: string;
  listPath: string;
}) {
  const { t } = useTranslation();
  if (!(error instanceof ApiError && error.status === 404))
    return <RetryState title={retryTitle} onRetry={onRetry} />;
  return (
    <EmptyState
      variant="light"
      icon={<IconFileUnknown aria-hidden />}
      title={t('bo.detail.notFound')}
      description={t('bo.detail.notFoundBody')}
      py="xl"
      data-testid="record-not-found"
    >
      <Button
        component={Link}
        to={listPath}
        mt="sm"
        variant="default"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        {t('bo.detail.backToList')}
      </Button>
    </EmptyState>
  );
}
