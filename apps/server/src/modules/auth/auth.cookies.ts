import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Deps } from '../../lib/context';
import { issueCsrfToken } from '../../lib/csrf';

export const CSRF_HEADER = 'x-xsrf-token';

/**
 * The session and XSRF cookie names. Over https they carry the `__Host-` prefix (issue 17 point 1):
 * the browser then only accepts them Secure, on path '/' and without a Domain, so a sibling subdomain
 * cannot plant or overwrite them.
 */
export function cookieNames(config: Pick<Config, 'cookieSecure'>): { session: string; csrf: string } {
  const prefix = config.cookieSecure ? '__Host-' : '';
  return { session: `${prefix}sonora_session`, csrf: `${prefix}XSRF-TOKEN` };
}

function cookieOptions(deps: Deps) {
  return { path: '/', sameSite: 'lax', secure: deps.config.cookieSecure } as const;
}

/** Sets a fresh XSRF-TOKEN bound to the given session cookie (or to none). */
export function setCsrfCookie(deps: Deps, reply: FastifyReply, sessionCookie: string | undefined): void {
  reply.setCookie(cookieNames(deps.config).csrf, issueCsrfToken(deps.signingKey, sessionCookie), {
    ...cookieOptions(deps),
    httpOnly: false,
  });
}

export function setSessionCookie(deps: Deps, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(cookieNames(deps.config).session, token, {
    ...cookieOptions(deps),
    httpOnly: true,
    expires: expiresAt,
  });
  setCsrfCookie(deps, reply, token);
}

export function clearSessionCookie(deps: Deps, reply: FastifyReply): void {
  // Browsers ignore a __Host- cookie's removal unless it is Secure too.
  reply.clearCookie(cookieNames(deps.config).session, { ...cookieOptions(deps), httpOnly: true });
  setCsrfCookie(deps, reply, undefined);
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}
