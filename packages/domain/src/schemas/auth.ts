import { z } from 'zod';
import { CUSTOMER_TYPES } from '../constants';
import { messages } from '../messages';
import { isStrongPassword } from '../validation/password';
import { CountryCodeSchema, EmailSchema, IdSchema } from './common';
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
    tax_number: z.string().trim().max(30).optional(),
    newsletter: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    confirmed(value, ctx);
    if (value.type === 'G' && !value.company) {
      ctx.addIssue({ code: 'custom', message: messages.required, path: ['company'] });
    }
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
