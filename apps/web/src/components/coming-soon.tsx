import { EmptyState, Stack, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../hooks/use-page-title';
import type { TranslationKey } from '../i18n/keys';

interface ComingSoonProps {
  /** The page's title key: shown as the heading and in the document title. */
  titleKey: TranslationKey;
  /** False inside a page that already has its heading (a detail page's tab). */
  withHeading?: boolean;
}

/** The one placeholder for pages a later issue fills in. */
export function ComingSoon({ titleKey, withHeading = true }: ComingSoonProps) {
  const { t } = useTranslation();
  const title = t(titleKey);
  usePageTitle(title);
  return (
    <Stack gap="lg">
      {withHeading && <Title order={1}>{title}</Title>}
      <EmptyState
        variant="light"
        icon={<IconHammer aria-hidden />}
        title={t('comingSoon.title')}
        description={t('comingSoon.description')}
        py="xl"
      />
    </Stack>
  );
}
