import { MultiSelect, Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PAYMENT_METHODS, type PaymentMethod } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../../i18n/keys';
import { usePaymentTermsChoices } from '../../settings/api/payment-terms-choices';

/**
 * Issue 20: the payment methods and terms of a customer or a customer group. An empty choice is null,
 * which inherits: the customer his group's, the group the default (every method but as per agreement).
 */

type TermsValues = { payment_methods: PaymentMethod[] | null; payment_terms_id: number | null };

interface TermsFieldProps<V extends TermsValues> {
  form: UseFormReturnType<V>;
  /** What the empty choice means: 'As the group' on a customer, the default on a group. */
  emptyKey: TranslationKey;
}

export function PaymentMethodsField<V extends TermsValues>({ form, emptyKey }: TermsFieldProps<V>) {
  const { t } = useTranslation();
  const props = form.getInputProps('payment_methods');
  const value = (props.value as PaymentMethod[] | null) ?? [];
  return (
    <MultiSelect
      label={t('bo.commercialTerms.paymentMethods')}
      data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`payment.methods.${m}`) }))}
      value={value}
      onChange={(next) => form.setFieldValue('payment_methods', (next.length ? next : null) as never)}
      placeholder={value.length ? undefined : t(emptyKey)}
      error={props.error}
      clearable
    />
  );
}

export function PaymentTermsField<V extends TermsValues>({ form, emptyKey }: TermsFieldProps<V>) {
  const { t } = useTranslation();
  const options = usePaymentTermsChoices();
  const props = form.getInputProps('payment_terms_id');
  const value = props.value as number | null;
  return (
    <Select
      label={t('bo.commercialTerms.paymentTerms')}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(next) =>
        form.setFieldValue('payment_terms_id', (next === null ? null : Number(next)) as never)
      }
      placeholder={t(emptyKey)}
      error={props.error}
      searchable
      clearable
    />
  );
}
