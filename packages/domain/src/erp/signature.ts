import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * ERP callback signatures (docs/erp-protocol.md), shared by the shop and the ERP simulator. Node only:
 * imported as `@shop/domain/erp-signature`, never through the package's browser-safe index.
 */

/** `sha256=` and the hex HMAC-SHA256, keyed with the shared ERP token, of `<timestamp>.<raw body>`. */
export function signCallback(token: string, timestamp: number, rawBody: string): string {
  return `sha256=${createHmac('sha256', token).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** Whether `signature` is the token's signature of the timestamp and body (compared in constant time). */
export function isSignedBy(token: string, timestamp: number, rawBody: string, signature: string): boolean {
  const expected = Buffer.from(signCallback(token, timestamp, rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
