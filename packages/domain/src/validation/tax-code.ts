import * as codiceFiscaleModule from 'codice-fiscale-js';
import { checkVAT, italy } from 'jsvat';
import type { CustomerType } from '../constants';
import { messages } from '../messages';

// The package's types declare a default export, but its CommonJS bundle exports `{ CodiceFiscale }`.
const { CodiceFiscale } = codiceFiscaleModule as unknown as {
  CodiceFiscale: { check(code: string): boolean };
};

/**
 * - `valid`: a person's codice fiscale, or on a company profile a company's 11-digit code;
 * - `invalid`: neither (wrong characters or check character);
 * - `not_person`: 11 digits, a company's code, on a private profile;
 * - `required`: missing, for an Italian private customer;
 * - `unchecked`: nothing to check (empty and optional, or a tax number of another country).
 */
export type TaxNumberStatus = 'valid' | 'invalid' | 'not_person' | 'required' | 'unchecked';

/** A person's 16-character codice fiscale with its check character (codice-fiscale-js). */
export function isPersonalTaxCode(code: string): boolean {
  return CodiceFiscale.check(code.toUpperCase());
}

/** A company's codice fiscale: 11 digits, the same number and check digit as its partita IVA. */
export function isCompanyTaxCode(code: string): boolean {
  return /^\d{11}$/.test(code) && checkVAT(`IT${code}`, [italy]).isValid;
}

/**
 * SPEC §5 tax number of a profile: mandatory only for Italian private customers; in Italy a private
 * customer's is a person's code, a company's is a person's code (sole traders) or 11 digits. Numbers of
 * other countries are not checked.
 */
export function checkTaxNumber(
  taxNumber: string | null | undefined,
  profile: { type: CustomerType; country: string },
): TaxNumberStatus {
  const code = taxNumber?.trim().toUpperCase() ?? '';
  const italianPerson = profile.type === 'P' && profile.country === 'IT';
  if (code === '') return italianPerson ? 'required' : 'unchecked';
  if (profile.country !== 'IT') return 'unchecked';
  if (isPersonalTaxCode(code)) return 'valid';
  if (/^\d{11}$/.test(code)) {
    if (profile.type === 'P') return 'not_person';
    return isCompanyTaxCode(code) ? 'valid' : 'invalid';
  }
  return 'invalid';
}

/** The SPEC §5 message shown under the field for each outcome; none when nothing was checked. */
export function taxNumberMessage(status: TaxNumberStatus): string | undefined {
  switch (status) {
    case 'valid':
      return messages.taxNumberValid;
    case 'invalid':
      return messages.taxNumberInvalid;
    case 'not_person':
      return messages.taxNumberNotPerson;
    case 'required':
      return messages.required;
    case 'unchecked':
      return undefined;
  }
}
