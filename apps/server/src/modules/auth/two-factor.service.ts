import { randomInt } from 'node:crypto';
import {
  messages,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  type RecoveryCodes,
  type TwoFactorCodeInput,
  type TwoFactorConfirmInput,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@shop/domain';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Ctx } from '../../lib/context';
import { sha256 } from '../../lib/crypto';
import { ConflictError, ForbiddenError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import type { Policy } from '../../lib/policy';
import { inTransaction } from '../../lib/transaction';
import { recordAudit } from '../audit/audit.service';
import { getShop } from '../shop/shop.service';
import { assertSignInAllowed, recordSignInFailure } from './throttle.service';
import * as q from './two-factor.queries';

/** RFC 6238 as every authenticator app does it: 30-second steps; one step either side for clock drift. */
const PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = PERIOD_SECONDS;

type FactorUser = { id: number; email: string; totpSecret: string | null; totpLastStep: number | null };

function requiredFor(ctx: Pick<Ctx, 'config'>, user: { isSuperAdmin: boolean }): boolean {
  return ctx.config.twoFactorRequiredForAdmins && user.isSuperAdmin;
}

async function signedInUser(ctx: Ctx) {
  if (!ctx.actor) throw new UnauthenticatedError();
  const user = await q.findTwoFactorUser(ctx.db, ctx.actor.userId);
  if (!user) throw new UnauthenticatedError();
  return user;
}

/** The fields GET /api/user (and sign-in) add to the user, so the web knows where to send an admin. */
export async function twoFactorFields(
  ctx: Pick<Ctx, 'db' | 'config'>,
  user: { id: number; isSuperAdmin: boolean },
): Promise<{ two_factor_enabled: boolean; two_factor_required: boolean }> {
  return {
    two_factor_enabled: await q.isTotpEnabled(ctx.db, user.id),
    two_factor_required: requiredFor(ctx, user),
  };
}

/**
 * Issue 17 point 6: while two-factor sign-in is required for super admins, one without it may only
 * reach the routes every signed-in user may (their own account, the set-up, sign-out): every route
 * that lets them through as an admin answers 403 until the second factor is on. API tokens too, so
 * a token cannot go around it.
 */
export async function assertSecondFactorReady(ctx: Ctx, policy: Policy | undefined): Promise<void> {
  const actor = ctx.actor;
  if (!actor?.isSuperAdmin || !ctx.config.twoFactorRequiredForAdmins) return;
  if (!policy || policy.kind === 'public' || policy.kind === 'authenticated') return;
  if (await q.isTotpEnabled(ctx.db, actor.userId)) return;
  throw new ForbiddenError(messages.twoFactorSetupRequired);
}

/** GET /api/user/two-factor. */
export async function getTwoFactorStatus(ctx: Ctx): Promise<TwoFactorStatus> {
  const user = await signedInUser(ctx);
  return {
    enabled: user.totpEnabledAt !== null,
    enabled_at: user.totpEnabledAt?.toISOString() ?? null,
    required: requiredFor(ctx, user),
    recovery_codes_left: user.totpEnabledAt ? await q.countUnusedRecoveryCodes(ctx.db, user.id) : 0,
  };
}

/**
 * POST /api/user/two-factor: a new secret for the authenticator app, as a QR code and as text. The
 * second factor stays off until a code of it is confirmed; starting again replaces the secret.
 */
export async function startEnrolment(ctx: Ctx): Promise<TwoFactorEnrolment> {
  const user = await signedInUser(ctx);
  if (user.totpEnabledAt) throw new ConflictError(messages.twoFactorAlreadyEnabled);
  const secret = generateSecret();
  await q.setPendingTotpSecret(ctx.db, user.id, secret);
  const issuer = (await getShop(ctx).catch(() => null))?.name ?? 'Sonora';
  const otpauthUrl = generateURI({ issuer, label: user.email, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** POST /api/user/two-factor/confirm: the app's first code turns the factor on; ten recovery codes. */
export async function confirmEnrolment(ctx: Ctx, input: TwoFactorConfirmInput): Promise<RecoveryCodes> {
  const user = await signedInUser(ctx);
  if (user.totpEnabledAt) throw new ConflictError(messages.twoFactorAlreadyEnabled);
  if (!user.totpSecret) throw ValidationError.field('code', messages.twoFactorNotStarted);
  const step = await totpStep(ctx, user.totpSecret, input.code);
  if (step === null) throw ValidationError.field('code', messages.twoFactorCodeInvalid);
  const codes = newRecoveryCodes();
  await inTransaction(ctx, async (tx) => {
    await q.enableTotp(tx.db, user.id, tx.now(), step);
    await q.replaceRecoveryCodes(tx.db, user.id, codes.map(hashRecoveryCode), tx.now());
    await recordAudit(tx, { action: 'second-factor-enabled', entity: 'user', entityId: user.id });
  });
  return { recovery_codes: codes };
}

/**
 * DELETE /api/user/two-factor: needs the second factor itself (a code or a recovery code), so a
 * session left open is not enough to remove it. Refused while it is required for this user.
 */
export async function disableTwoFactor(ctx: Ctx, input: TwoFactorCodeInput, ip: string): Promise<void> {
  const user = await signedInUser(ctx);
  if (!user.totpEnabledAt) throw ValidationError.field('code', messages.twoFactorNotEnabled);
  if (requiredFor(ctx, user)) throw new ForbiddenError(messages.twoFactorRequired);
  await withSecondFactor(ctx, user, input, ip, async (tx) => {
    await q.disableTotp(tx.db, user.id);
    await q.deleteRecoveryCodes(tx.db, user.id);
    await recordAudit(tx, { action: 'second-factor-disabled', entity: 'user', entityId: user.id });
  });
}

/**
 * An administrator resets a member's second factor (issue 18, the staff screen): the secret and the
 * recovery codes go, so the member sets it up again at the next sign-in when it is required. Runs in
 * the caller's transaction; the route's audit entry records it.
 */
export async function resetSecondFactor(ctx: Pick<Ctx, 'db'>, userId: number): Promise<void> {
  await q.disableTotp(ctx.db, userId);
  await q.deleteRecoveryCodes(ctx.db, userId);
}

/** POST /api/user/two-factor/recovery-codes: ten new codes; the old ones stop working. */
export async function regenerateRecoveryCodes(
  ctx: Ctx,
  input: TwoFactorCodeInput,
  ip: string,
): Promise<RecoveryCodes> {
  const user = await signedInUser(ctx);
  if (!user.totpEnabledAt) throw ValidationError.field('code', messages.twoFactorNotEnabled);
  const codes = newRecoveryCodes();
  await withSecondFactor(ctx, user, input, ip, async (tx) => {
    await q.replaceRecoveryCodes(tx.db, user.id, codes.map(hashRecoveryCode), tx.now());
    await recordAudit(tx, { action: 'recovery-codes-regenerated', entity: 'user', entityId: user.id });
  });
  return { recovery_codes: codes };
}

/**
 * Runs `change` in one transaction with the use of the second factor (the code's step recorded, or
 * the recovery code spent), so both happen or neither. A factor that fails is throttled like a
 * password (throttle.service.ts): counted for the e-mail and address, and refused with 429 beyond
 * the limit. Used by the sign-in challenge too.
 */
export async function withSecondFactor<T>(
  ctx: Ctx,
  user: FactorUser,
  input: TwoFactorCodeInput,
  ip: string,
  change: (tx: Ctx) => Promise<T>,
  options: { deviceCookie?: string | undefined; onFailure?: () => Promise<void> } = {},
): Promise<T> {
  await assertSignInAllowed(ctx, { email: user.email, ip, deviceCookie: options.deviceCookie });
  const outcome = await inTransaction(
    ctx,
    async (tx): Promise<{ refusal: Refusal } | { refusal: null; value: T }> => {
      const refusal = await spendSecondFactor(tx, user, input);
      if (refusal) return { refusal };
      return { refusal: null, value: await change(tx) };
    },
  );
  if (outcome.refusal) {
    // Outside the transaction: a refusal changes nothing but the failure count.
    await recordSignInFailure(ctx, user.email, ip);
    await options.onFailure?.();
    throw ValidationError.field(outcome.refusal.field, outcome.refusal.message);
  }
  return outcome.value;
}

type Refusal = { field: 'code' | 'recovery_code'; message: string };

async function spendSecondFactor(
  ctx: Ctx,
  user: FactorUser,
  input: TwoFactorCodeInput,
): Promise<Refusal | null> {
  if (input.recovery_code !== undefined) {
    const hash = hashRecoveryCode(input.recovery_code);
    if (await q.useRecoveryCode(ctx.db, user.id, hash, ctx.now())) return null;
    const used = await q.recoveryCodeExists(ctx.db, user.id, hash);
    return {
      field: 'recovery_code',
      message: used ? messages.recoveryCodeUsed : messages.recoveryCodeInvalid,
    };
  }
  if (!user.totpSecret || input.code === undefined) {
    return { field: 'code', message: messages.twoFactorCodeInvalid };
  }
  const step = await totpStep(ctx, user.totpSecret, input.code);
  if (step === null) return { field: 'code', message: messages.twoFactorCodeInvalid };
  // A code is good for one sign-in only: its step, or an earlier one, was already accepted.
  if (!(await q.acceptTotpStep(ctx.db, user.id, step))) {
    return { field: 'code', message: messages.twoFactorCodeReused };
  }
  return null;
}

/** The 30-second step the code belongs to, within one step of now; null when it is not the app's. */
async function totpStep(ctx: Pick<Ctx, 'now'>, secret: string, code: string): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    period: PERIOD_SECONDS,
    epoch: Math.floor(ctx.now().getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  }).catch(() => ({ valid: false as const }));
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from(
      { length: RECOVERY_CODE_LENGTH },
      () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
    )
      .join('')
      .replace(/(.{5})(?=.)/g, '$1-'),
  );
}

/** Codes are compared as typed without case, spaces or dashes (RecoveryCodeSchema). */
function hashRecoveryCode(code: string): string {
  return sha256(code.toLowerCase().replace(/[\s-]/g, ''));
}
