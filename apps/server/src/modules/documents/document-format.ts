import { addVat, type Language, rowVat } from '@shop/domain';
import type { AddressSnapshot } from '../../db/schema';
import type { DocumentPdfData, DocumentPdfRow } from './document-pdf-data';

/**
 * Figures and texts of the document PDFs, from integer cents and basis points with integer arithmetic
 * only (DESIGN §4): amounts are summed in cents and formatted once, at the end.
 */

const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  it: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Whole numbers with thousands grouping: 1.234 in Italian, 1,234 in English. */
export function formatInteger(value: number, lng: Language): string {
  const sign = value < 0 ? '-' : '';
  return `${sign}${groupThousands(String(Math.abs(value)), SEPARATORS[lng].group)}`;
}

/** Euro from cents: 1.234,56 € in Italian, €1,234.56 in English (SPEC §9: EUR with 2 decimals). */
export function formatMoney(cents: number, lng: Language): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const { group, decimal } = SEPARATORS[lng];
  const units = groupThousands(String(Math.trunc(abs / 100)), group);
  const number = `${units}${decimal}${String(abs % 100).padStart(2, '0')}`;
  return lng === 'it' ? `${sign}${number} €` : `${sign}€${number}`;
}

/** A rate in basis points as a percentage: 2200 → 22%, 550 → 5,5% (5.5% in English). */
export function formatRate(basisPoints: number, lng: Language): string {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}${SEPARATORS[lng].decimal}${fraction}%` : `${whole}%`;
}

/** A calendar date YYYY-MM-DD as dd/MM/yyyy. */
export function formatDocumentDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

const regionNames = new Map<Language, Intl.DisplayNames>();

function countryName(code: string, lng: Language): string {
  let names = regionNames.get(lng);
  if (!names) {
    names = new Intl.DisplayNames([lng], { type: 'region' });
    regionNames.set(lng, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The lines of a billing address under the customer's name: c/o, street, postcode and city, country. */
export function addressLines(address: AddressSnapshot, lng: Language): string[] {
  const city = [address.postcode, address.city, address.state ? `(${address.state})` : '']
    .filter(Boolean)
    .join(' ');
  return [
    address.co ? `c/o ${address.co}` : '',
    address.address,
    city,
    countryName(address.country, lng),
  ].filter(Boolean);
}

export type VatLine = { rate: number; taxable: number; vat: number };
export type DocumentTotals = { lines: VatLine[]; taxable: number; vat: number; total: number };

/**
 * The VAT summary by rate, highest rate first, and the document's totals, from the VAT stored on each
 * row as the order charged it (DESIGN §6 rules 5 and 16), never recomputed: they are the document's
 * stored amount and VAT.
 */
export function vatSummary(
  rows: ReadonlyArray<Pick<DocumentPdfRow, 'vatRate' | 'amount' | 'vat'>>,
): DocumentTotals {
  const byRate = new Map<number, VatLine>();
  for (const row of rows) {
    const line = byRate.get(row.vatRate) ?? { rate: row.vatRate, taxable: 0, vat: 0 };
    line.taxable += row.amount;
    line.vat += row.vat;
    byRate.set(row.vatRate, line);
  }
  const lines = [...byRate.values()].sort((a, b) => b.rate - a.rate);
  const taxable = lines.reduce((sum, l) => sum + l.taxable, 0);
  const vat = lines.reduce((sum, l) => sum + l.vat, 0);
  return { lines, taxable, vat, total: taxable + vat };
}

type PriceDisplay = DocumentPdfData['display'];

/**
 * A row's unit price and amount as printed: net, or VAT-inclusive (the amount with the row's stored
 * VAT). With a coupon, at the price before it, so that the rows add up to the subtotal above the coupon
 * line; VAT-inclusive, that amount has rule 5's correction, as prices shown VAT-inclusive are those of
 * private persons in the EU.
 */
export function printedRow(row: DocumentPdfRow, display: PriceDisplay): { price: number; amount: number } {
  const before = row.priceBeforeCoupon;
  if (display === 'net') {
    const price = before ?? row.price;
    return { price, amount: price * row.quantity };
  }
  if (before === null) return { price: addVat(row.price, row.vatRate), amount: row.amount + row.vat };
  const vat = rowVat({ price: before, vatRate: row.vatRate, correct: true }, row.quantity);
  return { price: addVat(before, row.vatRate), amount: before * row.quantity + vat };
}

/**
 * With a coupon: the subtotal of the rows as printed (at prices before the coupon) and the coupon's
 * amount, negative, that brings it to the taxable amount (net prices) or to the total (VAT-inclusive).
 */
export function couponSummary(
  rows: readonly DocumentPdfRow[],
  display: PriceDisplay,
  totals: DocumentTotals,
): { subtotal: number; coupon: number } {
  const subtotal = rows.reduce((sum, r) => sum + printedRow(r, display).amount, 0);
  return { subtotal, coupon: (display === 'net' ? totals.taxable : totals.total) - subtotal };
}

/** The characters beyond Latin-1 that the standard PDF fonts' WinAnsi encoding has. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Letters whose accent-less form is not their decomposition. */
const PLAIN_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', Ħ: 'H', ħ: 'h' };

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/**
 * Text the standard Helvetica font can print (it has no glyphs beyond WinAnsi): other accented letters
 * lose their accent (Łódź → Lódz, Dvořák → Dvorák), anything else becomes '?', line breaks and tabs a space.
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text) {
    if (isWinAnsi(char)) out += char;
    else if (char === '\n' || char === '\r' || char === '\t') out += ' ';
    else {
      const plain = PLAIN_LETTERS[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
      out += [...plain].every(isWinAnsi) && plain ? plain : '?';
    }
  }
  return out;
}
