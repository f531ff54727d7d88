import { Divider, Group, Stack, Text } from '@mantine/core';
import type { Quote } from '@shop/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../hooks/use-language';
import { formatMoney } from '../../lib/format';
import { formatRate } from '../../lib/price-display';

interface RowProps {
  label: ReactNode;
  value: string;
  testId: string;
  strong?: boolean;
  dimmed?: boolean;
}

function Row({ label, value, testId, strong = false, dimmed = false }: RowProps) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 400} c={dimmed ? 'dimmed' : undefined}>
        {label}
      </Text>
      <Text
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 500}
        c={dimmed ? 'dimmed' : undefined}
        data-testid={testId}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
    </Group>
  );
}

/**
 * The quote's totals, exactly as the server computed them (SPEC §9, DESIGN §6): companies and extra-EU
 * customers read net amounts then VAT; private persons VAT-inclusive amounts and the VAT they include.
 */
export function QuoteTotals({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const money = (cents: number) => formatMoney(cents, lng);
  const net = quote.display === 'net';
  const shipping = quote.shipping;
  const shippingValue = shipping.is_free
    ? t('cart.totals.free')
    : money(net ? shipping.price : shipping.priceWithVAT);

  return (
    <Stack gap={6} data-testid="quote-totals">
      <Row
        label={net ? t('cart.totals.subtotalNet') : t('cart.totals.subtotalGross')}
        value={money(net ? quote.subtotal : quote.subtotal_with_vat)}
        testId="total-subtotal"
      />
      {quote.coupon && (
        <Row
          label={t('cart.totals.coupon', { code: quote.coupon.code })}
          value={`−${formatRate(quote.coupon.value, lng)}`}
          testId="total-coupon"
          dimmed
        />
      )}
      <Row label={t('cart.totals.shipping')} value={shippingValue} testId="total-shipping" />
      {!shipping.is_free && shipping.free_shipping !== null && (
        <Text size="xs" c="dimmed">
          {t('cart.totals.freeShippingFrom', { amount: money(shipping.free_shipping) })}
        </Text>
      )}
      {quote.payment_fee > 0 && (
        <Row
          label={t('cart.totals.paymentFee')}
          value={money(net ? quote.payment_fee : quote.payment_fee_with_vat)}
          testId="total-payment-fee"
        />
      )}
      <Divider my={4} />
      {net && (
        <Row
          label={t('cart.totals.totalNet')}
          value={money(quote.total_without_taxes)}
          testId="total-without-taxes"
        />
      )}
      {net && <Row label={t('cart.totals.vat')} value={money(quote.vat)} testId="total-vat" />}
      <Row label={t('cart.totals.total')} value={money(quote.total)} testId="total" strong />
      {!net && (
        <Row label={t('cart.totals.vatIncluded')} value={money(quote.vat)} testId="total-vat" dimmed />
      )}
    </Stack>
  );
}
