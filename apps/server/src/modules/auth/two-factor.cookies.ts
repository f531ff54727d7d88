import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../lib/context';
import { issueChallenge } from './two-factor-challenge.service';

/** The pending second step of a sign-in (two-factor-challenge.service.ts); `__Host-` over https. */
function challengeCookieName(deps: Pick<Deps, 'config'>) {
  return `${deps.config.cookieSecure ? '__Host-' : ''}sonora_two_factor`;
}

function options(deps: Pick<Deps, 'config'>) {
  return { path: '/', sameSite: 'lax', secure: deps.config.cookieSecure, httpOnly: true } as const;
}

export function setChallengeCookie(deps: Deps, reply: FastifyReply, userId: number): void {
  // A browser-session cookie: the five minutes are enforced by the signed expiry inside it.
  reply.setCookie(challengeCookieName(deps), issueChallenge(deps, userId).token, options(deps));
}

export function readChallengeCookie(deps: Pick<Deps, 'config'>, request: FastifyRequest): string | undefined {
  return request.cookies[challengeCookieName(deps)];
}

export function clearChallengeCookie(deps: Pick<Deps, 'config'>, reply: FastifyReply): void {
  reply.clearCookie(challengeCookieName(deps), options(deps));
}
