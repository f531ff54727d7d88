import { Group, Stack, Text } from '@mantine/core';
import { type Quote, quoteMoney } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../hooks/use-language';
import { formatMoney } from '../../../lib/format';
import { vatNoteKey } from '../../../lib/price-display';

/**
 * The priced lines, compact: title, quantity and line total as the cart shows them (issue 16): before
 * the coupon, which the totals show as its own line, with or without VAT as labelled.
 */
export function CheckoutLines({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { lines } = quoteMoney(quote);
  const vat = t(vatNoteKey(quote.display));
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="checkout-lines">
      {quote.products.map((product, i) => (
        <Group key={product.key} component="li" justify="space-between" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            {/* the whole title: a variant's size or format is at its end (issue 22) */}
            <Text size="sm">{product.title}</Text>
            <Text size="xs" c="dimmed">
              {t('checkout.lineQuantity', { sku: product.sku, quantity: product.quantity })}
            </Text>
          </div>
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }} data-testid="checkout-line-total">
            {t('money.lineTotal', { amount: formatMoney(lines[i]!.total, lng), vat })}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
