import { z } from 'zod';
import { CUSTOMER_TYPES } from '../constants';
import { accountApprovalMessages } from '../customers/account-approval';
import { messages } from '../messages';
import { isStrongPassword } from '../validation/password';
import { checkTaxNumber, taxNumberMessage } from '../validation/tax-code';
import { checkVatNumber } from '../validation/vat-number';
import { CountryCodeSchema, EmailSchema, IdSchema } from './common';
import { ProfileInputSchema } from './profile';
import { API_TOKEN_EXPIRY_DAYS, ApiTokenScopeSchema } from './user';

/** SPEC §5 password rule. */
export const PasswordSchema = z
  .string()
  .max(200)
  .refine(isStrongPassword, { message: messages.passwordRules });

function confirmed<T extends { password: string; password_confirmation: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', message: messages.passwordMismatch, path: ['password_confirmation'] });
  }
}

export const LoginInputSchema = z.strictObject({
  email: EmailSchema,
  password: z.string().min(1).max(200),
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/**
 * SPEC §5 rules of the sign-up across fields, as field → message (the form shows them before the other
 * fields are complete): a company's name and VAT number (checksum), in Italy its SDI code or PEC; the
 * tax number (tax-code.ts).
 */
export function registerProblems(value: {
  type: (typeof CUSTOMER_TYPES)[number];
  country: string;
  company?: string | null | undefined;
  vat_id?: string | null | undefined;
  tax_number?: string | null | undefined;
  sdi_code?: string | null | undefined;
  pec?: string | null | undefined;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  const company = value.type === 'G';
  if (company && !value.company?.trim()) problems.company = messages.required;
  if (value.vat_id?.trim()) {
    if (checkVatNumber(value.vat_id, value.country).status === 'invalid')
      problems.vat_id = messages.vatNumberInvalid;
  } else if (company) problems.vat_id = messages.required;
  if (company && value.country === 'IT' && !value.sdi_code?.trim() && !value.pec?.trim())
    problems.sdi_code = accountApprovalMessages.sdiOrPecRequired;
  const tax = taxNumberMessage(checkTaxNumber(value.tax_number, value));
  if (tax && tax !== messages.taxNumberValid) problems.tax_number = tax;
  return problems;
}

/**
 * POST /register (SPEC §5, issue 22): a company (type G) gives its name and VAT number (checksum here,
 * VIES on the server) and, in Italy, the SDI code or the PEC of its e-invoices; a private person's tax
 * code is mandatory only in Italy and must be a person's.
 */
export const RegisterInputSchema = z
  .strictObject({
    type: z.enum(CUSTOMER_TYPES),
    company: z.string().trim().max(200).optional(),
    firstname: z.string().trim().min(1).max(100),
    lastname: z.string().trim().min(1).max(100),
    email: EmailSchema,
    password: PasswordSchema,
    password_confirmation: z.string().max(200),
    country: CountryCodeSchema,
    vat_id: z.string().trim().max(30).optional(),
    tax_number: z.string().trim().toUpperCase().max(30).optional(),
    sdi_code: ProfileInputSchema.shape.sdi_code,
    pec: ProfileInputSchema.shape.pec,
    newsletter: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    confirmed(value, ctx);
    for (const [path, message] of Object.entries(registerProblems(value)))
      ctx.addIssue({ code: 'custom', message, path: [path] });
  });
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

export const ForgotPasswordInputSchema = z.strictObject({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

export const ResetPasswordInputSchema = z
  .strictObject({
    token: z.string().min(1).max(200),
    email: EmailSchema,
    password: PasswordSchema,
    password_confirmation: z.string().max(200),
  })
  .superRefine(confirmed);
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

export const ChangePasswordInputSchema = z
  .strictObject({
    current_password: z.string().max(200).optional(),
    password: PasswordSchema,
    password_confirmation: z.string().max(200),
  })
  .superRefine(confirmed);
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

export const CreateUserInputSchema = z.strictObject({
  email: EmailSchema,
  password: PasswordSchema,
  customer_id: IdSchema.nullable().optional(),
  is_super_admin: z.boolean().default(false),
});
export type CreateUserInput = z.infer<typeof CreateUserInputSchema>;

/**
 * POST /api/users/{id}/request-token. Scope defaults to 'read-write' so SPEC §7 clients that send only a
 * name keep working; the web form preselects 'read'.
 */
export const RequestTokenInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  expires_in_days: z
    .number()
    .int(messages.apiTokenExpiryRange)
    .min(1, messages.apiTokenExpiryRange)
    .max(API_TOKEN_EXPIRY_DAYS.max, messages.apiTokenExpiryRange)
    .default(API_TOKEN_EXPIRY_DAYS.default),
  scope: ApiTokenScopeSchema.default('read-write'),
});
export type RequestTokenInput = z.infer<typeof RequestTokenInputSchema>;
