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
export function cookieNames(config: Pick<Config, 'cookieSecure'>) {
  const prefix = config.cookieSecure ? '__Host-' : '';
  return {
    session: `${prefix}sonora_session`,
    csrf: `${prefix}XSRF-TOKEN`,
    /** The staff member's own session, kept aside while he is signed in as a customer (issue 19). */
    staffSession: `${prefix}sonora_staff_session`,
  };
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

/** Signs the browser out: a staff session kept aside while signed in as a customer goes too. */
export function clearSessionCookie(deps: Deps, reply: FastifyReply): void {
  // Browsers ignore a __Host- cookie's removal unless it is Secure too.
  reply.clearCookie(cookieNames(deps.config).session, { ...cookieOptions(deps), httpOnly: true });
  clearStaffSessionCookie(deps, reply);
  setCsrfCookie(deps, reply, undefined);
}

/** Keeps the staff member's session token aside while his browser is signed in as a customer. */
export function setStaffSessionCookie(deps: Deps, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(cookieNames(deps.config).staffSession, token, {
    ...cookieOptions(deps),
    httpOnly: true,
    expires: expiresAt,
  });
}

export function clearStaffSessionCookie(deps: Deps, reply: FastifyReply): void {
  reply.clearCookie(cookieNames(deps.config).staffSession, { ...cookieOptions(deps), httpOnly: true });
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}
