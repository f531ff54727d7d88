import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../hooks/use-language';
import { countryName, countryOptions } from '../lib/countries';

/** The SPEC §3 customer address fields a form may show. */
export type AddressFieldName =
  | 'company'
  | 'firstname'
  | 'lastname'
  | 'co'
  | 'address'
  | 'postcode'
  | 'city'
  | 'state'
  | 'country'
  | 'phone'
  | 'note';

interface AddressFieldsProps {
  /** A Mantine form whose values hold these fields (validated by a domain schema). */
  form: { getInputProps: (path: string) => GetInputPropsReturnType };
  /** Ids of the inputs start with it, so two forms on one page stay distinct. */
  idPrefix: string;
  shopCountry: string;
  /** The fields marked as required; the form's schema decides what is refused. */
  required: readonly AddressFieldName[];
  /** c/o and note: kept in the address book, not asked for at checkout. */
  withBookFields?: boolean;
}

/** The fields of an address, shared by the checkout's new address and the profile's address book. */
export function AddressFields({
  form,
  idPrefix,
  shopCountry,
  required,
  withBookFields = false,
}: AddressFieldsProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const field = (name: AddressFieldName) => ({
    id: `${idPrefix}-${name}`,
    label: t(`address.fields.${name}`),
    required: required.includes(name),
    ...form.getInputProps(name),
  });
  const country = form.getInputProps('country').value as string;
  const countries = countryOptions(lng, shopCountry);
  // an address saved with a country the list does not offer keeps showing it
  if (country && !countries.some((option) => option.value === country)) {
    countries.push({ value: country, label: countryName(country, lng) });
  }
  return (
    <Stack gap="sm" data-testid={`${idPrefix}-form`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput {...field('firstname')} autoComplete="given-name" />
        <TextInput {...field('lastname')} autoComplete="family-name" />
        <TextInput {...field('company')} autoComplete="organization" />
        {withBookFields && <TextInput {...field('co')} />}
        <TextInput {...field('phone')} autoComplete="tel" type="tel" />
        <TextInput {...field('address')} autoComplete="street-address" />
        <TextInput {...field('postcode')} autoComplete="postal-code" />
        <TextInput {...field('city')} autoComplete="address-level2" />
        <TextInput {...field('state')} autoComplete="address-level1" />
        <Select
          {...field('country')}
          data={countries}
          searchable
          allowDeselect={false}
          autoComplete="country"
        />
      </SimpleGrid>
      {withBookFields && <Textarea {...field('note')} autosize minRows={2} />}
    </Stack>
  );
}
