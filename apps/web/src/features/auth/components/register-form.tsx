import { Button, Group, Loader, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type CurrentUser,
  type CustomerType,
  checkTaxNumber,
  checkVatNumber,
  messages,
  type RegisterInput,
  RegisterInputSchema,
  registerProblems,
  taxNumberMessage,
} from '@shop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkVatNumberLive } from '../../../api/check-vat-number';
import { PasswordField } from '../../../components/password-field';
import { useLanguage } from '../../../hooks/use-language';
import { usePasswordWeakness } from '../../../hooks/use-password-weakness';
import { translateMessage } from '../../../i18n/translate-message';
import { countryOptions } from '../../../lib/countries';
import { applyServerErrors, schemaForm } from '../../../lib/form';
import { useRegister } from '../api/register';
import { FormError } from './form-error';

export interface RegisterValues {
  type: CustomerType;
  company: string;
  firstname: string;
  lastname: string;
  email: string;
  country: string;
  vat_id: string;
  tax_number: string;
  sdi_code: string;
  pec: string;
  password: string;
  password_confirmation: string;
}

const FIELDS = [
  'type',
  'company',
  'firstname',
  'lastname',
  'email',
  'country',
  'vat_id',
  'tax_number',
  'sdi_code',
  'pec',
  'password',
  'password_confirmation',
] as const;

const INITIAL: RegisterValues = {
  type: 'G',
  company: '',
  firstname: '',
  lastname: '',
  email: '',
  country: 'IT',
  vat_id: '',
  tax_number: '',
  sdi_code: '',
  pec: '',
  password: '',
  password_confirmation: '',
};

/** What the API takes: a private person sends no company data; empty optional fields are left out. */
function toBody(values: RegisterValues): Record<string, string> {
  const company = values.type === 'G';
  const body: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const own = company || !['company', 'vat_id', 'sdi_code', 'pec'].includes(key);
    if (own && value.trim() !== '') body[key] = value;
  }
  return body;
}

const shape = schemaForm(RegisterInputSchema);

/** A 'seems valid' verdict under its field. */
function note(message: string | undefined) {
  if (!message) return undefined;
  return (
    <Text span size="xs" c="teal">
      {translateMessage(message)}
    </Text>
  );
}

type Notes = { vat_id?: string | undefined; tax_number?: string | undefined };

/**
 * Issue 22, SPEC §5: sign-up of a company (its name, VAT number checked live as the field is left, and
 * in Italy the SDI code or the PEC of its e-invoices) or a private person (the tax code, mandatory in
 * Italy and a person's). The domain schema checks each field as the server does; the server's 422s land
 * on the fields, and nothing typed is lost.
 */
