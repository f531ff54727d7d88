import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { CATEGORY_CODES } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryIcon } from '../../../components/category-icon';
import classes from './category-tiles.module.css';

/** One tile per catalogue area, each opening the catalogue filtered by that category. */
export function CategoryTiles() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-categories">
      <Title order={2} id="home-categories" mb="md">
        {t('home.categories.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
        {CATEGORY_CODES.map((code) => (
          <Card
            key={code}
            component={Link}
            to={`/products?category=${code}`}
            withBorder
            padding="lg"
            className={classes.tile}
          >
            <ThemeIcon size={44} radius="md" variant="light">
              <CategoryIcon code={code} size={24} stroke={1.6} />
            </ThemeIcon>
            <Text fw={650} mt="md">
              {t(`categories.${code}`)}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`home.categories.descriptions.${code}`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
