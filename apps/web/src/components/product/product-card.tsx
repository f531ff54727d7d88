import { Button, Card, Stack, Text } from '@mantine/core';
import { layoutFieldValue, type ProductCard as ProductCardData, productLayout } from '@shop/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../hooks/use-language';
import { quantityLimits } from '../../lib/availability';
import { formatLayoutValue } from '../../lib/layout-values';
import { AddToListButton } from '../lists/add-to-list-button';
import { AddToCart, useCanOrder } from './add-to-cart';
import { AvailabilityBadge } from './availability-badge';
import { PriceTag } from './price-tag';
import classes from './product.module.css';
import { ProductCover } from './product-cover';

interface ProductCardProps {
  product: ProductCardData;
  /** The first cards of a page load their covers eagerly. */
  priority?: boolean;
}

/**
 * A product in a list: cover, title, the fields of its category's card layout (DESIGN §7), availability,
 * the price as this customer pays it and add to cart (or 'choose a size' for products with variants).
 */
export function ProductCard({ product, priority = false }: ProductCardProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const canOrder = useCanOrder();
  const titleId = useId();
  const layout = productLayout(product.category, product.subcategory);
  const to = `/products/${encodeURIComponent(product.sku)}`;
  const limits = quantityLimits(product);
  const [subtitle, ...rest] = layout.card
    .map((field) => layoutFieldValue(product, field))
    .map((value) => (value ? formatLayoutValue(value, lng) : null));
  const meta = rest.filter((text): text is string => Boolean(text)).join(' · ');

  return (
    <Card
      component="article"
      withBorder
      padding="sm"
      className={classes.card}
      aria-labelledby={titleId}
      data-testid="product-card"
      data-sku={product.sku}
    >
      <Link to={to} tabIndex={-1} aria-hidden className={classes.coverLink}>
        <ProductCover url={product.cover_url} title={product.description} priority={priority} />
      </Link>
      {!product.has_variants && (
        <AddToListButton
          className={classes.listButton}
          target={{
            id: product.id,
            isVariant: false,
            sku: product.sku,
            title: product.description,
            orderable: limits !== null,
            quantity: limits?.min ?? 1,
          }}
        />
      )}
      <Stack gap={6} mt="sm" mb="sm">
        <Text fw={600} size="sm" className={classes.title} component="h3" m={0}>
          <Link id={titleId} to={to} className={classes.titleLink}>
            {product.description}
          </Link>
        </Text>
        <Text size="sm" className={classes.meta} mih="1.55em">
          {subtitle ?? ''}
        </Text>
        <Text size="xs" c="dimmed" className={classes.meta} mih="1.55em">
          {meta}
        </Text>
        <AvailabilityBadge product={product} />
        <PriceTag price={product.price} />
      </Stack>
      {canOrder && (
        <div className={classes.cartRow}>
          {product.has_variants ? (
            <Button component={Link} to={to} variant="light" size="sm" fullWidth>
              {layout.variants.label === 'size'
                ? t('product.cart.chooseSize')
                : t('product.cart.chooseVariant')}
            </Button>
          ) : (
            <AddToCart
              target={{ id: product.id, sku: product.sku, isVariant: false, title: product.description }}
              limits={limits}
            />
          )}
        </div>
      )}
    </Card>
  );
}
