import {
  CouponCodeSchema,
  ean13Problem,
  hasControlCharacters,
  isValidIsbn,
  messages,
  normalizeIsbn,
  upcProblem,
  VariantValueSchema,
} from '@shop/domain';
import { z } from 'zod';

/**
 * The cells of an imported sheet as values (issue 3): what a person types in Excel or a CSV. Every
 * parser takes the raw cell (text, number, boolean or date; '' or null when empty) and gives the value
 * or null for an empty cell; a bad cell fails with the SPEC §5 message shown in the preview.
 * Money is written in euros (12.90 or 12,90) and stored in cents, rates in percent (22) and stored in
 * basis points, exactly (no float arithmetic).
 */

export type RawCell = string | number | boolean | Date | null;
export type CellResult<T> = { success: true; data: T | null } | { success: false; message: string };
/** A cell parser: plain functions around the zod checks, as it runs for every cell of large sheets. */
export type CellParser<T> = { safeParse(raw: RawCell): CellResult<T> };

const isEmpty = (v: RawCell) => v === null || (typeof v === 'string' && v.trim() === '');
const asText = (v: RawCell): string =>
  v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' ? v.trim() : String(v);

/** A parser of non-empty cells as text (checked by `parse`); empty cells are null. */
function cell<T>(parse: z.ZodType<T, string> | ((text: string) => CellResult<T>)): CellParser<T> {
  const check =
    typeof parse === 'function'
      ? parse
      : (text: string): CellResult<T> => {
          const result = parse.safeParse(text);
          if (result.success) return { success: true, data: result.data };
          return { success: false, message: result.error.issues[0]?.message ?? messages.invalidValue };
        };
  return {
    safeParse(v) {
      if (isEmpty(v)) return { success: true, data: null };
      const text = asText(v);
      // A NUL would fail the whole import in PostgreSQL: like any bad cell, it is shown in the preview.
      return hasControlCharacters(text)
        ? { success: false, message: messages.controlCharacters }
        : check(text);
    },
  };
}

export const text = (max: number) =>
  cell<string>((v) =>
    v.length > max ? { success: false, message: messages.invalidLength } : { success: true, data: v },
  );

export const code = (max = 50) =>
  cell(
    z
      .string()
      .max(max)
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/),
  );

/** A coupon code as the API takes it: letters, digits, - and _, upper-cased. */
export const couponCode = () => cell(CouponCodeSchema);

export const upperCode = () =>
  cell(
    z
      .string()
      .max(50)
      .regex(/^[A-Za-z0-9_]+$/)
      .transform((v) => v.toUpperCase()),
  );

export const sku = () =>
  cell(
    z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/)
      .refine((v) => !/^\d+$/.test(v), { message: messages.invalidValue }),
  );

export const country = () =>
  cell(
    z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .transform((v) => v.toUpperCase()),
  );

export const email = () => cell(z.string().toLowerCase().max(254).pipe(z.email()));

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => cell(z.enum(values));

const ok = <T>(data: T): CellResult<T> => ({ success: true, data });
const fail = (message: string): CellResult<never> => ({ success: false, message });

/** A whole number within bounds; `positive` ones say 'Must be greather than 0'. */
export function int(options: { min?: number; max?: number; positive?: boolean } = {}) {
  return cell<number>((v) => {
    if (!/^[-+]?\d+$/.test(v)) return fail(messages.invalidValue);
    const n = Number(v);
    if (options.positive && n <= 0) return fail(messages.mustBePositive);
    if ((options.min !== undefined && n < options.min) || n > (options.max ?? 1_000_000_000)) {
      return fail(messages.invalidValue);
    }
    return ok(n);
  });
}

/** SPEC §5 / §9 variant value: 1 to 4, 'Must be between 1 and 4'. */
export const variantValue = () =>
  cell(
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/, messages.variantValueRange)
      .transform(Number)
      .pipe(VariantValueSchema),
  );

/** A decimal with at most `decimals` places, as an integer of that many places (12,90 → 1290). */
function scaled(decimals: number, options: { positive?: boolean; max: number }) {
  const pattern = new RegExp(`^\\+?(\\d+)(?:[.,](\\d{1,${decimals}}))?$`);
  return cell<number>((v) => {
    const m = pattern.exec(v);
    if (!m) return fail(/^-/.test(v) && options.positive ? messages.mustBePositive : messages.invalidValue);
    const value = Number(m[1]) * 10 ** decimals + Number((m[2] ?? '').padEnd(decimals, '0'));
    if (options.positive && value <= 0) return fail(messages.mustBePositive);
    if (!Number.isSafeInteger(value) || value > options.max) return fail(messages.invalidValue);
    return ok(value);
  });
}

/** Euros with up to two decimals, as cents. */
export const money = (options: { positive?: boolean } = {}) => scaled(2, { ...options, max: 1_000_000_000 });
/** A percent with up to two decimals, as basis points (22 → 2200), at most 100%. */
export const percent = () => scaled(2, { max: 10_000 });
/** A ratio with up to three decimals, as thousandths (1.5 → 1500); greater than 0. */
export const ratio = () => scaled(3, { positive: true, max: 1_000_000_000 });

const TRUE = new Set(['1', 'true', 'yes', 'y', 'si', 'sì', 'x', 'vero']);
const FALSE = new Set(['0', 'false', 'no', 'n', 'falso']);
export const flag = () =>
  cell<boolean>((v) => {
    const key = v.toLowerCase();
    if (TRUE.has(key)) return ok(true);
    if (FALSE.has(key)) return ok(false);
    return fail(messages.invalidValue);
  });

/** YYYY-MM-DD, or DD/MM/YYYY as Italian sheets write it; a date cell of the sheet as its calendar date. */
export const date = () =>
  cell(
    z
      .string()
      .transform((v) => {
        const it = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
        return it ? `${it[3]}-${it[2]!.padStart(2, '0')}-${it[1]!.padStart(2, '0')}` : v;
      })
      .pipe(z.iso.date()),
  );

/** A barcode cell whose problem (wrong length, wrong check digit) is its message. */
const barcode = (problem: (v: string) => string | null) =>
  cell((text: string) => {
    const message = problem(text);
    return message ? fail(message) : ok(text);
  });
export const ean13 = () => barcode(ean13Problem);
export const upc = () => barcode(upcProblem);
export const isbn = () =>
  cell(z.string().refine(isValidIsbn, { message: messages.isbnInvalid }).transform(normalizeIsbn));

/** A URL (http or https), or an upload path. */
export const url = () =>
  cell(
    z
      .string()
      .max(2000)
      .regex(/^(https?:\/\/\S+|\/uploads\/[\w./-]+)$/),
  );

/** Options of a list attribute tag, separated by | ('S|M|L|XL'). */
export const options = () =>
  cell(
    z.string().transform((v, ctx) => {
      const list = v
        .split('|')
        .map((o) => o.trim())
        .filter((o) => o !== '');
      if (new Set(list).size !== list.length || list.some((o) => o.length > 200)) {
        ctx.addIssue({ code: 'custom', message: messages.invalidValue });
        return z.NEVER;
      }
      return list;
    }),
  );

/** Cell values as an export writes them (the inverse of the parsers above). */
export const format = {
  money: (cents: number | null) => (cents === null ? null : cents / 100),
  percent: (basisPoints: number | null) => (basisPoints === null ? null : basisPoints / 100),
  ratio: (thousandths: number | null) => (thousandths === null ? null : thousandths / 1000),
  flag: (v: boolean | null) => (v === null ? null : v ? 1 : 0),
  options: (v: string[] | null) => (v === null ? null : v.join('|')),
};
