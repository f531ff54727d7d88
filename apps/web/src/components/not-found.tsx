import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../hooks/use-page-title';

/** SPEC §2 not-found page: 'Error 404', 'Page not found' and a link back home. */
export function NotFound() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Stack align="center" gap="md" py={80} ta="center">
      <Text c="indigo" fw={700} size="sm" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
        {t('notFound.code')}
      </Text>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text c="dimmed" maw={460}>
        {t('notFound.description')}
      </Text>
      <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} aria-hidden />} mt="sm">
        {t('notFound.backHome')}
      </Button>
    </Stack>
  );
}
