import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type AddressInput, AddressInputSchema } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../hooks/use-language';
import { countryOptions } from '../../../lib/countries';

/** A new address as typed at checkout (SPEC §3 cart address draft, with what an order needs). */
export interface AddressFormValues {
  company: string;
  firstname: string;
  lastname: string;
  address: string;
  postcode: string;
  city: string;
  state: string;
  country: string;
  phone: string;
}

export function emptyAddress(country: string): AddressFormValues {
  return {
    company: '',
    firstname: '',
    lastname: '',
    address: '',
    postcode: '',
    city: '',
    state: '',
    country,
    phone: '',
  };
}

/** The typed address as the API takes it: optional fields left empty are omitted. */
export function toAddressInput(values: AddressFormValues): AddressInput {
  const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
  return AddressInputSchema.parse(filled);
}

interface AddressFormProps {
  form: UseFormReturnType<AddressFormValues>;
  /** Ids of the inputs start with it, so two forms on one page stay distinct. */
  idPrefix: string;
  shopCountry: string;
}

/** The fields of a new address, validated by the domain schema with its messages. */
export function AddressForm({ form, idPrefix, shopCountry }: AddressFormProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const field = (name: keyof AddressFormValues, required = false) => ({
    id: `${idPrefix}-${name}`,
    label: t(`checkout.address.fields.${name}`),
    required,
    ...form.getInputProps(name),
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid={`${idPrefix}-form`}>
      <TextInput {...field('firstname', true)} autoComplete="given-name" />
      <TextInput {...field('lastname', true)} autoComplete="family-name" />
      <TextInput {...field('company')} autoComplete="organization" />
      <TextInput {...field('phone')} autoComplete="tel" type="tel" />
      <TextInput {...field('address', true)} autoComplete="street-address" />
      <TextInput {...field('postcode', true)} autoComplete="postal-code" />
      <TextInput {...field('city', true)} autoComplete="address-level2" />
      <TextInput {...field('state')} autoComplete="address-level1" />
      <Select
        {...field('country', true)}
        data={countryOptions(lng, shopCountry)}
        searchable
        allowDeselect={false}
        autoComplete="country"
      />
    </SimpleGrid>
  );
}
