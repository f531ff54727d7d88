import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../lib/context';
import { issueCsrfToken } from '../../lib/csrf';

export const SESSION_COOKIE = 'sonora_session';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

/** Sets a fresh XSRF-TOKEN bound to the given session cookie (or to none). */
export function setCsrfCookie(deps: Deps, reply: FastifyReply, sessionCookie: string | undefined): void {
  reply.setCookie(CSRF_COOKIE, issueCsrfToken(deps.signingKey, sessionCookie), {
    path: '/',
    sameSite: 'lax',
    secure: deps.config.cookieSecure,
    httpOnly: false,
  });
}

export function setSessionCookie(deps: Deps, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure: deps.config.cookieSecure,
    httpOnly: true,
    expires: expiresAt,
  });
  setCsrfCookie(deps, reply, token);
}

export function clearSessionCookie(deps: Deps, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  setCsrfCookie(deps, reply, undefined);
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}
