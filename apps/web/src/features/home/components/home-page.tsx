import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../api/get-current-user';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useHome } from '../api/get-home';
import { BrandStrip } from './brand-strip';
import { CampaignStrip } from './campaign-strip';
import { CategoryTiles } from './category-tiles';
import { Hero } from './hero';
import { ProductShowcase } from './product-showcase';

/** The three product showcases, in page order: which list of GET /api/home and where 'see all' leads. */
const SHOWCASES = [
  { key: 'featured', field: 'featured', seeAll: '/products?filter=featured' },
  { key: 'latest', field: 'latest', seeAll: '/products?latest=1' },
  { key: 'upcoming', field: 'coming_soon', seeAll: '/products?upcoming=1' },
] as const;

/**
 * The storefront home (issue 4): hero, the catalogue areas, the campaigns in home, the featured, latest
 * and coming-soon showcases, and the labels and brands flagged in_homepage (GET /api/home).
 */
export function HomePage() {
  const { t } = useTranslation();
  usePageTitle();
  const { data: user } = useCurrentUser();
  const home = useHome(user?.id ?? null);
  const data = home.data;
  const loading = home.isPending;

  return (
    <Stack gap={48}>
      <Hero />
      {home.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {t('home.loadError')}
        </Alert>
      )}
      <CategoryTiles categories={data?.categories} />
      {data && <CampaignStrip campaigns={data.campaigns} />}
      {!user && !home.isPending && <SignInPrompt redirect="/products" />}
      {SHOWCASES.map((showcase) => (
        <ProductShowcase
          key={showcase.key}
          titleKey={`home.${showcase.key}.title`}
          emptyKey={`home.${showcase.key}.description`}
          seeAll={showcase.seeAll}
          products={data?.[showcase.field]}
          loading={loading}
          testId={`home-${showcase.key}`}
        />
      ))}
      {data && <BrandStrip brands={data.brands} />}
    </Stack>
  );
}
