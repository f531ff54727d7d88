/** A random UUID v4; `crypto.randomUUID` only exists on secure origins, `getRandomValues` everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per order attempt: sending the same order again (a retry after a lost answer)
 * reuses its key, so the server writes it once; a changed order is a new attempt with a new key.
 */
export class AttemptKeys {
  private last: { body: string; key: string } | undefined;

  keyFor(request: unknown): string {
    const body = JSON.stringify(request);
    if (this.last?.body !== body) this.last = { body, key: newIdempotencyKey() };
    return this.last.key;
  }

  reset(): void {
    this.last = undefined;
  }
}
