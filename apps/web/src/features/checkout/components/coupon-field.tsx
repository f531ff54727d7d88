import { Button, Group, Text, TextInput } from '@mantine/core';
import type { Quote } from '@shop/domain';
import { IconDiscount2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../hooks/use-language';
import { translateMessage } from '../../../i18n/translate-message';
import { formatMoney } from '../../../lib/format';
import { formatRate } from '../../../lib/price-display';

interface CouponFieldProps {
  /** The code sent for pricing, if any. */
  applied: string | null;
  quote: Quote | undefined;
  pricing: boolean;
  onApply: (code: string | null) => void;
}

/**
 * A coupon code (SPEC §9: percent off before VAT, or a fixed amount spread over the lines, rule 17). The quote says whether it holds: the discount when
 * valid, the server's message (unknown, expired, already used) when not.
 */
export function CouponField({ applied, quote, pricing, onApply }: CouponFieldProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [code, setCode] = useState(applied ?? '');
  const valid = applied && quote?.coupon?.code.toUpperCase() === applied.toUpperCase() ? quote.coupon : null;
  const error = applied && !pricing && quote?.coupon_error ? translateMessage(quote.coupon_error) : null;

  if (valid) {
    return (
      <Group justify="space-between" wrap="nowrap" data-testid="coupon-applied">
        <Group gap="xs" wrap="nowrap">
          <IconDiscount2 size={18} aria-hidden />
          <Text size="sm">
            {quote?.coupon_amount != null
              ? t('checkout.coupon.appliedFixed', {
                  code: valid.code,
                  amount: formatMoney(quote.coupon_amount, lng),
                })
              : t('checkout.coupon.applied', { code: valid.code, rate: formatRate(valid.value, lng) })}
          </Text>
        </Group>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            setCode('');
            onApply(null);
          }}
        >
          {t('checkout.coupon.remove')}
        </Button>
      </Group>
    );
  }

  const apply = () => onApply(code.trim() || null);
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        label={t('checkout.coupon.label')}
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
        error={error}
        maxLength={64}
        flex={1}
        data-testid="coupon-code"
      />
      <Button variant="default" mt={25} onClick={apply} loading={pricing && Boolean(applied)}>
        {t('checkout.coupon.apply')}
      </Button>
    </Group>
  );
}
