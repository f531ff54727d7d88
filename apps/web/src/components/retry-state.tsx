import { Button, EmptyState } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A section whose data failed to load: what failed, and a retry that refetches it (not the page). */
export function RetryState({
  title,
  description,
  onRetry,
}: {
  title: string;
  description?: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      variant="light"
      color="red"
      icon={<IconAlertTriangle aria-hidden />}
      title={title}
      description={description}
      py="xl"
      role="alert"
    >
      <Button mt="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </EmptyState>
  );
}
