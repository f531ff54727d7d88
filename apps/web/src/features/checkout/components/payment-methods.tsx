import { Paper, Radio, Stack, Text } from '@mantine/core';
import { PAYMENT_METHODS, type PaymentMethod, type Quote } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useShop } from '../../../api/get-shop';
import { useLanguage } from '../../../hooks/use-language';
import { formatMoney } from '../../../lib/format';
import { vatNoteKey } from '../../../lib/price-display';

interface PaymentMethodsProps {
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  quote: Quote | undefined;
  error: string | null;
  /** Back office: the hints speak about the customer ('the customer pays …'), issue 22. */
  staff?: boolean;
}

/**
 * SPEC §1: the six payment methods, those the customer may use (issue 20: the quote lists them); cash on delivery shows the fee the quote adds (DESIGN §6.7), with
 * or without VAT as the totals show it, labelled (issue 16).
 */
export function PaymentMethods({ value, onChange, quote, error, staff = false }: PaymentMethodsProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  // Without a payment provider only the methods paid outside the shop are offered (issue 18).
  const offered =
    useShop().data?.payments_mode === 'off'
      ? PAYMENT_METHODS.filter((m) => m === 'cash_on_delivery' || m === 'as_agreed')
      : PAYMENT_METHODS;
  const methods = offered.filter((m) => quote?.payment_methods.includes(m));
  const fee =
    quote && quote.payment_method === 'cash_on_delivery' && quote.payment_fee > 0
      ? t('money.fee', {
          amount: formatMoney(quote.display === 'net' ? quote.payment_fee : quote.payment_fee_with_vat, lng),
          vat: t(vatNoteKey(quote.display)),
        })
      : null;
  return (
    <Radio.Group
      label={t('checkout.payment.title')}
      value={value}
      onChange={(next) => onChange(next as PaymentMethod)}
      error={error}
      data-testid="payment-methods"
    >
      <Stack gap="xs" mt="xs">
        {methods.map((method) => (
          <Paper key={method} withBorder p="sm" radius="md">
            <Radio
              value={method}
              label={t(`payment.methods.${method}`)}
              description={t(staff ? `bo.checkout.paymentHints.${method}` : `payment.hints.${method}`)}
            />
            {method === 'cash_on_delivery' && value === method && fee && (
              <Text size="sm" fw={600} mt={6} ml={32} data-testid="cod-fee">
                {fee}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
    </Radio.Group>
  );
}
