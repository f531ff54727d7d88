import { List, Stack, Text } from '@mantine/core';
import type { PriceDisplay, ProductTierPrice } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../hooks/use-language';
import { formatMoney } from '../../../lib/format';

interface VolumeTiersProps {
  tiers: ProductTierPrice[];
  /** Net or VAT-inclusive, as the page shows the unit price. */
  display: PriceDisplay;
}

/** The product's volume prices (DESIGN §6 rule 17), each the unit price from that many pieces. */
export function VolumeTiers({ tiers, display }: VolumeTiersProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  if (tiers.length === 0) return null;
  return (
    <Stack gap={4} data-testid="volume-tiers">
      <Text size="sm" fw={600}>
        {t('product.tiers.title')}
      </Text>
      <List size="sm" spacing={2} aria-label={t('product.tiers.title')}>
        {tiers.map((tier) => (
          <List.Item key={tier.min_quantity}>
            {t('product.tiers.from', {
              count: tier.min_quantity,
              price: formatMoney(display === 'gross' ? tier.unit_price_with_vat : tier.unit_price, lng),
            })}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
