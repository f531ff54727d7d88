import { z } from 'zod';
import { CUSTOMER_TYPES, LANGUAGES } from '../constants';
import { messages } from '../messages';
import { checkTaxNumber, taxNumberMessage } from '../validation/tax-code';
import { checkVatNumber } from '../validation/vat-number';
import { CountryCodeSchema } from './common';

/** An optional text: trimmed; empty, null or absent all mean none (null). */
function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);
}

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
  );
}

/**
 * PUT /api/customers/{id} (SPEC §3 Customer, the fields a customer edits in 'My data'). Strict: the
 * e-mail (the username) and the administrators' fields (discount, group, tax rule, ERP) are refused.
 * It is a replacement: an optional field left out or empty is cleared. The rules across fields and
 * against today's date are in `profileProblems`.
 */
export const ProfileInputSchema = z.strictObject({
  type: z.enum(CUSTOMER_TYPES),
  company: optionalText(200),
  firstname: z.string().trim().min(1).max(100),
  lastname: z.string().trim().min(1).max(100),
  /** The electronic-invoicing recipient code: 7 characters (6 for public administrations). */
  sdi_code: z
    .string()
    .trim()
    .toUpperCase()
    .max(7)
    .refine((value) => value === '' || value.length >= 6, messages.invalidLength)
    .refine((value) => /^[A-Z0-9]*$/.test(value), messages.invalidValue)
    .nullish()
    .transform((value) => value || null),
  pec: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((value) => value === '' || z.email().safeParse(value).success, messages.invalidEmail)
    .nullish()
    .transform((value) => value || null),
  /** YYYY-MM-DD. */
  birthday: z
    .string()
    .trim()
    .refine((value) => value === '' || isCalendarDate(value), messages.invalidValue)
    .nullish()
    .transform((value) => value || null),
  job: optionalText(100),
  vat_id: optionalText(30),
  tax_number: optionalText(30).transform((value) => value?.toUpperCase() ?? null),
  country: CountryCodeSchema,
});
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

/**
 * SPEC §5 rules of 'My data' beyond each field's shape, as field → message: a company (type G) needs
 * its name and a VAT number; the VAT number by checksum; the tax number (tax-code.ts); a birthday not
 * after `today` (YYYY-MM-DD, the shop's zone). The server adds VIES and the orders' lock on the type.
 */
export function profileProblems(input: ProfileInput, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (input.type === 'G' && !input.company) problems.company = messages.required;
  if (input.vat_id) {
    if (checkVatNumber(input.vat_id, input.country).status === 'invalid') {
      problems.vat_id = messages.vatNumberInvalid;
    }
  } else if (input.type === 'G') {
    problems.vat_id = messages.required;
  }
  const taxStatus = checkTaxNumber(input.tax_number, input);
  if (taxStatus !== 'valid' && taxStatus !== 'unchecked') problems.tax_number = taxNumberMessage(taxStatus)!;
  if (input.birthday && input.birthday > today) problems.birthday = messages.invalidValue;
  return problems;
}

/** PUT /api/customers/{id}/settings: the newsletter and the language of mail and documents. */
export const CustomerSettingsInputSchema = z.strictObject({
  newsletter: z.boolean(),
  language: z.enum(LANGUAGES),
});
export type CustomerSettingsInput = z.infer<typeof CustomerSettingsInputSchema>;

/** GET /api/vat-numbers/check: the live check of the 'My data' form. */
export const VatCheckQuerySchema = z.object({
  vat_id: z.string().trim().min(1).max(30),
  country: CountryCodeSchema,
});
export type VatCheckQuery = z.infer<typeof VatCheckQuerySchema>;

/** `message` is null when the country's VAT numbers cannot be checked. */
export const VatCheckResultSchema = z.object({ valid: z.boolean(), message: z.string().nullable() });
export type VatCheckResult = z.infer<typeof VatCheckResultSchema>;
