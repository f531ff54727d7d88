import { Anchor, EmptyState, Group, Paper, Skeleton, Title } from '@mantine/core';
import type { ProductCard as ProductCardData } from '@shop/domain';
import { IconArrowRight, IconPackage } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductCard } from '../../../components/product/product-card';
import type { TranslationKey } from '../../../i18n/keys';
import classes from './home.module.css';

interface ProductShowcaseProps {
  titleKey: TranslationKey;
  emptyKey: TranslationKey;
  /** The full list behind the showcase. */
  seeAll: string;
  products: ProductCardData[] | undefined;
  loading: boolean;
  testId: string;
}

/**
 * A home showcase (featured, latest releases, coming soon): a row of product cards that scrolls
 * sideways, with a link to the whole list (which asks visitors to sign in first).
 */
export function ProductShowcase({
  titleKey,
  emptyKey,
  seeAll,
  products,
  loading,
  testId,
}: ProductShowcaseProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const title = t(titleKey);

  let body: ReactNode;
  if (loading) {
    body = (
      <div className={classes.carousel} aria-busy>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={380} radius="md" />
        ))}
      </div>
    );
  } else if (!products || products.length === 0) {
    body = (
      <Paper withBorder className={classes.empty}>
        <EmptyState
          size="sm"
          variant="light"
          icon={<IconPackage aria-hidden />}
          title={t('home.emptySection.title')}
          description={t(emptyKey)}
          py="lg"
        />
      </Paper>
    );
  } else {
    body = (
      // every card holds links, so keyboard focus scrolls the row
      <div className={classes.carousel} data-testid={`${testId}-products`}>
        {products.map((product, index) => (
          <div key={product.id} className={classes.slide}>
            <ProductCard product={product} priority={index < 4} />
          </div>
        ))}
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} data-testid={testId}>
      <Group justify="space-between" align="baseline" mb="md">
        <Title order={2} id={headingId}>
          {title}
        </Title>
        <Anchor
          component={Link}
          to={seeAll}
          size="sm"
          fw={600}
          aria-label={t('home.seeAllOf', { section: title })}
        >
          <Group gap={4} component="span">
            {t('home.seeAll')}
            <IconArrowRight size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      {body}
    </section>
  );
}
