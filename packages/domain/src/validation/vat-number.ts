import { checkVAT, countries } from 'jsvat';
import { messages } from '../messages';

/** Where a VAT number's prefix differs from the country's ISO code (Greece's EL, Switzerland's CHE). */
const VAT_PREFIXES: Readonly<Record<string, string>> = { GR: 'EL', CH: 'CHE' };

export type VatNumberStatus = 'valid' | 'invalid' | 'unsupported';

export type VatNumberCheck = {
  /** 'unsupported': jsvat has no rules for the country, so the number is taken as typed. */
  status: VatNumberStatus;
  /** The country's VAT prefix (VIES's member-state code: EL for Greece). */
  prefix: string;
  /** The number without prefix, spaces or punctuation: what VIES is asked about. */
  number: string;
};

/** Upper-cased, without the spaces, dots, hyphens and slashes people type in VAT numbers. */
export function compactVatNumber(vatId: string): string {
  return vatId.toUpperCase().replace(/[\s.\-/]/g, '');
}

/**
 * SPEC §5 VAT number by checksum (jsvat): the number of `country` (ISO code), typed with or without
 * its prefix. A number with another country's prefix is invalid for this country.
 */
export function checkVatNumber(vatId: string, country: string): VatNumberCheck {
  const prefix = VAT_PREFIXES[country] ?? country;
  const compact = compactVatNumber(vatId);
  const number = compact.startsWith(prefix) ? compact.slice(prefix.length) : compact;
  const rules = countries.find((c) => c.codes[0] === country);
  if (!rules) return { status: 'unsupported', prefix, number };
  const valid = number !== '' && checkVAT(`${prefix}${number}`, [rules]).isValid;
  return { status: valid ? 'valid' : 'invalid', prefix, number };
}

/** The SPEC §5 message shown under the field for a checked VAT number. */
export function vatNumberMessage(valid: boolean): string {
  return valid ? messages.vatNumberValid : messages.vatNumberInvalid;
}
