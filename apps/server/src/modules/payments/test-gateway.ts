import { IdTextSchema } from '@shop/domain';
import { z } from 'zod';
import { hmac, randomToken, safeEqual, sha256 } from '../../lib/crypto';
import type { Checkout, PaymentGateway } from './payment-gateway';

/**
 * The built-in test gateway (DESIGN §8): a hosted page on our own server where the customer approves
 * or declines, then a callback signed like a real gateway's. Used when no Stripe key is configured.
 * The token in the page's URL is the capability: 32 random bytes, stored only as its SHA-256, and dead
 * once the payment is decided.
 */
export function createTestGateway(): PaymentGateway {
  return {
    name: 'test',
    async createCheckout(): Promise<Checkout> {
      const token = randomToken(32);
      return { externalId: testPaymentExternalId(token), redirectUrl: testPaymentPath(token) };
    },
  };
}

export function testPaymentPath(token: string): string {
  return `/payments/test/${token}`;
}

export function testPaymentExternalId(token: string): string {
  return sha256(token);
}

export const TEST_CALLBACK_PATH = '/api/payments/test/callback';

export const TestOutcomeSchema = z.enum(['approved', 'declined']);
export type TestOutcome = z.infer<typeof TestOutcomeSchema>;

export const TestCallbackSchema = z.object({
  payment_id: IdTextSchema,
  outcome: TestOutcomeSchema,
  /** The cents the page took: the amount of the attempt it showed. */
  amount: z.coerce.number().int().min(0).max(1_000_000_000),
  event_id: z.string().regex(/^[\w-]{16,64}$/),
  signature: z.string().max(128),
});
export type TestCallback = z.infer<typeof TestCallbackSchema>;

/** The callback key is derived from the app's signing key, so a CSRF token can never pass as one. */
function callbackKey(signingKey: Buffer): Buffer {
  return Buffer.from(hmac(signingKey, 'payments:test-gateway-callback'));
}

function signedText(c: Omit<TestCallback, 'signature'>): string {
  return `${c.payment_id}\n${c.outcome}\n${c.amount}\n${c.event_id}`;
}

/** The gateway's side: the callback reporting one decision and the amount taken, with a fresh event id and its HMAC. */
export function signTestCallback(
  signingKey: Buffer,
  payment: { id: number; amount: number },
  outcome: TestOutcome,
): string {
  const fields = { payment_id: payment.id, outcome, amount: payment.amount, event_id: randomToken(16) };
  const signature = hmac(callbackKey(signingKey), signedText(fields));
  const query = new URLSearchParams({
    ...fields,
    payment_id: String(payment.id),
    amount: String(payment.amount),
    signature,
  });
  return `${TEST_CALLBACK_PATH}?${query}`;
}

/** Our side: the callback is genuine when its HMAC matches (compared in constant time). */
export function isGenuineTestCallback(signingKey: Buffer, callback: TestCallback): boolean {
  return safeEqual(callback.signature, hmac(callbackKey(signingKey), signedText(callback)));
}
