import {
  type CurrentUser,
  type CustomerRole,
  type LoginInput,
  messages,
  type RegisterInput,
  type ResetPasswordInput,
} from '@shop/domain';
import type { Actor, Ctx } from '../../lib/context';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { UnauthenticatedError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { signUpWaitsForApproval } from '../account-approvals/account-approvals.service';
import { recordAudit } from '../audit/audit.service';
import { orderingBlockedMessage } from '../credit/credit.service';
import { createCustomer, customerEmailTaken, getCustomer } from '../customers/customers.service';
import { verifyVatNumber } from '../customers/profile.service';
import { revokeAllApiTokens, sendApiTokensRevokedMail } from './api-tokens.service';
import * as q from './auth.queries';
import { assertPasswordNotGuessable } from './password-strength.service';
import { forgetUserSessions } from './session-cache';
import { assertSignInAllowed, clearSignInFailures, recordSignInFailure } from './throttle.service';
import { twoFactorFields } from './two-factor.service';

const RESET_TOKEN_TTL_MS = 60 * 60_000;
const RESET_RESEND_MS = 60_000;
/** Compared against when the e-mail is unknown, so both paths take the same time. */
const dummyHash = hashPassword('not-a-real-password-1!A');

export type SessionOpened = { user: CurrentUser; sessionToken: string; expiresAt: Date };
/** The password was right; the sign-in waits for the second factor (issue 17 point 6). */
export type TwoFactorPending = { twoFactorUserId: number };
/** The browser asking: its address, its user agent and the cookies sign-in reads. */
export type Client = {
  ip: string;
  userAgent: string | undefined;
  /** The session cookie it already holds: ended when it signs in again (a new id, issue 17). */
  previousSession: string | undefined;
  deviceCookie: string | undefined;
};

type UserRow = {
  id: number;
  email: string;
  isSuperAdmin: boolean;
  customerId: number | null;
  customerRole: CustomerRole | null;
};

function toActor(
  user: UserRow,
  via: Pick<Actor, 'sessionId' | 'tokenId' | 'tokenScope'>,
  impersonator: Actor['impersonator'] = null,
): Actor {
  return {
    userId: user.id,
    email: user.email,
    isSuperAdmin: user.isSuperAdmin,
    customerId: user.customerId,
    customerRole: user.customerId === null ? null : user.customerRole,
    impersonator,
    ...via,
  };
}

/** Last seen is written at most this often: it is shown to the user, not used for security. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/**
 * The actor behind a session cookie. The session slides forward when half of it is used, up to its
 * absolute lifetime; last seen moves at most every five minutes.
 */
export async function actorFromSession(ctx: Omit<Ctx, 'actor'>, sessionToken: string): Promise<Actor | null> {
  const now = ctx.now();
  const tokenHash = sha256(sessionToken);
  const cached = ctx.sessions.get(tokenHash);
  if (cached && cached.expiresAt > now.getTime()) return cached.actor;
  const row = await q.findSessionByTokenHash(ctx.db, tokenHash, now);
  // Disabling deletes the sessions too; this covers one opened in the same instant.
  if (!row || row.user.disabledAt) return null;
  const ttl = ctx.config.sessionTtlHours * 3_600_000;
  let expiresAt = row.expiresAt.getTime();
  const impersonator = row.impersonator
    ? { userId: row.impersonator.id, email: row.impersonator.email, until: row.expiresAt }
    : null;
  // A staff member's session as a customer's user never slides: it ends 60 minutes after it began.
  const slide = !impersonator && expiresAt - now.getTime() < ttl / 2;
  if (slide) expiresAt = slidingExpiry(ctx, row.user, row.createdAt, now).getTime();
  if (slide || now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
    await q.touchSession(ctx.db, row.sessionId, new Date(expiresAt), now);
  }
  const actor = toActor(row.user, { sessionId: row.sessionId, tokenId: null }, impersonator);
  ctx.sessions.set(tokenHash, { actor, expiresAt });
  return actor;
}

/**
 * The actor behind a personal API token (`Authorization: Bearer`), with the token's scope. An expired
 * token is refused with 401 and left untouched (issue 17).
 */
export async function actorFromApiToken(ctx: Omit<Ctx, 'actor'>, token: string): Promise<Actor | null> {
  const row = await q.findApiTokenByHash(ctx.db, sha256(token));
  if (!row) return null;
  const now = ctx.now();
  if (row.token.expiresAt <= now) throw new UnauthenticatedError(messages.apiTokenExpired);
  // Kept, not revoked: re-enabling the account gives its tokens back, as it gives back sign-in.
  if (row.user.disabledAt) throw new UnauthenticatedError(messages.accountDisabled);
  if (!row.token.lastUsedAt || now.getTime() - row.token.lastUsedAt.getTime() > 60_000) {
    await q.touchApiToken(ctx.db, row.token.id, now);
  }
  return toActor(row.user, { sessionId: null, tokenId: row.token.id, tokenScope: row.token.scope });
}

/** SPEC §3 User as GET /api/user returns it; the actor already holds the user's own fields. */
export async function currentUser(ctx: Ctx): Promise<CurrentUser> {
  const actor = ctx.actor;
  if (!actor) throw new UnauthenticatedError();
  const user = await toCurrentUser(ctx, {
    id: actor.userId,
    email: actor.email,
    isSuperAdmin: actor.isSuperAdmin,
    customerId: actor.customerId,
    customerRole: actor.customerRole,
  });
  const impersonation = actor.impersonator
    ? { staff_email: actor.impersonator.email, expires_at: actor.impersonator.until.toISOString() }
    : null;
  return { ...user, impersonation };
}

export async function toCurrentUser(ctx: Pick<Ctx, 'db' | 'config'>, user: UserRow) {
  const limits = user.customerId ? await q.findSpendingLimits(ctx.db, user.id) : undefined;
  return {
    id: user.id,
    email: user.email,
    is_super_admin: user.isSuperAdmin,
    customer: user.customerId ? await getCustomer(ctx, user.customerId) : null,
    customer_role: user.customerId ? user.customerRole : null,
    order_limit: limits?.orderLimit ?? null,
    monthly_limit: limits?.monthlyLimit ?? null,
    ordering_blocked: user.customerId ? await orderingBlockedMessage(ctx, user.customerId) : null,
    ...(await twoFactorFields(ctx, user)),
  };
}

/**
 * A new session for a user, ending the one the browser held before (no fixation, no orphan). It
 * slides by SESSION_TTL_HOURS but never outlives its absolute lifetime (absoluteLifetimeMs).
 */
export async function openSession(ctx: Ctx, user: UserRow, client: Client) {
  if (client.previousSession) await endSessionByToken(ctx, client.previousSession);
  const sessionToken = randomToken();
  const now = ctx.now();
  const expiresAt = slidingExpiry(ctx, user, now, now);
  await q.insertSession(ctx.db, {
    tokenHash: sha256(sessionToken),
    userId: user.id,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
    expiresAt,
    lastSeenAt: now,
    createdAt: now,
  });
  await recordAudit(ctx, { action: 'sign-in', user: { id: user.id, email: user.email }, ip: client.ip });
  return { sessionToken, expiresAt };
}

async function endSessionByToken(ctx: Ctx, token: string) {
  const tokenHash = sha256(token);
  ctx.sessions.delete(tokenHash);
  await q.deleteSessionByTokenHash(ctx.db, tokenHash);
}

/** Staff sessions end after 12 hours whatever happens, customers' after 30 days (configurable). */
function absoluteLifetimeMs(ctx: Pick<Ctx, 'config'>, user: Pick<UserRow, 'isSuperAdmin' | 'customerId'>) {
  const staff = user.isSuperAdmin || user.customerId === null;
  return (staff ? ctx.config.sessionMaxHours.staff : ctx.config.sessionMaxHours.customer) * 3_600_000;
}

function slidingExpiry(ctx: Pick<Ctx, 'config'>, user: UserRow, startedAt: Date, now: Date): Date {
  const sliding = now.getTime() + ctx.config.sessionTtlHours * 3_600_000;
  return new Date(Math.min(sliding, startedAt.getTime() + absoluteLifetimeMs(ctx, user)));
}

/** POST /login (SPEC §7, §8): throttled (throttle.service.ts), constant-time on unknown e-mails. */
export async function login(
  ctx: Ctx,
  input: LoginInput,
  client: Client,
): Promise<SessionOpened | TwoFactorPending> {
  await assertSignInAllowed(ctx, { email: input.email, ip: client.ip, deviceCookie: client.deviceCookie });
  const user = await q.findUserByEmail(ctx.db, input.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !valid) {
    await recordSignInFailure(ctx, input.email, client.ip);
    await recordAudit(ctx, {
      action: 'sign-in-failed',
      user: { id: user?.id ?? null, email: input.email },
      ip: client.ip,
    });
    throw ValidationError.field('email', messages.credentialsMismatch);
  }
  assertNotDisabled(user);
  // Second factor on: no session and no throttle reset until its code (two-factor-challenge.service.ts).
  if (user.totpEnabledAt) return { twoFactorUserId: user.id };
  await clearSignInFailures(ctx, input.email, client.ip);
  const session = await openSession(ctx, user, client);
  return { user: await toCurrentUser(ctx, user), ...session };
}

/**
 * A disabled account is told so, but only after the right password (and second factor): whoever
 * lacks them learns nothing beyond the usual mismatch, while its owner learns why and whom to ask.
 */
export function assertNotDisabled(user: { disabledAt: Date | null }, field = 'email'): void {
  if (user.disabledAt) throw ValidationError.field(field, messages.accountDisabled);
}

export async function logout(ctx: Ctx): Promise<void> {
  const sessionId = ctx.actor?.sessionId;
  if (!sessionId) return;
  ctx.sessions.deleteWhere((s) => s.actor.sessionId === sessionId);
  await q.deleteSession(ctx.db, sessionId);
}

/**
 * POST /register: a customer and their sign-in account in one transaction, then signed in. The VAT
 * number is also asked of VIES (outside the transaction, as 'My data' does); a company signing up while
 * the shop asks for it waits for staff approval (issue 22, DESIGN §6 rule 18).
 */
export async function register(ctx: Ctx, input: RegisterInput, client: Client): Promise<SessionOpened> {
  const names = [input.firstname, input.lastname, input.company];
  await assertPasswordNotGuessable(ctx, input.password, { email: input.email, names });
  if (input.vat_id && (await verifyVatNumber(ctx, input.vat_id, input.country)) === 'invalid') {
    throw ValidationError.field('vat_id', messages.vatNumberInvalid);
  }
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx, async (tx) => {
    if ((await q.findUserByEmail(tx.db, input.email)) || (await customerEmailTaken(tx, input.email))) {
      throw ValidationError.field('email', messages.emailTaken);
    }
    const waits = await signUpWaitsForApproval(tx, input.type);
    const customer = await createCustomer(tx, {
      type: input.type,
      company: input.type === 'G' ? input.company : undefined,
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email,
      country: input.country,
      vatId: input.vat_id,
      taxNumber: input.tax_number,
      sdiCode: input.sdi_code,
      pec: input.pec,
      newsletter: input.newsletter,
      approvalRequestedAt: waits ? tx.now() : null,
    });
    const user = await q.insertUser(tx.db, {
      email: input.email,
      passwordHash,
      customerId: customer.id,
      customerRole: 'admin',
    });
    const session = await openSession(tx, user, client);
    return { user: await toCurrentUser(tx, user), ...session };
  });
}

