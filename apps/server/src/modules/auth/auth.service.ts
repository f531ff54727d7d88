import {
  type CurrentUser,
  type LoginInput,
  messages,
  type RegisterInput,
  type ResetPasswordInput,
  tooManyAttemptsMessage,
} from '@shop/domain';
import type { Actor, Ctx } from '../../lib/context';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { TooManyRequestsError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { createCustomer, customerEmailTaken, getCustomer } from '../customers/customers.service';
import * as q from './auth.queries';
import { forgetUserSessions } from './session-cache';

/** DESIGN §5 throttle: 5 failures per e-mail and IP a minute, 50 per e-mail an hour. */
const THROTTLE = [
  { limit: 5, windowMs: 60_000, perIp: true },
  { limit: 50, windowMs: 3_600_000, perIp: false },
] as const;
const RESET_TOKEN_TTL_MS = 60 * 60_000;
const RESET_RESEND_MS = 60_000;
/** Compared against when the e-mail is unknown, so both paths take the same time. */
const dummyHash = hashPassword('not-a-real-password-1!A');

export type SessionOpened = { user: CurrentUser; sessionToken: string; expiresAt: Date };
type Client = { ip: string; userAgent: string | undefined };

type UserRow = { id: number; email: string; isSuperAdmin: boolean; customerId: number | null };

function toActor(user: UserRow, via: Pick<Actor, 'sessionId' | 'tokenId'>): Actor {
  return {
    userId: user.id,
    email: user.email,
    isSuperAdmin: user.isSuperAdmin,
    customerId: user.customerId,
    ...via,
  };
}

/** The actor behind a session cookie, sliding the session forward when half of it is used. */
export async function actorFromSession(ctx: Omit<Ctx, 'actor'>, sessionToken: string): Promise<Actor | null> {
  const now = ctx.now();
  const tokenHash = sha256(sessionToken);
  const cached = ctx.sessions.get(tokenHash);
  if (cached && cached.expiresAt > now.getTime()) return cached.actor;
  const row = await q.findSessionByTokenHash(ctx.db, tokenHash, now);
  if (!row) return null;
  const ttl = ctx.config.sessionTtlHours * 3_600_000;
  let expiresAt = row.expiresAt.getTime();
  if (expiresAt - now.getTime() < ttl / 2) {
    expiresAt = now.getTime() + ttl;
    await q.extendSession(ctx.db, row.sessionId, new Date(expiresAt), now);
  }
  const actor = toActor(row.user, { sessionId: row.sessionId, tokenId: null });
  ctx.sessions.set(tokenHash, { actor, expiresAt });
  return actor;
}

/** The actor behind a personal API token (`Authorization: Bearer`). */
export async function actorFromApiToken(ctx: Omit<Ctx, 'actor'>, token: string): Promise<Actor | null> {
  const row = await q.findApiTokenByHash(ctx.db, sha256(token));
  if (!row) return null;
  const now = ctx.now();
  if (!row.token.lastUsedAt || now.getTime() - row.token.lastUsedAt.getTime() > 60_000) {
    await q.touchApiToken(ctx.db, row.token.id, now);
  }
  return toActor(row.user, { sessionId: null, tokenId: row.token.id });
}

/** SPEC §3 User as GET /api/user returns it; the actor already holds the user's own fields. */
export async function currentUser(ctx: Ctx): Promise<CurrentUser> {
  const actor = ctx.actor;
  if (!actor) throw new UnauthenticatedError();
  return toCurrentUser(ctx, {
    id: actor.userId,
    email: actor.email,
    isSuperAdmin: actor.isSuperAdmin,
    customerId: actor.customerId,
  });
}

async function toCurrentUser(ctx: Pick<Ctx, 'db'>, user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    is_super_admin: user.isSuperAdmin,
    customer: user.customerId ? await getCustomer(ctx, user.customerId) : null,
  };
}

