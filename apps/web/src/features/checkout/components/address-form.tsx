import { type AddressInput, AddressInputSchema } from '@shop/domain';
import type { AddressFieldName } from '../../../components/address-fields';

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

/** What the checkout's AddressInputSchema requires of a new address. */
export const NEW_ADDRESS_REQUIRED: readonly AddressFieldName[] = [
  'firstname',
  'lastname',
  'address',
  'postcode',
  'city',
  'country',
];
