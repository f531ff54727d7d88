import {
  Alert,
  Button,
  Group,
  Loader,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  type Customer,
  type CustomerType,
  checkTaxNumber,
  checkVatNumber,
  messages,
  type ProfileInput,
  ProfileInputSchema,
  profileProblems,
  shopDateOf,
} from '@shop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkVatNumberLive } from '../../../api/check-vat-number';
import { DateField } from '../../../components/date-field';
import { useLanguage } from '../../../hooks/use-language';
import { translateMessage } from '../../../i18n/translate-message';
import { countryOptions } from '../../../lib/countries';
import { applyServerErrors, schemaForm } from '../../../lib/form';
import { useUpdateProfile } from '../api/update-profile';

export interface MyDataValues {
  type: CustomerType;
  company: string;
  firstname: string;
  lastname: string;
  sdi_code: string;
  pec: string;
  birthday: string;
  job: string;
  vat_id: string;
  tax_number: string;
  country: string;
}

const FIELDS = [
  'type',
  'company',
  'firstname',
  'lastname',
  'sdi_code',
  'pec',
  'birthday',
  'job',
  'vat_id',
  'tax_number',
  'country',
] as const;

function toValues(customer: Customer): MyDataValues {
  return {
    type: customer.type,
    company: customer.company ?? '',
    firstname: customer.firstname ?? '',
    lastname: customer.lastname ?? '',
    sdi_code: customer.sdi_code ?? '',
    pec: customer.pec ?? '',
    birthday: customer.birthday ?? '',
    job: customer.job ?? '',
    vat_id: customer.vat_id ?? '',
    tax_number: customer.tax_number ?? '',
    country: customer.country,
  };
}

/** The values as the API takes them; a private person has no company name. */
function toInput(values: MyDataValues): ProfileInput {
  return ProfileInputSchema.parse({ ...values, company: values.type === 'G' ? values.company : '' });
}

const shape = schemaForm(ProfileInputSchema);

/** The domain schema first, then the SPEC §5 rules across fields (VAT and tax number, birthday). */
function validateMyData(values: MyDataValues) {
  const errors = shape.validate(values);
  if (Object.keys(errors).length > 0) return errors;
  return profileProblems(toInput(values), shopDateOf(new Date()));
}

type Notes = { vat_id?: string | undefined; tax_number?: string | undefined };

/** A 'seems valid' verdict under its field. */
function note(message: string | undefined) {
  if (!message) return undefined;
  return (
    <Text span size="xs" c="teal">
      {translateMessage(message)}
    </Text>
  );
}

/**
 * 'My data' (SPEC §3 Customer, §5): the e-mail shown read-only (it is the username), the rest checked
 * as the server does; the VAT and tax numbers say whether they seem valid as each field is left (the
 * VAT number also through VIES, on the server).
 */
export function MyDataForm({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const update = useUpdateProfile(customer.id);
  const [formError, setFormError] = useState<string>();
  const [notes, setNotes] = useState<Notes>({});
  const [checkingVat, setCheckingVat] = useState(false);
  const form = useForm<MyDataValues>({
    initialValues: toValues(customer),
    validate: validateMyData,
    enhanceGetInputProps: shape.enhanceGetInputProps,
    validateInputOnBlur: true,
    onValuesChange: (values, previous) => {
      const country = values.country !== previous.country;
      setNotes((current) => ({
        vat_id: country || values.vat_id !== previous.vat_id ? undefined : current.vat_id,
        tax_number:
          country || values.type !== previous.type || values.tax_number !== previous.tax_number
            ? undefined
            : current.tax_number,
      }));
    },
  });
  const values = form.getValues();
  const company = values.type === 'G';

  const noteTaxNumber = () => {
    const { tax_number, type, country } = form.getValues();
    const valid = checkTaxNumber(tax_number, { type, country }) === 'valid';
    setNotes((current) => ({ ...current, tax_number: valid ? messages.taxNumberValid : undefined }));
  };

  const noteVatNumber = async () => {
    const { vat_id, country } = form.getValues();
    // A wrong checksum is already the field's error; a number of a country without rules has no verdict.
    if (!vat_id.trim() || checkVatNumber(vat_id, country).status !== 'valid') return;
    setCheckingVat(true);
    try {
      const result = await checkVatNumberLive({ vat_id: vat_id.trim(), country });
      const unchanged = form.getValues().vat_id === vat_id && form.getValues().country === country;
      if (!unchanged) return;
      if (result.valid) setNotes((current) => ({ ...current, vat_id: result.message ?? undefined }));
      else form.setFieldError('vat_id', result.message ?? messages.vatNumberInvalid);
    } catch {
      // The check could not run: the field shows no verdict and the save checks again.
    } finally {
      setCheckingVat(false);
    }
  };

  const submit = form.onSubmit(async (submitted) => {
    setFormError(undefined);
    try {
      const saved = toValues(await update.mutateAsync(toInput(submitted)));
      form.setValues(saved);
      form.resetDirty(saved);
      notifications.show({ color: 'teal', message: t('profile.myData.saved') });
    } catch (error) {
      setFormError(applyServerErrors(form, error, FIELDS));
    }
  });

  const field = (name: Exclude<(typeof FIELDS)[number], 'type'>, required = false) => ({
    label: t(`profile.myData.fields.${name}`),
    required,
    ...form.getInputProps(name),
  });
  const taxInput = field('tax_number', values.type === 'P' && values.country === 'IT');
  const vatInput = field('vat_id', company);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {translateMessage(formError)}
          </Alert>
        )}
        <Radio.Group label={t('profile.myData.fields.type')} required {...form.getInputProps('type')}>
          <Group mt="xs">
            <Radio value="G" label={t('profile.myData.types.G')} />
            <Radio value="P" label={t('profile.myData.types.P')} />
          </Group>
        </Radio.Group>
        <TextInput
          label={t('profile.myData.fields.email')}
          description={t('profile.myData.emailHint')}
          value={customer.email}
          readOnly
          autoComplete="username"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {company && <TextInput {...field('company', true)} autoComplete="organization" />}
          <TextInput {...field('firstname', true)} autoComplete="given-name" />
          <TextInput {...field('lastname', true)} autoComplete="family-name" />
          <Select
            {...field('country', true)}
            data={countryOptions(lng, customer.country)}
            searchable
            allowDeselect={false}
            autoComplete="country"
          />
          <TextInput
            {...vatInput}
            onBlur={(event) => {
              vatInput.onBlur?.(event);
              void noteVatNumber();
            }}
            rightSection={checkingVat ? <Loader size="xs" aria-label={t('profile.myData.checking')} /> : null}
            description={note(notes.vat_id)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <TextInput
            {...taxInput}
            onBlur={(event) => {
              taxInput.onBlur?.(event);
              noteTaxNumber();
            }}
            description={note(notes.tax_number)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <TextInput {...field('sdi_code')} maxLength={7} />
          <TextInput {...field('pec')} type="email" autoComplete="off" />
          <DateField
            {...field('birthday')}
            value={values.birthday}
            onChange={(next) => form.setFieldValue('birthday', next)}
            clearable
            autoComplete="bday"
          />
          <TextInput {...field('job')} autoComplete="organization-title" />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={update.isPending}
            // Pressing Save must not blur the field first: the blur's hint would push the button down
            // before the mouse is released, and the click would be lost (issue 22). Save checks anyway.
            onMouseDown={(event) => event.preventDefault()}
          >
            {t('profile.myData.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
