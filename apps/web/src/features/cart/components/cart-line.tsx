import { ActionIcon, Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { addVat, type CartProduct, type ProductPrice, type Quote, shownLineTotal } from '@shop/domain';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lightBadgeText } from '../../../components/badge-text';
import { PriceTag } from '../../../components/product/price-tag';
import { ProductCover } from '../../../components/product/product-cover';
import { useLanguage } from '../../../hooks/use-language';
import { quoteLimits } from '../../../lib/cart/cart-lines';
import { formatMoney } from '../../../lib/format';
import classes from './cart.module.css';
import { QuantityStepper } from './quantity-stepper';

/**
 * A priced line's unit price in the shape the catalogue's price tag reads: before the coupon, which is
 * its own line in the totals (issue 16), so the tag shows what the product page showed.
 */
function unitPrice(product: CartProduct, display: Quote['display']): ProductPrice {
  return {
    list_price: product.price,
    tier_price: product.tier_price,
    discount_rate: product.discount_rate,
    discounted_price: product.discounted_price,
    campaign_price: product.campaignPrice,
    is_under_campaign: product.isUnderCampaign,
    contract_price: product.contract_price,
    price_source: product.price_source,
    unit_price: product.price_before_coupon,
    vat_rate: product.vatRate,
    unit_price_with_vat: addVat(product.price_before_coupon, product.vatRate),
    display,
  };
}

interface CartLineProps {
  product: CartProduct;
  display: Quote['display'];
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/**
 * One cart line: cover, title, SKU, unit price with its discount or campaign, quantity, line total;
 * prices before the coupon, which the totals show as its own line (issue 16).
 */
export function CartLine({ product, display, onQuantity, onRemove }: CartLineProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const total = shownLineTotal(product.price_before_coupon, product.quantity, product.vatRate, display);
  const clamped = product.quantity !== product.requested_quantity;
  return (
    <Box className={classes.line} data-testid="cart-line" data-sku={product.sku}>
      <Box className={classes.cover}>
        <ProductCover url={product.cover_url} title={product.title} />
      </Box>
      <Stack gap={4} className={classes.info}>
        <Anchor component={Link} to={`/products/${encodeURIComponent(product.sku)}`} fw={600} c="inherit">
          {product.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {product.author ? `${product.author} · ` : ''}
          {t('cart.line.sku', { sku: product.sku })}
        </Text>
        {product.is_preorder && (
          <Badge variant="light" color="indigo" size="xs" radius="sm" style={lightBadgeText('indigo')}>
            {t('product.availability.preorder')}
          </Badge>
        )}
        <PriceTag price={unitPrice(product, display)} />
      </Stack>
      <Stack gap={4} className={classes.quantity}>
        <QuantityStepper
          title={product.title}
          value={product.quantity}
          limits={quoteLimits(product)}
          onChange={onQuantity}
        />
        {clamped && (
          <Text size="xs" c="orange.8" data-testid="line-clamped">
            {t('cart.line.clamped', { requested: product.requested_quantity })}
          </Text>
        )}
      </Stack>
      <Stack gap={0} className={classes.total} align="flex-end">
        <Text fw={700} data-testid="line-total" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(total, lng)}
        </Text>
        <Text size="xs" c="dimmed">
          {display === 'net' ? t('product.price.vatExcluded') : t('product.price.vatIncluded')}
        </Text>
      </Stack>
      <Group className={classes.remove}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('cart.line.remove', { title: product.title })}
          title={t('cart.line.removeShort')}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Box>
  );
}
