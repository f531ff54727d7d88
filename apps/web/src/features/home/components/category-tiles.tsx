import { Anchor, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import type { Category } from '@shop/domain';
import { CATEGORY_CODES } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryIcon } from '../../../components/category-icon';
import { isCategoryCode, subcategoryLabel } from '../../../lib/category-labels';
import classes from './category-tiles.module.css';

/**
 * The catalogue areas flagged in_homepage (all five until the home data has loaded), each opening the
 * catalogue of that category, with its own in_homepage subcategories as quick links.
 */
export function CategoryTiles({ categories }: { categories: Category[] | undefined }) {
  const { t } = useTranslation();
  const tiles = (
    categories?.filter((c) => c.in_homepage) ??
    CATEGORY_CODES.map((code) => ({
      code,
      description: code,
      subcategories: [] as Category['subcategories'],
    }))
  ).filter((c) => isCategoryCode(c.code));
  if (tiles.length === 0) return null;
  return (
    <section aria-labelledby="home-categories" data-testid="home-categories">
      <Title order={2} id="home-categories" mb="md">
        {t('home.categories.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(tiles.length, 5) }} spacing="md">
        {tiles.map((category) => {
          const code = category.code as (typeof CATEGORY_CODES)[number];
          const subs = category.subcategories.filter((s) => s.in_homepage);
          return (
            <Card key={code} withBorder padding="lg" className={classes.tile}>
              <ThemeIcon size={44} radius="md" variant="light">
                <CategoryIcon code={code} size={24} stroke={1.6} />
              </ThemeIcon>
              <Text component="h3" fw={650} mt="md" mb={0} size="md">
                <Link to={`/products?${new URLSearchParams({ category: code })}`} className={classes.link}>
                  {t(`categories.${code}`)}
                </Link>
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                {t(`home.categories.descriptions.${code}`)}
              </Text>
              {subs.length > 0 && (
                <Group gap={8} mt="sm" className={classes.subs}>
                  {subs.map((sub) => (
                    <Anchor
                      key={sub.code}
                      component={Link}
                      to={`/products?${new URLSearchParams({ category: code, subcategory: sub.code })}`}
                      size="sm"
                    >
                      {subcategoryLabel(t, sub.code, sub.description)}
                    </Anchor>
                  ))}
                </Group>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
