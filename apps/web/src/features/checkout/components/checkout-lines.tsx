import { Group, Stack, Text } from '@mantine/core';
import type { Quote } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../hooks/use-language';
import { formatMoney } from '../../../lib/format';

/** The priced lines, compact: title, quantity and line total as the quote has them. */
export function CheckoutLines({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="checkout-lines">
      {quote.products.map((product) => (
        <Group key={product.key} component="li" justify="space-between" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" lineClamp={1}>
              {product.title}
            </Text>
            <Text size="xs" c="dimmed">
              {t('checkout.lineQuantity', { sku: product.sku, quantity: product.quantity })}
            </Text>
          </div>
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(
              quote.display === 'net' ? product.totalPrice : product.roundedTotalPriceWithVat,
              lng,
            )}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
