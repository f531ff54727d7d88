import { Loader, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type CustomerType, checkVatNumber as checksumOf, checkTaxNumber, messages } from '@shop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../../i18n/translate-message';
import { checkVatNumber } from '../api/customers';

/** The fields these inputs read: the customer form's values. */
type TaxValues = { type: CustomerType; country: string; vat_id: string; tax_number: string };

/** A 'seems valid' verdict for one value of the field (it disappears as soon as the value changes). */
type Verdict = { key: string; message: string };

function noteOf(verdict: Verdict | undefined, current: string) {
  if (!verdict || verdict.key !== current) return undefined;
  return (
    <Text span size="xs" c="teal">
      {translateMessage(verdict.message)}
    </Text>
  );
}

/**
 * The VAT number as in 'My data' (SPEC §5): checked as the field is left, by checksum and then on the
 * server (VIES where reachable): 'The VAT Number seems valid' under it, or the refusal as its error.
 */
export function VatIdInput<V extends TaxValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  const [verdict, setVerdict] = useState<Verdict>();
  const [checking, setChecking] = useState(false);
  const values = form.getValues();
  const keyOf = (v: TaxValues) => `${v.country}|${v.vat_id.trim()}`;
  const props = form.getInputProps('vat_id');

  async function check() {
    const current = form.getValues();
    const vatId = current.vat_id.trim();
    if (form.validateField('vat_id').hasError || !vatId) return;
    if (checksumOf(vatId, current.country).status !== 'valid') return;
    setChecking(true);
    try {
      const result = await checkVatNumber({ vat_id: vatId, country: current.country });
      if (keyOf(form.getValues()) !== keyOf(current)) return;
      if (!result.valid) form.setFieldError('vat_id', result.message ?? messages.vatNumberInvalid);
      else if (result.message) setVerdict({ key: keyOf(current), message: result.message });
    } catch {
      // The check could not run: no verdict, and saving checks again.
    } finally {
      setChecking(false);
    }
  }

  return (
    <TextInput
      {...props}
      value={(props.value as string | null) ?? ''}
      label={t('bo.customers.fields.vatId')}
      withAsterisk={values.type === 'G'}
      onBlur={(event) => {
        props.onBlur?.(event);
        void check();
      }}
      rightSection={checking ? <Loader size="xs" aria-label={t('bo.customers.checkingVat')} /> : null}
      description={noteOf(verdict, keyOf(values))}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}

/** The tax code (codice fiscale), required for an Italian private person; 'The Tax Number seems valid' once checked. */
export function TaxNumberInput<V extends TaxValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  const [verdict, setVerdict] = useState<Verdict>();
  const values = form.getValues();
  const keyOf = (v: TaxValues) => `${v.type}|${v.country}|${v.tax_number.trim().toUpperCase()}`;
  const props = form.getInputProps('tax_number');

  function check() {
    const current = form.getValues();
    if (form.validateField('tax_number').hasError) return;
    const valid = checkTaxNumber(current.tax_number.trim().toUpperCase(), current) === 'valid';
    setVerdict(valid ? { key: keyOf(current), message: messages.taxNumberValid } : undefined);
  }

  return (
    <TextInput
      {...props}
      value={(props.value as string | null) ?? ''}
      label={t('bo.customers.fields.taxNumber')}
      withAsterisk={values.type === 'P' && values.country === 'IT'}
      onBlur={(event) => {
        props.onBlur?.(event);
        check();
      }}
      description={noteOf(verdict, keyOf(values))}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
