import { EmptyState, Paper, Title } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../i18n/keys';
import classes from './product-section.module.css';

interface ProductSectionProps {
  titleKey: TranslationKey;
  descriptionKey: TranslationKey;
}

/** A home showcase (featured, latest, coming soon); empty until the catalogue issue fills it. */
export function ProductSection({ titleKey, descriptionKey }: ProductSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} id={headingId} mb="md">
        {t(titleKey)}
      </Title>
      <Paper withBorder className={classes.empty}>
        <EmptyState
          size="sm"
          variant="light"
          icon={<IconPackage aria-hidden />}
          title={t('home.emptySection.title')}
          description={t(descriptionKey)}
          py="lg"
        />
      </Paper>
    </section>
  );
}
