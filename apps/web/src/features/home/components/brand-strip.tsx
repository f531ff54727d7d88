import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { Brand } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './home.module.css';

/** Labels and brands flagged in_homepage, each opening the catalogue filtered by that label. */
export function BrandStrip({ brands }: { brands: Brand[] }) {
  const { t } = useTranslation();
  if (brands.length === 0) return null;
  return (
    <section aria-labelledby="home-brands" data-testid="home-brands">
      <Title order={2} id="home-brands" mb="md">
        {t('home.brands.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="sm">
        {brands.map((brand) => (
          <Paper
            key={brand.id}
            withBorder
            component={Link}
            to={`/products?${new URLSearchParams({ label: brand.description })}`}
            className={classes.brand}
            aria-label={t('home.brands.productsOf', { brand: brand.description })}
          >
            {brand.logo_url ? <img src={brand.logo_url} alt="" loading="lazy" decoding="async" /> : null}
            <Text size="sm" fw={600} lh={1.25}>
              {brand.description}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
