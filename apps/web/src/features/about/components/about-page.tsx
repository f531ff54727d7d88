import { Grid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ShopDetails } from './shop-details';

/** /about: who the distributor is, and the shop's details from GET /api/shop. */
export function AboutPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.about'));
  return (
    <Grid gap={{ base: 'xl', md: 48 }}>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Title order={1}>{t('about.title')}</Title>
          <Text size="lg">{t('about.lead')}</Text>
          <Text>{t('about.body')}</Text>
          <Text>{t('about.customers')}</Text>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <ShopDetails />
      </Grid.Col>
    </Grid>
  );
}
