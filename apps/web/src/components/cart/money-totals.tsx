import { Divider, Group, Stack, Text } from '@mantine/core';
import type { ShownTotals } from '@shop/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../hooks/use-language';
import { formatMoney } from '../../lib/format';
import { formatRate, vatNoteKey } from '../../lib/price-display';

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

/** The test ids of each figure: the cart's and the order's pages keep their own. */
export interface MoneyTotalsIds {
  root: string;
  subtotal: string;
  coupon: string;
  shipping: string;
  paymentFee: string;
  totalWithoutTaxes: string;
  vat: string;
  total: string;
}

interface MoneyTotalsProps {
  totals: ShownTotals;
  ids: MoneyTotalsIds;
  /** Shipping is free (the cart says so instead of 0). */
  freeShipping?: boolean;
  /** Under the shipping line: from which amount it is free. */
  shippingNote?: ReactNode;
}

/**
 * Totals as a customer sees them wherever money is shown (issue 16; DESIGN §6): private persons read
 * amounts with VAT and the VAT they include, companies and extra-EU customers net amounts then VAT;
 * every amount says which it is. The subtotal is before the coupon, the coupon its own line with its
 * amount; the lines end at the total to the cent.
 */
export function MoneyTotals({ totals, ids, freeShipping = false, shippingNote }: MoneyTotalsProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const money = (cents: number) => formatMoney(cents, lng);
  const net = totals.display === 'net';
  const vat = t(vatNoteKey(totals.display));
  const { coupon } = totals;

  return (
    <Stack gap={6} data-testid={ids.root} data-display={totals.display}>
      <Row
        label={t('money.subtotal', { vat })}
        value={money(totals.subtotalBeforeCoupon)}
        testId={ids.subtotal}
      />
      {coupon && (
        <Row
          label={
            coupon.kind === 'fixed'
              ? t('money.couponFixed', { code: coupon.code ?? '', vat })
              : t('money.coupon', { code: coupon.code ?? '', rate: formatRate(coupon.rate, lng), vat })
          }
          value={money(-coupon.amount)}
          testId={ids.coupon}
        />
      )}
      <Row
        label={t('money.shipping', { vat })}
        value={freeShipping ? t('cart.totals.free') : money(totals.shipping)}
        testId={ids.shipping}
      />
      {shippingNote}
      {totals.paymentFee > 0 && (
        <Row
          label={t('money.paymentFee', { vat })}
          value={money(totals.paymentFee)}
          testId={ids.paymentFee}
        />
      )}
      <Divider my={4} />
      {net && (
        <Row
          label={t('money.totalNet')}
          value={money(totals.totalWithoutTaxes)}
          testId={ids.totalWithoutTaxes}
        />
      )}
      {net && <Row label={t('money.vat')} value={money(totals.vat)} testId={ids.vat} />}
      <Row label={t('money.total')} value={money(totals.total)} testId={ids.total} strong />
      {!net && <Row label={t('money.vatIncluded')} value={money(totals.vat)} testId={ids.vat} dimmed />}
    </Stack>
  );
}
