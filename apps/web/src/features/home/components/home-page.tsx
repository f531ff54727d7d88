import { Stack } from '@mantine/core';
import { usePageTitle } from '../../../hooks/use-page-title';
import { CategoryTiles } from './category-tiles';
import { Hero } from './hero';
import { ProductSection } from './product-section';

/** The storefront home: hero, the five catalogue areas and the product showcases (filled by a later issue). */
export function HomePage() {
  usePageTitle();
  return (
    <Stack gap={48}>
      <Hero />
      <CategoryTiles />
      <ProductSection titleKey="home.featured.title" descriptionKey="home.featured.description" />
      <ProductSection titleKey="home.latest.title" descriptionKey="home.latest.description" />
      <ProductSection titleKey="home.upcoming.title" descriptionKey="home.upcoming.description" />
    </Stack>
  );
}
