import { Center, EmptyState, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A list still loading its first page. */
export function ListLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('common.loading')}>
      <Loader type="dots" />
    </Center>
  );
}

/** A list with nothing in it: what would be there, and why it is empty. */
export function ListEmpty({
  icon,
  title,
  description,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
}) {
  return <EmptyState variant="light" icon={icon} title={title} description={description} py="xl" />;
}
