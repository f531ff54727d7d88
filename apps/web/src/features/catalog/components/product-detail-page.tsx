import { Button, EmptyState, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { productLayout } from '@shop/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AddToListButton } from '../../../components/lists/add-to-list-button';
import { NotFound } from '../../../components/not-found';
import { AddToCart } from '../../../components/product/add-to-cart';
import { AvailabilityBadge } from '../../../components/product/availability-badge';
import { PriceTag } from '../../../components/product/price-tag';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { quantityLimits } from '../../../lib/availability';
import { useProduct } from '../api/get-product';
import { ImageGallery } from './image-gallery';
import { LayoutFields } from './layout-fields';
import { ProductBreadcrumbs } from './product-breadcrumbs';
import classes from './product-detail.module.css';
import { ProductTabs } from './product-tabs';
import { StickyBuyBar } from './sticky-buy-bar';
import { initialVariant, VariantPicker, variantLabel } from './variant-picker';
import { VolumeTiers } from './volume-tiers';

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Grid gap="xl" role="status" aria-label={t('common.loading')} aria-busy>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Skeleton style={{ aspectRatio: '1' }} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Skeleton height={32} width="80%" />
          <Skeleton height={18} width="40%" />
          <Skeleton height={140} />
          <Skeleton height={120} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * /products/{sku} (SPEC §2): the product per its category's layout (DESIGN §7) — images, title, info
 * fields, variant picker, availability, price, quantity and add to cart, then the layout's tabs.
 */
export function ProductDetailPage() {
  const { t } = useTranslation();
  const { sku = '' } = useParams();
  const { data: product, error, isPending, refetch } = useProduct(sku);
  const [variantSku, setVariantSku] = useState<string | null>(null);
  const missing = error instanceof ApiError && error.status === 404;
  // the not-found page sets its own title; this page's effect runs after it, so it must agree
  usePageTitle(product?.description ?? (missing ? t('notFound.title') : t('titles.product')));

  if (isPending) return <DetailSkeleton />;
  if (missing) return <NotFound />;
  if (!product) {
    return (
      <EmptyState
        variant="light"
        color="red"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('product.loadError')}
        py="xl"
        role="alert"
      >
        <Button mt="sm" onClick={() => void refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  }

  const layout = productLayout(product.category, product.subcategory);
  const variants = product.variants;
  const variant =
    variants.find((v) => v.sku === variantSku) ??
    // a link to a size opens on that size (the API answers a variant's SKU with its product)
    variants.find((v) => v.sku === sku) ??
    (variants.length > 0 ? initialVariant(variants) : undefined);
  const buying = variant ?? product;
  const limits = quantityLimits({
    availability: buying.availability,
    available_quantity: buying.available_quantity,
    min_quantity: product.min_quantity,
    max_quantity: product.max_quantity,
  });

  return (
    <Stack gap="lg" data-testid="product-detail" data-sku={product.sku}>
      <ProductBreadcrumbs
        category={product.category}
        subcategory={product.subcategory}
        title={product.description}
      />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 5, md: 4 }}>
          <ImageGallery product={product} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7, md: 8 }}>
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="md">
                <div>
                  <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
                    {product.description}
                  </Title>
                  {product.author && (
                    <Text size="lg" mt={4} c="dimmed" data-testid="product-author">
                      {product.author}
                    </Text>
                  )}
                </div>
                <section aria-label={t('product.info')}>
                  <LayoutFields product={product} fields={layout.info} testId="product-info" />
                </section>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Paper withBorder p="lg" className={classes.buyBox}>
                <Stack gap="md">
                  {variant && variants.length > 0 && (
                    <VariantPicker
                      variants={variants}
                      layout={layout}
                      value={variant.sku}
                      onChange={setVariantSku}
                    />
                  )}
                  <PriceTag price={buying.price} size="lg" />
                  <VolumeTiers tiers={product.tiers} display={buying.price.display} />
                  <AvailabilityBadge
                    product={{
                      availability: buying.availability,
                      available_quantity: buying.available_quantity,
                      release_date: buying.release_date,
                      available_from: product.available_from,
                    }}
                    size="md"
                  />
                  {variant && (
                    <Text size="xs" c="dimmed" data-testid="variant-sku">
                      {t('product.variantSku', { sku: variant.sku })}
                    </Text>
                  )}
                  <AddToCart
                    key={buying.sku}
                    size="md"
                    target={{
                      id: buying.id,
                      sku: buying.sku,
                      isVariant: Boolean(variant),
                      title: variant
                        ? `${product.description} – ${variantLabel(variant, layout)}`
                        : product.description,
                    }}
                    limits={limits}
                  />
                  <AddToListButton
                    key={`list-${buying.sku}`}
                    wide
                    target={{
                      id: buying.id,
                      sku: buying.sku,
                      isVariant: Boolean(variant),
                      title: variant
                        ? `${product.description} – ${variantLabel(variant, layout)}`
                        : product.description,
                      orderable: limits !== null,
                      quantity: limits?.min ?? 1,
                    }}
                  />
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
        </Grid.Col>
      </Grid>
      <ProductTabs key={product.sku} layout={layout} product={product} />
      <StickyBuyBar
        price={buying.price}
        limits={limits}
        variantName={
          variant
            ? `${t(`product.labels.${layout.variants.label}`)}: ${variantLabel(variant, layout)}`
            : undefined
        }
        target={{
          id: buying.id,
          sku: buying.sku,
          isVariant: Boolean(variant),
          title: variant ? `${product.description} – ${variantLabel(variant, layout)}` : product.description,
        }}
      />
    </Stack>
  );
}
