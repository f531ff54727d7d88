import { Box, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ProductPrice } from '@shop/domain';
import { AddToCart, type CartTarget, useCanOrder } from '../../../components/product/add-to-cart';
import { PriceTag } from '../../../components/product/price-tag';
import type { QuantityLimits } from '../../../lib/availability';
import classes from './product-detail.module.css';

interface StickyBuyBarProps {
  price: ProductPrice;
  target: CartTarget;
  limits: QuantityLimits | null;
  /** The chosen variant, named with its kind ('Taglia: M'), so the bar says what it adds. */
  variantName?: string;
}

/**
 * Phones (issue 22): the price and add to cart stay on screen in a bar at the bottom, since the buy box
 * sits below the cover and the details. Rendered on small screens only (the buy box serves the rest).
 */
export function StickyBuyBar({ price, target, limits, variantName }: StickyBuyBarProps) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  const canOrder = useCanOrder();
  if (!phone || !canOrder) return null;
  return (
    <>
      {/* room under the page's end, so the bar never hides its last lines */}
      <Box className={classes.stickyBarSpace} aria-hidden />
      <Box className={classes.stickyBar} data-testid="sticky-buy-bar">
        <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
          <Box miw={0}>
            {variantName && (
              <Text size="xs" fw={600} data-testid="sticky-variant">
                {variantName}
              </Text>
            )}
            <PriceTag price={price} />
          </Box>
          <Box flex="none" w={268}>
            <AddToCart key={target.sku} target={target} limits={limits} />
          </Box>
        </Group>
      </Box>
    </>
  );
}
