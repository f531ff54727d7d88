import { ActionIcon, Button, Checkbox, Group, Input, NumberInput, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_TERMS_INSTALMENTS } from '@shop/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

/** One row of the editor: days and share are blank (null) until typed; the share is basis points. */
export type InstalmentValues = { days: number | null; end_of_month: boolean; share: number | null };
export type TermsValues = { name: string; instalments: InstalmentValues[] };

/** Custom fields span the form's whole width. */
const wide = { gridColumn: '1 / -1' };
const FULL = 10_000;

/** Basis points as a percent in the current language (33,33% in Italian). */
export function formatShare(share: number): string {
  return new Intl.NumberFormat(i18n.resolvedLanguage === 'en' ? 'en-GB' : 'it-IT', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(share / FULL);
}

/** A new row: 30 days after the last one, with the share still missing to 100%. */
function nextRow(rows: InstalmentValues[]): InstalmentValues {
  const last = rows.at(-1);
  const left = FULL - rows.reduce((sum, row) => sum + (row.share ?? 0), 0);
  return {
    days: (last?.days ?? 0) + 30,
    end_of_month: last?.end_of_month ?? false,
    share: left > 0 ? left : null,
  };
}

/**
 * The instalments of payment terms as rows (days after the invoice, end of month, share in %), added
 * and removed by buttons. The errors of a row's field (`instalments.1.days`) sit on its input, the
 * shares' sum under the rows.
 */
export function InstalmentsField({ form }: { form: UseFormReturnType<TermsValues> }) {
  const { t } = useTranslation();
  const rows = form.getValues().instalments;
  const total = rows.reduce((sum, row) => sum + (row.share ?? 0), 0);
  const sumError = form.getInputProps('instalments').error as string | undefined;
  return (
    <Stack gap="xs" style={wide} role="group" aria-labelledby="payment-terms-instalments">
      <Text id="payment-terms-instalments" size="sm" fw={500}>
        {t('bo.paymentTerms.instalments')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('bo.paymentTerms.instalmentsHint')}
      </Text>
      {rows.map((row, index) => {
        const n = index + 1;
        const share = form.getInputProps(`instalments.${index}.share`);
        return (
          // Rows have no identity of their own: their position is what the form and its errors name.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} align="flex-start" wrap="nowrap">
            <NumberInput
              {...form.getInputProps(`instalments.${index}.days`)}
              label={t('bo.paymentTerms.days')}
              aria-label={t('bo.paymentTerms.daysA11y', { n })}
              value={row.days ?? ''}
              onChange={(next) =>
                form.setFieldValue(`instalments.${index}.days`, next === '' ? null : Number(next))
              }
              allowNegative={false}
              allowDecimal={false}
              hideControls
              w={180}
            />
            <Checkbox
              {...form.getInputProps(`instalments.${index}.end_of_month`, { type: 'checkbox' })}
              label={t('bo.paymentTerms.endOfMonth')}
              aria-label={t('bo.paymentTerms.endOfMonthA11y', { n })}
              mt={32}
            />
            <NumberInput
              {...share}
              label={t('bo.paymentTerms.share')}
              aria-label={t('bo.paymentTerms.shareA11y', { n })}
              value={row.share === null ? '' : row.share / 100}
              onChange={(next) =>
                form.setFieldValue(
                  `instalments.${index}.share`,
                  next === '' ? null : Math.round(Number(next) * 100),
                )
              }
              decimalScale={2}
              decimalSeparator={t('bo.form.decimalSeparator')}
              suffix=" %"
              allowNegative={false}
              hideControls
              w={160}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={25}
              aria-label={t('bo.paymentTerms.remove', { n })}
              disabled={rows.length === 1}
              onClick={() => form.removeListItem('instalments', index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      <Text size="sm" aria-live="polite">
        {t('bo.paymentTerms.total', { total: formatShare(total) })}
      </Text>
      {sumError && <Input.Error role="alert">{sumError}</Input.Error>}
      <Button
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={rows.length >= MAX_TERMS_INSTALMENTS}
        onClick={() => form.insertListItem('instalments', nextRow(rows))}
      >
        {t('bo.paymentTerms.add')}
      </Button>
    </Stack>
  );
}
