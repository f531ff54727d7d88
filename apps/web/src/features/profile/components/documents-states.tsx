import { Center, EmptyState, Loader } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** While a documents list loads. */
export function DocumentsLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('common.loading')}>
      <Loader type="dots" />
    </Center>
  );
}

/** A documents list with nothing in it. */
export function DocumentsEmpty({ title, description }: { title: string; description?: string }) {
  return (
    <EmptyState
      variant="light"
      icon={<IconFileText aria-hidden />}
      title={title}
      description={description}
      py="xl"
      data-testid="documents-empty"
    />
  );
}

/** A positive whole number from the URL (`?page=`, `?year=`), else null. */
export function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}