/**
 * POST /forgot-password: mails a one-hour reset link when the e-mail is known. The answer is the same
 * either way, so the form cannot be used to find out who is a customer.
 */
export async function forgotPassword(ctx: Ctx, email: string): Promise<void> {
  const user = await q.findUserByEmail(ctx.db, email);
  // A disabled account gets no link: a new password would not let it back in anyway.
  if (!user || user.disabledAt) return;
  const now = ctx.now();
  const latest = await q.findLatestPasswordReset(ctx.db, user.id);
  if (latest && now.getTime() - latest.createdAt.getTime() < RESET_RESEND_MS) return;
  const token = randomToken();
  await q.insertPasswordReset(ctx.db, {
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    createdAt: now,
  });
  const link = `${ctx.config.appUrl}/reset-password/${token}?email=${encodeURIComponent(email)}`;
  await ctx.mailer.send({
    to: email,
    subject: 'Reset your password / Reimposta la password',
    text: [
      "Hai chiesto di reimpostare la password. Apri questo link entro un'ora:",
      'You asked to reset your password. Open this link within one hour:',
      '',
      link,
      '',
      'Se non sei stato tu, ignora questo messaggio. / If it was not you, ignore this message.',
    ].join('\n'),
  });
  ctx.log.info({ userId: user.id }, 'password reset link sent');
}

