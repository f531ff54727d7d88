import { Text } from '@mantine/core';
import { type Quote, quoteMoney } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../hooks/use-language';
import { formatMoney } from '../../lib/format';
import { MoneyTotals, type MoneyTotalsIds } from './money-totals';

const ids: MoneyTotalsIds = {
  root: 'quote-totals',
  subtotal: 'total-subtotal',
  coupon: 'total-coupon',
  shipping: 'total-shipping',
  paymentFee: 'total-payment-fee',
  totalWithoutTaxes: 'total-without-taxes',
  vat: 'total-vat',
  total: 'total',
};

/**
 * The quote's totals, exactly as the server computed them (SPEC §9, DESIGN §6), shown as on the order
 * (issue 16): the subtotal before the coupon, the coupon's own line, shipping and fee, VAT and total.
 */
export function QuoteTotals({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { shipping } = quote;
  // The threshold is compared with the subtotal with VAT (DESIGN §6.6). A customer who pays no VAT
  // (extra-EU, exempt: SPEC §6 shows them prices without VAT) must not read 'VAT incl.' under it.
  const paysNoVat = quote.display === 'net' && quote.subtotal_with_vat === quote.subtotal;
  return (
    <MoneyTotals
      totals={quoteMoney(quote).totals}
      ids={ids}
      freeShipping={shipping.is_free}
      shippingNote={
        !shipping.is_free &&
        shipping.free_shipping !== null && (
          <Text size="xs" c="dimmed">
            {t(paysNoVat ? 'cart.totals.freeShippingFromNoVat' : 'cart.totals.freeShippingFrom', {
              amount: formatMoney(shipping.free_shipping, lng),
            })}
          </Text>
        )
      }
    />
  );
}
