import { tooManyAttemptsMessage, tooManyRequestsMessage } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { hmac, safeEqual } from '../../lib/crypto';
import { TooManyRequestsError } from '../../lib/errors';
import * as q from './throttle.queries';

/**
 * Sign-in throttling an attacker cannot turn against the owner (issue 17 point 5):
 * - per (e-mail, IP): DESIGN §5's 5 failures a minute, then wait; only the attacker's address waits;
 * - per e-mail across addresses: after 10 failures in an hour, a delay since the latest failure that
 *   doubles with each further one (at most 5 minutes) instead of an hour's lock-out, and none at all
 *   for a browser that has signed in to that account before (its device cookie);
 * - per IP across e-mails (credential stuffing): 20 failures in 10 minutes, then wait.
 */
export const SIGN_IN_THROTTLE = {
  perEmailAndIp: { limit: 5, windowMs: 60_000 },
  perEmail: { freeFailures: 10, windowMs: 3_600_000, maxDelayMs: 300_000 },
  perIp: { limit: 20, windowMs: 600_000 },
} as const;

type Attempt = { email: string; ip: string; deviceCookie: string | undefined };

function secondsUntil(at: number, now: number) {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

/** Throws the SPEC's 429 when this attempt must wait; the owner's own browser never waits for others. */
export async function assertSignInAllowed(ctx: Ctx, attempt: Attempt): Promise<void> {
  const now = ctx.now().getTime();
  const { perEmailAndIp, perEmail, perIp } = SIGN_IN_THROTTLE;
  const waits: number[] = [];

  const own = await q.countLoginFailures(ctx.db, new Date(now - perEmailAndIp.windowMs), attempt);
  if (own.failures >= perEmailAndIp.limit && own.oldest) {
    waits.push(own.oldest.getTime() + perEmailAndIp.windowMs);
  }
  const fromIp = await q.countLoginFailures(ctx.db, new Date(now - perIp.windowMs), { ip: attempt.ip });
  if (fromIp.failures >= perIp.limit && fromIp.oldest) waits.push(fromIp.oldest.getTime() + perIp.windowMs);

  if (!isKnownDevice(ctx, attempt.email, attempt.deviceCookie)) {
    const forEmail = await q.countLoginFailures(ctx.db, new Date(now - perEmail.windowMs), {
      email: attempt.email,
    });
    const beyond = forEmail.failures - perEmail.freeFailures;
    if (beyond >= 0 && forEmail.latest) {
      const delay = Math.min(perEmail.maxDelayMs, 1000 * 2 ** beyond);
      waits.push(forEmail.latest.getTime() + delay);
    }
  }
  const until = Math.max(...waits.filter((at) => at > now), 0);
  if (until > now) {
    const seconds = secondsUntil(until, now);
    throw new TooManyRequestsError(tooManyAttemptsMessage(seconds), seconds);
  }
}

/** A wrong password or second factor: counted for its e-mail and its address. */
export async function recordSignInFailure(ctx: Pick<Ctx, 'db' | 'now'>, email: string, ip: string) {
  await q.insertLoginFailure(ctx.db, email, ip, ctx.now());
}

export async function clearSignInFailures(ctx: Pick<Ctx, 'db'>, email: string, ip: string) {
  await q.clearLoginFailures(ctx.db, email, ip);
}

/**
 * The device cookie (OWASP's answer to account lock-out): set on a successful sign-in, it names the
 * account and is signed, so only a browser that signed in to that account carries a valid one.
 */
export function deviceCookieFor(ctx: Pick<Ctx, 'signingKey'>, email: string): string {
  const name = Buffer.from(email.toLowerCase()).toString('base64url');
  return `${name}.${hmac(ctx.signingKey, `device|${name}`)}`;
}

function isKnownDevice(ctx: Pick<Ctx, 'signingKey'>, email: string, cookie: string | undefined) {
  return cookie !== undefined && safeEqual(cookie, deviceCookieFor(ctx, email));
}

/** A per-address limit on a public or costly route (route config `rateLimit`). */
export type RateLimit = { bucket: string; limit: number; windowMs: number };

export const RATE_LIMITS = {
  register: { bucket: 'register', limit: 10, windowMs: 3_600_000 },
  forgotPassword: { bucket: 'forgot-password', limit: 10, windowMs: 3_600_000 },
  tokenCreation: { bucket: 'token-creation', limit: 10, windowMs: 3_600_000 },
  setup: { bucket: 'setup', limit: 10, windowMs: 3_600_000 },
  /** The VAT number's live check, public for the sign-up form (each check may ask VIES). */
  vatCheck: { bucket: 'vat-check', limit: 120, windowMs: 3_600_000 },
} as const satisfies Record<string, RateLimit>;

/** Counts this request against its address's limit, or throws 429 with the seconds to wait. */
export async function consumeRateLimit(ctx: Pick<Ctx, 'db' | 'now'>, rule: RateLimit, ip: string) {
  const now = ctx.now().getTime();
  const { hits, oldest } = await q.countRateLimitHits(ctx.db, rule.bucket, ip, new Date(now - rule.windowMs));
  if (hits >= rule.limit && oldest) {
    const seconds = secondsUntil(oldest.getTime() + rule.windowMs, now);
    throw new TooManyRequestsError(tooManyRequestsMessage(seconds), seconds);
  }
  await q.insertRateLimitHit(ctx.db, rule.bucket, ip, ctx.now());
}
