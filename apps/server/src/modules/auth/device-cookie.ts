import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../lib/context';
import { deviceCookieFor } from './throttle.service';

const YEAR_MS = 365 * 86_400_000;

function deviceCookieName(deps: Pick<Deps, 'config'>) {
  return deps.config.cookieSecure ? '__Host-sonora_device' : 'sonora_device';
}

/** The browser's device cookie, if any (throttle.service.ts: it spares its owner the account's delay). */
export function readDeviceCookie(deps: Pick<Deps, 'config'>, request: FastifyRequest): string | undefined {
  return request.cookies[deviceCookieName(deps)];
}

/** Marks this browser as one that signed in to the account: kept a year, renewed at each sign-in. */
export function setDeviceCookie(deps: Deps, reply: FastifyReply, email: string): void {
  reply.setCookie(deviceCookieName(deps), deviceCookieFor(deps, email), {
    path: '/',
    sameSite: 'lax',
    secure: deps.config.cookieSecure,
    httpOnly: true,
    expires: new Date(deps.now().getTime() + YEAR_MS),
  });
}