export function RegisterForm({ onRegistered }: { onRegistered: (user: CurrentUser) => void }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const registration = useRegister();
  const [formError, setFormError] = useState<string>();
  const [notes, setNotes] = useState<Notes>({});
  const [checkingVat, setCheckingVat] = useState(false);
  const form = useForm<RegisterValues>({
    initialValues: INITIAL,
    // The rules across fields too, also while other fields are still empty (the schema runs them last).
    validate: (values) => {
      const body = toBody(values);
      return {
        ...registerProblems({ ...body, type: values.type, country: values.country }),
        ...shape.validate(body),
      };
    },
    enhanceGetInputProps: shape.enhanceGetInputProps,
    onValuesChange: (values, previous) => {
      const changed = (key: keyof RegisterValues) =>
        values[key] !== previous[key] || values.country !== previous.country;
      setNotes((current) => ({
        vat_id: changed('vat_id') ? undefined : current.vat_id,
        tax_number: changed('tax_number') || values.type !== previous.type ? undefined : current.tax_number,
      }));
    },
  });
  const values = form.getValues();
  const company = values.type === 'G';
  const weakness = usePasswordWeakness(values.password, [
    values.email,
    values.firstname,
    values.lastname,
    values.company,
  ]);

  const noteTaxNumber = () => {
    const { tax_number, type, country } = form.getValues();
    const status = checkTaxNumber(tax_number, { type, country });
    if (status === 'valid') setNotes((current) => ({ ...current, tax_number: messages.taxNumberValid }));
    else if (status === 'invalid' || status === 'not_person')
      form.setFieldError('tax_number', taxNumberMessage(status));
  };

  const noteVatNumber = async () => {
    const { vat_id, country } = form.getValues();
    if (!vat_id.trim()) return;
    if (checkVatNumber(vat_id, country).status === 'invalid') {
      form.setFieldError('vat_id', messages.vatNumberInvalid);
      return;
    }
    setCheckingVat(true);
    try {
      const result = await checkVatNumberLive({ vat_id: vat_id.trim(), country });
      const unchanged = form.getValues().vat_id === vat_id && form.getValues().country === country;
      if (!unchanged) return;
      if (result.valid) setNotes((current) => ({ ...current, vat_id: result.message ?? undefined }));
      else form.setFieldError('vat_id', result.message ?? messages.vatNumberInvalid);
    } catch {
      // The check could not run: the field shows no verdict and the sign-up checks again.
    } finally {
      setCheckingVat(false);
    }
  };

  const submit = form.onSubmit(async (submitted) => {
    setFormError(undefined);
    try {
      const input = RegisterInputSchema.parse(toBody(submitted)) as RegisterInput;
      onRegistered(await registration.mutateAsync(input));
    } catch (error) {
      setFormError(applyServerErrors(form, error, FIELDS));
    }
  });

  const field = (
    name: Exclude<(typeof FIELDS)[number], 'type' | 'email' | 'password' | 'password_confirmation'>,
    required = false,
  ) => ({
    label: t(`profile.myData.fields.${name}`),
    required,
    ...form.getInputProps(name),
  });
  const vatInput = field('vat_id', true);
  const taxInput = field('tax_number', values.type === 'P' && values.country === 'IT');
  const italianCompany = company && values.country === 'IT';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={formError} />
        <Radio.Group label={t('register.kind')} required {...form.getInputProps('type')}>
          <Group mt="xs">
            <Radio value="G" label={t('profile.myData.types.G')} />
            <Radio value="P" label={t('profile.myData.types.P')} />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {company && (
            <TextInput
              {...field('company', true)}
              autoComplete="organization"
              style={{ gridColumn: '1 / -1' }}
            />
          )}
          <TextInput {...field('firstname', true)} autoComplete="given-name" />
          <TextInput {...field('lastname', true)} autoComplete="family-name" />
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Select
            {...field('country', true)}
            data={countryOptions(lng, values.country)}
            searchable
            allowDeselect={false}
            autoComplete="country"
          />
          {company && (
            <TextInput
              {...vatInput}
              onBlur={(event) => {
                vatInput.onBlur?.(event);
                void noteVatNumber();
              }}
              rightSection={
                checkingVat ? <Loader size="xs" aria-label={t('profile.myData.checking')} /> : null
              }
              description={note(notes.vat_id)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          )}
          <TextInput
            {...taxInput}
            onBlur={(event) => {
              taxInput.onBlur?.(event);
              noteTaxNumber();
            }}
            description={note(notes.tax_number)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          {company && (
            <>
              <TextInput
                {...field('sdi_code', italianCompany)}
                maxLength={7}
                description={italianCompany && !form.errors.sdi_code ? t('register.sdiOrPec') : undefined}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
              <TextInput {...field('pec')} type="email" autoComplete="off" />
            </>
          )}
          <PasswordField
            label={t('auth.password')}
            description={
              form.errors.password ? undefined : translateMessage(weakness ?? messages.passwordRules)
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('auth.passwordConfirmation')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
        </SimpleGrid>
        <Button
          type="submit"
          loading={registration.isPending}
          fullWidth
          // As in 'My data': pressing the button must not blur a field first, or the blur's hint moves
          // the button before the mouse is released and the click is lost. The submit checks anyway.
          onMouseDown={(event) => event.preventDefault()}
        >
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
