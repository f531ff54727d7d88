import type { DocumentType } from '../constants';

/**
 * Document numbers from the shop's formats (issue 18 point 3, DESIGN §6 rule 15): `{YYYY}` is the
 * year, `{N…}` the sequence of the type and year zero-padded to as many digits as it has Ns.
 */

export const DEFAULT_DOCUMENT_NUMBER_FORMATS: Readonly<Record<DocumentType, string>> = {
  delivery_note: 'DDT-{YYYY}-{NNNNNN}',
  invoice: 'INV-{YYYY}-{NNNNNN}',
  credit_note: 'CN-{YYYY}-{NNNNNN}',
};

const YEAR = '{YYYY}';
const SEQUENCE = /\{(N{1,10})\}/g;
/** Around the placeholders: what a number may hold and still name a document in a URL. */
const LITERAL = /^[A-Za-z0-9._-]*$/;

/** The number of the sequence in the year by the format: `INV-{YYYY}-{NNNNNN}`, 2026, 123 → INV-2026-000123. */
export function formatDocumentNumber(format: string, year: number, sequence: number): string {
  return format
    .replace(YEAR, String(year))
    .replace(SEQUENCE, (_, ns: string) => String(sequence).padStart(ns.length, '0'));
}

/** True when the format has one {YYYY}, one {N…} of 1 to 10 Ns, and otherwise only letters, digits, '.', '_', '-'. */
export function isDocumentNumberFormat(format: string): boolean {
  const years = format.split(YEAR).length - 1;
  const sequences = format.match(SEQUENCE)?.length ?? 0;
  return years === 1 && sequences === 1 && LITERAL.test(format.replace(YEAR, '').replace(SEQUENCE, ''));
}

/**
 * The types whose format another type's equals once the sequence's width is set aside: their numbers
 * could collide (DDT-{YYYY}-{NNN} and DDT-{YYYY}-{NNNNNN} both give DDT-2026-1000).
 */
export function collidingDocumentNumberFormats(formats: Record<DocumentType, string>): DocumentType[] {
  const shape = (format: string) => format.replace(SEQUENCE, '{N}').toUpperCase();
  const entries = Object.entries(formats) as [DocumentType, string][];
  return entries
    .filter(([type, format]) => entries.some(([other, f]) => other !== type && shape(f) === shape(format)))
    .map(([type]) => type);
}

/**
 * A regular expression (POSIX and JavaScript alike) matching every number the format can give, in any
 * year: `INV-{YYYY}-{NNNNNN}` → `^INV-[0-9]{4}-[0-9]+$`. Only '.' needs escaping among the literals allowed.
 */
export function documentNumberPattern(format: string): string {
  const parts = format.split(/(\{YYYY\}|\{N{1,10}\})/);
  const body = parts
    .map((part) => {
      if (part === YEAR) return '[0-9]{4}';
      if (/^\{N+\}$/.test(part)) return '[0-9]+';
      return part.replace(/\./g, '\\.');
    })
    .join('');
  return `^${body}$`;
}
