import { messages } from '../messages';

/**
 * SPEC §5 / §9: an ISBN has 10 or 13 digits and a correct check digit. Hyphens and spaces, as printed
 * on books (978-88-04-66829-3), are ignored; an ISBN-10 may end in X (ten).
 */

/** The ISBN without hyphens and spaces, upper-cased (the X of an ISBN-10). */
export function normalizeIsbn(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** EAN-13 check: weights 1 and 3 alternating, the total a multiple of ten (ISBN-13, EAN13 barcodes). */
export function isValidEan13(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(value[i]) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

/** ISBN-10 check: weights 10 down to 1, the total a multiple of eleven; X stands for 10, last only. */
function isValidIsbn10(value: string): boolean {
  if (!/^\d{9}[\dX]$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = value[i] === 'X' ? 10 : Number(value[i]);
    sum += digit * (10 - i);
  }
  return sum % 11 === 0;
}

/** Whether `value` (hyphens and spaces ignored) is an ISBN-10 or ISBN-13 with a correct check digit. */
export function isValidIsbn(value: string): boolean {
  const isbn = normalizeIsbn(value);
  if (isbn.length === 10) return isValidIsbn10(isbn);
  if (isbn.length === 13) return /^97[89]/.test(isbn) && isValidEan13(isbn);
  return false;
}

/** UPC-A: 12 digits, the same check as an EAN-13 with a leading zero. */
export function isValidUpc(value: string): boolean {
  return /^\d{12}$/.test(value) && isValidEan13(`0${value}`);
}

/** Why `value` is not an EAN-13, or null when it is one: 13 digits, then a correct check digit. */
export function ean13Problem(value: string): string | null {
  if (!/^\d{13}$/.test(value)) return messages.eanLength;
  return isValidEan13(value) ? null : messages.eanCheckDigit;
}

/** Why `value` is not a UPC-A, or null when it is one: 12 digits, then a correct check digit. */
export function upcProblem(value: string): string | null {
  if (!/^\d{12}$/.test(value)) return messages.upcLength;
  return isValidUpc(value) ? null : messages.upcCheckDigit;
}
