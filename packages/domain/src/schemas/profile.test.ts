import { beforeAll, describe, expect, it } from 'vitest';
import { installValidationMessages } from '../validation/zod-messages';
import {
  CustomerSettingsInputSchema,
  type ProfileInput,
  ProfileInputSchema,
  profileProblems,
} from './profile';

beforeAll(() => installValidationMessages());

function fieldErrors(input: unknown): Record<string, string> {
  const result = ProfileInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const company = {
  type: 'G',
  company: 'Dischi Rossi S.r.l.',
  firstname: 'Giulia',
  lastname: 'Rossi',
  vat_id: 'IT00743110157',
  country: 'IT',
} as const;
const person = {
  type: 'P',
  firstname: 'Mario',
  lastname: 'Rossi',
  tax_number: 'RSSMRA85T10A562S',
  birthday: '1985-12-10',
  country: 'IT',
} as const;
const today = '2026-11-21';
const parsed = (input: object): ProfileInput => ProfileInputSchema.parse(input);

describe("'My data' input (SPEC §3, §5)", () => {
  it('trims the texts, clears what is empty and upper-cases codes', () => {
    expect(
      parsed({
        ...person,
        company: '  ',
        job: ' Insegnante ',
        sdi_code: 'm5uxcr1',
        tax_number: 'rssmra85t10a562s',
      }),
    ).toEqual({
      type: 'P',
      company: null,
      firstname: 'Mario',
      lastname: 'Rossi',
      sdi_code: 'M5UXCR1',
      pec: null,
      birthday: '1985-12-10',
      job: 'Insegnante',
      vat_id: null,
      tax_number: 'RSSMRA85T10A562S',
      country: 'IT',
    });
  });

  it.each([
    ['an unknown field', { ...company, discount: 5000 }, { '': 'Unknown field: discount' }],
    ['the e-mail (the username)', { ...company, email: 'x@example.com' }, { '': 'Unknown field: email' }],
    [
      'a name over 100 characters',
      { ...company, firstname: 'x'.repeat(101) },
      { firstname: 'Invalid length' },
    ],
    ['an empty last name', { ...company, lastname: ' ' }, { lastname: 'Invalid length' }],
    ['an SDI code of 5 characters', { ...company, sdi_code: 'ABCDE' }, { sdi_code: 'Invalid length' }],
    ['an SDI code with a symbol', { ...company, sdi_code: 'ABC-EF1' }, { sdi_code: 'Invalid value' }],
    ['a PEC that is no e-mail', { ...company, pec: 'pec' }, { pec: 'Invalid email' }],
    ['a birthday that is no date', { ...person, birthday: '1985-02-30' }, { birthday: 'Invalid value' }],
    ['a birthday in another format', { ...person, birthday: '10/12/1985' }, { birthday: 'Invalid value' }],
    ['a VAT number over 30 characters', { ...company, vat_id: '1'.repeat(31) }, { vat_id: 'Invalid length' }],
    ['another type', { ...company, type: 'X' }, { type: 'Invalid value' }],
    ['a country that is no code', { ...company, country: 'Italia' }, { country: 'Invalid value' }],
  ])('refuses %s', (_what, input, expected) => {
    expect(fieldErrors(input)).toEqual(expected);
  });

  it.each([
    ['a valid company', company, {}],
    ['a valid private person', person, {}],
    ['a company without a name', { ...company, company: '' }, { company: 'Required' }],
    ['a company without a VAT number', { ...company, vat_id: '' }, { vat_id: 'Required' }],
    [
      'a VAT number with a wrong check digit',
      { ...company, vat_id: 'IT00743110158' },
      { vat_id: 'The VAT Number seems incorrect or the VAT is not active. Could you check it?' },
    ],
    ['the Swiss demo company', { ...company, vat_id: 'CHE-123.456.788 MWST', country: 'CH' }, {}],
    ['a company in a country jsvat cannot check', { ...company, vat_id: '12-3456789', country: 'US' }, {}],
    [
      'an Italian private person without a tax number',
      { ...person, tax_number: '' },
      { tax_number: 'Required' },
    ],
    [
      'a wrong check character',
      { ...person, tax_number: 'RSSMRA85T10A562T' },
      { tax_number: 'The Tax Number provided seems not to be correct. Could you check it?' },
    ],
    [
      "a company's code on a private profile",
      { ...person, tax_number: '00743110157' },
      {
        tax_number:
          'The tax code does not correspond to the code of a physical person. If you are a private company, please contact support by email.',
      },
    ],
    ['a private person abroad without a tax number', { ...person, tax_number: '', country: 'FR' }, {}],
    ['a birthday today', { ...person, birthday: today }, {}],
    ['a birthday tomorrow', { ...person, birthday: '2026-11-22' }, { birthday: 'Invalid value' }],
  ])('%s', (_what, input, expected) => {
    expect(profileProblems(parsed(input), today)).toEqual(expected);
  });
});

describe('settings input', () => {
  it("takes the newsletter flag and 'it' or 'en' only", () => {
    expect(CustomerSettingsInputSchema.parse({ newsletter: true, language: 'en' })).toEqual({
      newsletter: true,
      language: 'en',
    });
    expect(CustomerSettingsInputSchema.safeParse({ newsletter: true, language: 'de' }).success).toBe(false);
    expect(CustomerSettingsInputSchema.safeParse({ newsletter: 'yes', language: 'it' }).success).toBe(false);
  });
});
