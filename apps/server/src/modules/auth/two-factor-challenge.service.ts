import { messages, type TwoFactorCodeInput } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { hmac, safeEqual } from '../../lib/crypto';
import { ValidationError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import {
  assertNotDisabled,
  type Client,
  openSession,
  type SessionOpened,
  toCurrentUser,
} from './auth.service';
import { clearSignInFailures } from './throttle.service';
import * as q from './two-factor.queries';
import { withSecondFactor } from './two-factor.service';

/** How long the second step of a sign-in waits for its code after the password was right. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * The password was right and the account has the second factor on: no session yet, only this signed
 * note (user and expiry, HMAC with the signing key) that the browser keeps in an httpOnly cookie for
 * POST /two-factor-challenge. Nothing is stored, so any server instance can complete it.
 */
export function issueChallenge(ctx: Pick<Ctx, 'signingKey' | 'now'>, userId: number) {
  const expiresAt = new Date(ctx.now().getTime() + CHALLENGE_TTL_MS);
  const payload = `${userId}.${expiresAt.getTime()}`;
  return { token: `${payload}.${sign(ctx, payload)}`, expiresAt };
}

function sign(ctx: Pick<Ctx, 'signingKey'>, payload: string) {
  return hmac(ctx.signingKey, `two-factor-challenge|${payload}`);
}

/** The user a challenge cookie names, when its signature holds and it has not expired. */
function challengedUserId(ctx: Pick<Ctx, 'signingKey' | 'now'>, token: string | undefined): number | null {
  const [userId, expires, signature] = token?.split('.') ?? [];
  if (!userId || !expires || !signature) return null;
  if (!safeEqual(signature, sign(ctx, `${userId}.${expires}`))) return null;
  if (Number(expires) <= ctx.now().getTime()) return null;
  return Number(userId);
}

/**
 * POST /two-factor-challenge: the second step of a sign-in. A code of the app (each accepted once) or
 * a recovery code (each usable once) opens the session exactly as POST /login does; a wrong one is
 * counted and throttled like a wrong password.
 */
export async function completeChallenge(
  ctx: Ctx,
  challenge: string | undefined,
  input: TwoFactorCodeInput,
  client: Client,
): Promise<SessionOpened> {
  const field = input.recovery_code === undefined ? 'code' : 'recovery_code';
  const userId = challengedUserId(ctx, challenge);
  const user = userId === null ? undefined : await q.findTwoFactorUser(ctx.db, userId);
  if (!user?.totpEnabledAt) throw ValidationError.field(field, messages.twoFactorChallengeExpired);
  // Disabled between the password and the code: the code is still checked before saying so.
  return withSecondFactor(
    ctx,
    user,
    input,
    client.ip,
    async (tx) => {
      assertNotDisabled(user, field);
      await clearSignInFailures(tx, user.email, client.ip);
      const session = await openSession(tx, user, client);
      return { user: await toCurrentUser(tx, user), ...session };
    },
    {
      deviceCookie: client.deviceCookie,
      onFailure: () =>
        recordAudit(ctx, {
          action: 'sign-in-failed',
          user: { id: user.id, email: user.email },
          ip: client.ip,
        }),
    },
  );
}
