import { beforeAll, describe, expect, it } from 'vitest';
import { installValidationMessages } from '../validation/zod-messages';
import { CustomerAddressInputSchema } from './addresses';

/** SPEC §3 customer address with the §5 generic messages: what a form shows under each field. */

beforeAll(() => installValidationMessages());

const valid = {
  type: 'S',
  company: '',
  firstname: 'Giulia',
  lastname: 'Rossi',
  address: 'Via Verdi 3',
  postcode: '20121',
  city: 'Milano',
  country: 'it',
};

function fieldErrors(input: Record<string, unknown>) {
  const result = CustomerAddressInputSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

describe('CustomerAddressInputSchema', () => {
  it('trims, upper-cases the country and turns blank optional fields into null', () => {
    expect(CustomerAddressInputSchema.parse({ ...valid, city: ' Milano ', phone: ' ', co: '' })).toEqual({
      type: 'S',
      company: null,
      firstname: 'Giulia',
      lastname: 'Rossi',
      co: null,
      address: 'Via Verdi 3',
      postcode: '20121',
      city: 'Milano',
      state: null,
      country: 'IT',
      phone: null,
      note: null,
    });
  });

  it.each([null, 'Via Roma 1', []])('refuses a body that is not an address (%j)', (body) => {
    expect(CustomerAddressInputSchema.safeParse(body).success).toBe(false);
  });

  it.each([
    ['a company without a person', { firstname: '', lastname: '', company: 'Dischi Rossi srl' }],
    ['a Swiss 4-digit postcode', { postcode: '8001', country: 'CH' }],
    ['a phone with + and spaces', { phone: '+39 02 1234567' }],
  ])('accepts %s', (_name, change) => {
    expect(fieldErrors({ ...valid, ...change })).toEqual({});
  });

  it.each([
    [
      'required fields missing, the name among them',
      { address: undefined, postcode: '', city: '  ', country: '', firstname: undefined },
      {
        address: ['Required'],
        postcode: ['Required'],
        city: ['Required'],
        country: ['Required'],
        firstname: ['Required'],
      },
    ],
    [
      'no company and no person',
      { firstname: '', lastname: undefined },
      {
        firstname: ['Required'],
        lastname: ['Required'],
      },
    ],
    ['a first name without last name', { lastname: '' }, { lastname: ['Required'] }],
    ['an Italian postcode of 4 digits', { postcode: '2012' }, { postcode: ['Invalid value'] }],
    ['an Italian postcode with letters', { postcode: '2012A' }, { postcode: ['Invalid value'] }],
    [
      'a San Marino postcode of 6 digits',
      { postcode: '478900', country: 'SM' },
      {
        postcode: ['Invalid value'],
      },
    ],
    ['an unknown country', { country: 'XX' }, { country: ['Invalid value'] }],
    ['a three-letter country', { country: 'ITA' }, { country: ['Invalid value'] }],
    ['a phone with letters', { phone: '02-123 ABC' }, { phone: ['Invalid value'] }],
    ['a phone too long', { phone: '1'.repeat(41) }, { phone: ['Invalid length'] }],
    ['a city too long', { city: 'x'.repeat(101) }, { city: ['Invalid length'] }],
    ['an unknown type', { type: 'X' }, { type: ['Invalid value'] }],
  ])('refuses %s', (_name, change, errors) => {
    expect(fieldErrors({ ...valid, ...change })).toEqual(errors);
  });
});