/**
 * A one-time link to set the password of an account created without one (a staff invitation, the
 * first admin of setup): the reset-password page, valid for `ttlMs`. Written in the caller's transaction.
 */
export async function createSetPasswordLink(
  ctx: Pick<Ctx, 'db' | 'config' | 'now'>,
  user: { id: number; email: string },
  ttlMs: number,
): Promise<string> {
  const token = randomToken();
  const now = ctx.now();
  await q.insertPasswordReset(ctx.db, {
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  });
  return `${ctx.config.appUrl}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
}

/**
 * POST /reset-password: sets the new password once per link, signs the user out everywhere and
 * revokes every API token, with a mail saying so (issue 17).
 */
export async function resetPassword(ctx: Ctx, input: ResetPasswordInput): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const { user, revoked } = await inTransaction(ctx, async (tx) => {
    const row = await q.findUsablePasswordReset(tx.db, sha256(input.token), tx.now());
    if (!row || row.user.email !== input.email)
      throw ValidationError.field('email', messages.resetTokenInvalid);
    // An invitation link mailed before the account was disabled must not bring it back.
    assertNotDisabled(row.user);
    await assertPasswordNotGuessable(tx, input.password, row.user);
    await q.updateUserPassword(tx.db, row.user.id, passwordHash);
    await q.markPasswordResetUsed(tx.db, row.reset.id, tx.now());
    await q.deleteUserSessions(tx.db, row.user.id);
    forgetUserSessions(tx.sessions, row.user.id);
    const owner = { id: row.user.id, email: row.user.email };
    await recordAudit(tx, { action: 'password-reset', user: owner, entity: 'user', entityId: owner.id });
    return { user: owner, revoked: await revokeAllApiTokens(tx, owner) };
  });
  sendApiTokensRevokedMail(ctx, user.email, 'password-reset', revoked);
}

/** The CSRF/signing key: APP_KEY when configured, else generated once and shared through the database. */
export async function loadSigningKey(db: Ctx['db'], appKey: string | undefined): Promise<Buffer> {
  const value = appKey ?? (await q.getOrCreateSetting(db, 'app_key', randomToken(48)));
  return Buffer.from(value);
}

export async function updatePassword(
  ctx: Pick<Ctx, 'db'>,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await q.updateUserPassword(ctx.db, userId, passwordHash);
}

/** Ends every session of a user except, when given, the one the request comes from. */
export async function signOutOtherSessions(
  ctx: Pick<Ctx, 'db' | 'sessions'>,
  userId: number,
  keepSessionId?: number | null,
) {
  forgetUserSessions(ctx.sessions, userId, keepSessionId);
  await q.deleteUserSessions(ctx.db, userId, keepSessionId);
}
