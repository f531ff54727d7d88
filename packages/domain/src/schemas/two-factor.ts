import { z } from 'zod';
import { messages } from '../messages';
import { CurrentUserSchema } from './user';

/**
 * Issue 17 point 6: two-factor sign-in with an authenticator app (TOTP, RFC 6238: 6 digits, 30 s)
 * and ten single-use recovery codes.
 */
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes are three groups of five of these (no 0/o, 1/l/i to misread): about 74 bits. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_LENGTH = 15;

/** A code as typed: spaces are dropped ("123 456" is what some apps show). */
export const TotpCodeSchema = z
  .string()
  .max(20)
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, messages.twoFactorCodeFormat));

/** A recovery code as typed: case, spaces and dashes do not matter; kept without them. */
export const RecoveryCodeSchema = z
  .string()
  .max(64)
  .transform((value) => value.toLowerCase().replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .length(RECOVERY_CODE_LENGTH, messages.recoveryCodeInvalid)
      .regex(/^[a-z0-9]+$/, messages.recoveryCodeInvalid),
  );

/** POST /api/user/two-factor/confirm: the first code of the app turns the second factor on. */
export const TwoFactorConfirmInputSchema = z.strictObject({ code: TotpCodeSchema });
export type TwoFactorConfirmInput = z.infer<typeof TwoFactorConfirmInputSchema>;

/**
 * The second factor itself: a code of the app or one recovery code. POST /two-factor-challenge,
 * DELETE /api/user/two-factor and POST /api/user/two-factor/recovery-codes take it.
 */
export const TwoFactorCodeInputSchema = z
  .strictObject({ code: TotpCodeSchema.optional(), recovery_code: RecoveryCodeSchema.optional() })
  .superRefine((value, ctx) => {
    if ((value.code === undefined) === (value.recovery_code === undefined)) {
      ctx.addIssue({ code: 'custom', message: messages.twoFactorCodeRequired, path: ['code'] });
    }
  });
export type TwoFactorCodeInput = z.infer<typeof TwoFactorCodeInputSchema>;

/** POST /api/user/two-factor: a new secret to scan (QR code as a data: URL) or to type. */
export const TwoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_code: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolmentSchema>;

/** The ten recovery codes, shown once: only their hashes are kept. */
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** GET /api/user/two-factor. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  /** On for super admins when TWO_FACTOR_REQUIRED_FOR_ADMINS is: it cannot be turned off. */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** POST /login for an account with the second factor on: no session yet, the code comes next. */
export const TwoFactorChallengeSchema = z.object({ two_factor: z.literal(true) });
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

export const LoginResponseSchema = z.union([CurrentUserSchema, TwoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export function isTwoFactorChallenge(response: LoginResponse): response is TwoFactorChallenge {
  return 'two_factor' in response && response.two_factor === true;
}

/** Shown grouped for reading: 'abcde-fghjk-mnpqr'. */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,5}/g)?.join('-') ?? code;
}
