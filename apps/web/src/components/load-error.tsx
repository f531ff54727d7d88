import { Button, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** SPEC §8: a page (or its chunk) failed; the only way on is a reload. */
export function LoadError() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py={80} ta="center" role="alert">
      <ThemeIcon size={56} radius="xl" variant="light" color="red">
        <IconAlertTriangle size={30} aria-hidden />
      </ThemeIcon>
      <Title order={2}>{t('errors.reload')}</Title>
      <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
        {t('errors.reloadButton')}
      </Button>
    </Stack>
  );
}
