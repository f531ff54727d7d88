import { Center, EmptyState, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ListsLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('common.loading')}>
      <Loader type="dots" />
    </Center>
  );
}

export function ListEmptyState({ icon, title }: { icon: ReactNode; title: string }) {
  return <EmptyState variant="light" icon={icon} title={title} py="xl" />;
}
