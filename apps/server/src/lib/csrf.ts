import { hmac, randomToken, safeEqual, sha256 } from './crypto';

/**
 * Signed double-submit CSRF tokens (DESIGN §5, Sanctum's XSRF-TOKEN): the token is a nonce and its
 * HMAC bound to the session cookie, so it needs no server state yet cannot be reused across sessions
 * or minted by another site. Any instance holding the key can check it.
 */
export function issueCsrfToken(key: Buffer, sessionCookie: string | undefined): string {
  const nonce = randomToken(16);
  return `${nonce}.${hmac(key, `${nonce}|${binding(sessionCookie)}`)}`;
}

export function isValidCsrfToken(
  key: Buffer,
  sessionCookie: string | undefined,
  cookieToken: string | undefined,
  headerToken: string | undefined,
): boolean {
  if (!cookieToken || !headerToken || !safeEqual(cookieToken, headerToken)) return false;
  const [nonce, mac, extra] = headerToken.split('.');
  if (!nonce || !mac || extra !== undefined) return false;
  return safeEqual(mac, hmac(key, `${nonce}|${binding(sessionCookie)}`));
}

function binding(sessionCookie: string | undefined): string {
  return sessionCookie ? sha256(sessionCookie) : '';
}
