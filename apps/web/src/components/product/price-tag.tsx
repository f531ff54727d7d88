import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ProductPrice } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../hooks/use-language';
import { formatMoney } from '../../lib/format';
import { formatRate, priceView } from '../../lib/price-display';
import { lightBadgeText } from '../badge-text';
import classes from './product.module.css';

interface PriceTagProps {
  price: ProductPrice;
  /** 'lg' on the product page. */
  size?: 'md' | 'lg';
}

/**
 * The unit price as this customer pays it (DESIGN §6): net with 'VAT excl.' for companies and extra-EU
 * customers, VAT-inclusive otherwise; the list price struck through with a discount or campaign badge
 * when it is reduced.
 */
export function PriceTag({ price, size = 'md' }: PriceTagProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const view = priceView(price);
  const large = size === 'lg';
  return (
    <Stack gap={2} data-testid="price">
      {(view.listAmount !== null || view.isCampaign || view.isContract || view.discountRate !== null) && (
        <Group gap={6} wrap="wrap">
          {view.listAmount !== null && (
            <Text
              span
              size={large ? 'sm' : 'xs'}
              c="dimmed"
              className={classes.struck}
              aria-label={`${t('product.price.listPrice')}: ${formatMoney(view.listAmount, lng)}`}
              data-testid="list-price"
            >
              {formatMoney(view.listAmount, lng)}
            </Text>
          )}
          {view.isContract ? (
            <Badge color="teal.9" variant="filled" size={large ? 'md' : 'xs'} radius="sm">
              {t('product.price.contract')}
            </Badge>
          ) : view.isCampaign ? (
            <Badge color="red.9" variant="filled" size={large ? 'md' : 'xs'} radius="sm">
              {t('product.price.campaign')}
            </Badge>
          ) : (
            view.discountRate !== null && (
              <Badge
                color="red"
                variant="light"
                size={large ? 'md' : 'xs'}
                radius="sm"
                style={lightBadgeText('red')}
                data-testid="discount"
              >
                {t('product.price.discount', { rate: formatRate(view.discountRate, lng) })}
              </Badge>
            )
          )}
        </Group>
      )}
      <Group gap={6} align="baseline" wrap="wrap">
        <Text span fw={700} fz={large ? 28 : 'lg'} lh={1.1} data-testid="unit-price">
          {formatMoney(view.amount, lng)}
        </Text>
        <Text span size="xs" c="dimmed" data-testid="vat-note">
          {view.mode === 'net' ? t('product.price.vatExcluded') : t('product.price.vatIncluded')}
        </Text>
      </Group>
    </Stack>
  );
}