async function assertNotThrottled(ctx: Ctx, email: string, ip: string) {
  const now = ctx.now().getTime();
  for (const rule of THROTTLE) {
    const since = new Date(now - rule.windowMs);
    const { failures, oldest } = await q.countLoginFailures(
      ctx.db,
      since,
      email,
      rule.perIp ? ip : undefined,
    );
    if (failures >= rule.limit && oldest) {
      const seconds = Math.max(1, Math.ceil((oldest.getTime() + rule.windowMs - now) / 1000));
      throw new TooManyRequestsError(tooManyAttemptsMessage(seconds), seconds);
    }
  }
}

async function openSession(ctx: Ctx, userId: number, client: Client) {
  const sessionToken = randomToken();
  const expiresAt = new Date(ctx.now().getTime() + ctx.config.sessionTtlHours * 3_600_000);
  await q.insertSession(ctx.db, {
    tokenHash: sha256(sessionToken),
    userId,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
    expiresAt,
  });
  return { sessionToken, expiresAt };
}

/** POST /login (SPEC §7, §8): throttled, constant-time on unknown e-mails. */
export async function login(ctx: Ctx, input: LoginInput, client: Client): Promise<SessionOpened> {
  await assertNotThrottled(ctx, input.email, client.ip);
  const user = await q.findUserByEmail(ctx.db, input.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !valid) {
    await q.insertLoginFailure(ctx.db, input.email, client.ip, ctx.now());
    throw ValidationError.field('email', messages.credentialsMismatch);
  }
  await q.clearLoginFailures(ctx.db, input.email, client.ip);
  const session = await openSession(ctx, user.id, client);
  return { user: await toCurrentUser(ctx, user), ...session };
}

export async function logout(ctx: Ctx): Promise<void> {
  const sessionId = ctx.actor?.sessionId;
  if (!sessionId) return;
  ctx.sessions.deleteWhere((s) => s.actor.sessionId === sessionId);
  await q.deleteSession(ctx.db, sessionId);
}

/** POST /register: a customer and their sign-in account in one transaction, then signed in. */
export async function register(ctx: Ctx, input: RegisterInput, client: Client): Promise<SessionOpened> {
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx, async (tx) => {
    if ((await q.findUserByEmail(tx.db, input.email)) || (await customerEmailTaken(tx, input.email))) {
      throw ValidationError.field('email', messages.emailTaken);
    }
    const customer = await createCustomer(tx, {
      type: input.type,
      company: input.type === 'G' ? input.company : undefined,
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email,
      country: input.country,
      vatId: input.vat_id,
      taxNumber: input.tax_number,
      newsletter: input.newsletter,
    });
    const user = await q.insertUser(tx.db, { email: input.email, passwordHash, customerId: customer.id });
    const session = await openSession(tx, user.id, client);
    return { user: await toCurrentUser(tx, user), ...session };
  });
}

/**
 * POST /forgot-password: mails a one-hour reset link when the e-mail is known. The answer is the same
 * either way, so the form cannot be used to find out who is a customer.
 */
export async function forgotPassword(ctx: Ctx, email: string): Promise<void> {
  const user = await q.findUserByEmail(ctx.db, email);
  if (!user) return;
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

/** POST /reset-password: sets the new password once per link and signs the user out everywhere. */
export async function resetPassword(ctx: Ctx, input: ResetPasswordInput): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx, async (tx) => {
    const row = await q.findUsablePasswordReset(tx.db, sha256(input.token), tx.now());
    if (!row || row.user.email !== input.email)
      throw ValidationError.field('email', messages.resetTokenInvalid);
    await q.updateUserPassword(tx.db, row.user.id, passwordHash);
    await q.markPasswordResetUsed(tx.db, row.reset.id, tx.now());
    await q.deleteUserSessions(tx.db, row.user.id);
    forgetUserSessions(tx.sessions, row.user.id);
  });
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
