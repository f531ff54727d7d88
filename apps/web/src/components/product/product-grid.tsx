import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { ProductCard as ProductCardData } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { ProductCard } from './product-card';

type Columns = { base: number; xs?: number; sm?: number; md?: number; lg?: number; xl?: number };

const COLUMNS: Columns = { base: 2, md: 3, lg: 4 };

/** Product cards in a responsive grid; the first row loads its covers eagerly. */
export function ProductGrid({ products, cols = COLUMNS }: { products: ProductCardData[]; cols?: Columns }) {
  return (
    <SimpleGrid
      cols={cols}
      spacing={{ base: 'xs', sm: 'md' }}
      verticalSpacing={{ base: 'xs', sm: 'md' }}
      data-testid="product-grid"
    >
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} priority={index < 4} />
      ))}
    </SimpleGrid>
  );
}

/** The grid's shape while products load. */
export function ProductGridSkeleton({ count = 8, cols = COLUMNS }: { count?: number; cols?: Columns }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={cols}
      spacing={{ base: 'xs', sm: 'md' }}
      role="status"
      aria-label={t('common.loading')}
      aria-busy
    >
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={index} withBorder padding="sm">
          <Skeleton style={{ aspectRatio: '1' }} />
          <Stack gap={8} mt="sm">
            <Skeleton height={14} />
            <Skeleton height={14} width="70%" />
            <Skeleton height={12} width="50%" />
            <Skeleton height={20} width="40%" mt={4} />
            <Skeleton height={30} mt={4} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
