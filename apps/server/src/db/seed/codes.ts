/** Check digits, tax codes, money and date helpers used by the demo data. */

/** EAN-13 (and ISBN-13) check digit of the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 needs 12 digits, got '${first12}'`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function withEanCheckDigit(first12: string): string {
  return `${first12}${ean13CheckDigit(first12)}`;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** Italian VAT number (partita IVA) check digit of the first 10 digits. */
export function italianVatCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(first10[i]);
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** 'IT' + 11 digits with a correct check digit; `seed` is a 7-digit company number. */
export function italianVatId(companyNumber: number, officeCode = '015'): string {
  const first10 = `${String(companyNumber).padStart(7, '0')}${officeCode}`;
  return `IT${first10}${italianVatCheckDigit(first10)}`;
}

const CF_ODD: Record<string, number> = {
  '0': 1,
  '1': 0,
  '2': 5,
  '3': 7,
  '4': 9,
  '5': 13,
  '6': 15,
  '7': 17,
  '8': 19,
  '9': 21,
  A: 1,
  B: 0,
  C: 5,
  D: 7,
  E: 9,
  F: 13,
  G: 15,
  H: 17,
  I: 19,
  J: 21,
  K: 2,
  L: 4,
  M: 18,
  N: 20,
  O: 11,
  P: 3,
  Q: 6,
  R: 8,
  S: 12,
  T: 14,
  U: 16,
  V: 10,
  W: 22,
  X: 25,
  Y: 24,
  Z: 23,
};
const CF_MONTHS = 'ABCDEHLMPRST';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function cfLetters(value: string, isFirstName: boolean): string {
  const clean = value
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  const consonants = [...clean].filter((c) => !'AEIOU'.includes(c));
  const vowels = [...clean].filter((c) => 'AEIOU'.includes(c));
  if (isFirstName && consonants.length >= 4) return `${consonants[0]}${consonants[2]}${consonants[3]}`;
  return [...consonants, ...vowels, 'X', 'X', 'X'].slice(0, 3).join('');
}

/** The Italian tax code (codice fiscale) of a person, with its check character. */
export function codiceFiscale(p: {
  firstname: string;
  lastname: string;
  birthday: string; // YYYY-MM-DD
  female: boolean;
  municipality: string; // Belfiore code, e.g. F205 Milano
}): string {
  const [year, month, day] = p.birthday.split('-').map(Number) as [number, number, number];
  const body =
    cfLetters(p.lastname, false) +
    cfLetters(p.firstname, true) +
    String(year % 100).padStart(2, '0') +
    CF_MONTHS[month - 1] +
    String(day + (p.female ? 40 : 0)).padStart(2, '0') +
    p.municipality;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = body[i]!;
    if (i % 2 === 0) sum += CF_ODD[c]!;
    else sum += /\d/.test(c) ? Number(c) : ALPHABET.indexOf(c);
  }
  return body + ALPHABET[sum % 26];
}

/** round(numerator / denominator), halves away from zero (amounts here are never negative). */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** round(amount × rate / 10000) with rate in basis points: VAT of an amount (DESIGN §6). */
export function vatOf(amountCents: number, rateBp: number): number {
  return Number(divRoundHalfUp(BigInt(amountCents) * BigInt(rateBp), 10000n));
}

/**
 * A list price after compounding discounts in basis points, rounded once at the end (DESIGN §6 rule 2).
 * Also returns the equivalent single discount in basis points.
 */
export function applyDiscounts(
  price: number,
  ratesBp: readonly number[],
): { price: number; discount: number } {
  let num = BigInt(price);
  let keep = 1n;
  let den = 1n;
  for (const rate of ratesBp) {
    num *= BigInt(10000 - rate);
    keep *= BigInt(10000 - rate);
    den *= 10000n;
  }
  const discounted = Number(divRoundHalfUp(num, den));
  const kept = ratesBp.length === 0 ? 10000n : divRoundHalfUp(keep * 10000n, den);
  return { price: discounted, discount: 10000 - Number(kept) };
}

const romeDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date (YYYY-MM-DD) of an instant in the shop's zone, Europe/Rome. */
export function romeDate(instant: Date): string {
  return romeDateFormat.format(instant);
}

const DAY_MS = 86_400_000;

/** Adds days to a calendar date (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from calendar date a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** An instant on a calendar date, at about `hour` o'clock in Rome (UTC+1; summer time is ignored). */
export function atHour(date: string, hour: number, minute = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + ((hour - 1) * 60 + minute) * 60_000);
}

export const HOUR_MS = 3_600_000;
export { DAY_MS };
