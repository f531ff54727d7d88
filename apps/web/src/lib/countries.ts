import type { Language } from '@shop/domain';

/** Countries offered for a new address: the EU, its neighbours and the usual export markets. */
export const COUNTRY_CODES = [
  'IT',
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'SM',
  'VA',
  'CH',
  'LI',
  'NO',
  'IS',
  'GB',
  'US',
  'CA',
  'JP',
  'AU',
] as const;

const names = new Map<Language, Intl.DisplayNames>();

/** A country's name in the interface language ('IT' → 'Italia' / 'Italy'); the code if unknown. */
export function countryName(code: string, lng: Language): string {
  let display = names.get(lng);
  if (!display) {
    display = new Intl.DisplayNames([lng], { type: 'region' });
    names.set(lng, display);
  }
  return display.of(code) ?? code;
}

/** Select options, the shop's country first, the others by name. */
export function countryOptions(lng: Language, first: string): { value: string; label: string }[] {
  const rest = COUNTRY_CODES.filter((code) => code !== first)
    .map((code) => ({ value: code, label: countryName(code, lng) }))
    .sort((a, b) => a.label.localeCompare(b.label, lng));
  return [{ value: first, label: countryName(first, lng) }, ...rest];
}
