import { attemptStatus, type Language, messages, type PaymentMethod } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';
import { applyGatewayEvent } from './payment-events.service';
import * as q from './payments.queries';
import {
  isGenuineTestCallback,
  signTestCallback,
  type TestCallback,
  type TestOutcome,
  testPaymentExternalId,
} from './test-gateway';

/**
 * The test gateway's two sides (DESIGN §8): the hosted page and its decision play the gateway; the
 * callback is the shop receiving the gateway's signed report, as it would from a real provider.
 */

export type TestPaymentView = { orderNo: string; amount: number; method: PaymentMethod; language: Language };

/** A hosted page whose attempt was voided by a change of the order (DESIGN §6 rule 16). */
export class PaymentLinkVoided extends Error {
  constructor(
    readonly orderNo: string,
    readonly language: Language,
  ) {
    super('payment link voided by an order change');
  }
}

/** The page speaks the language of the order's customer (profile settings), Italian by default. */
function languageOf(row: { customerLanguage: string | null }): Language {
  return row.customerLanguage === 'en' ? 'en' : 'it';
}

/** Off (production without PAYMENTS_TEST_MODE, issue 18), its pages and callbacks take no payment. */
function assertTestGatewayOn(ctx: Ctx) {
  if (ctx.config.mode.payments === 'off') throw new ConflictError(messages.onlinePaymentsOff);
}

/**
 * The open attempt behind a hosted-page token: one opened before the order changed is voided (410);
 * a decided or superseded one is gone (404).
 */
async function openPayment(ctx: Ctx, token: string) {
  assertTestGatewayOn(ctx);
  const row = await q.findPaymentByExternalId(ctx.db, 'test', testPaymentExternalId(token));
  if (!row) throw new NotFoundError();
  const status = attemptStatus(row.payment, row.orderVersion);
  if (status === 'voided') throw new PaymentLinkVoided(row.orderNo, languageOf(row));
  if (status !== 'pending') throw new NotFoundError();
  return row;
}

/** GET /payments/test/{token}: what the hosted page shows. */
export async function viewTestPayment(ctx: Ctx, token: string): Promise<TestPaymentView> {
  const row = await openPayment(ctx, token);
  return {
    orderNo: row.orderNo,
    amount: row.payment.amount,
    method: row.paymentMethod,
    language: languageOf(row),
  };
}

/** POST /payments/test/{token}: the customer decided; answers the signed callback URL to send them to. */
export async function decideTestPayment(ctx: Ctx, token: string, outcome: TestOutcome): Promise<string> {
  const row = await openPayment(ctx, token);
  return signTestCallback(ctx.signingKey, row.payment, outcome);
}

/** POST /api/payments/test/callback: a genuine report is applied once; answers the order to show. */
export async function receiveTestCallback(ctx: Ctx, callback: TestCallback): Promise<string> {
  assertTestGatewayOn(ctx);
  if (!isGenuineTestCallback(ctx.signingKey, callback)) {
    throw new AppError(403, 'INVALID_SIGNATURE', 'The payment callback signature is not valid.');
  }
  const applied = await applyGatewayEvent(ctx, {
    gateway: 'test',
    eventId: callback.event_id,
    type: `payment.${callback.outcome}`,
    payment: { id: callback.payment_id },
    outcome: callback.outcome,
    amount: callback.amount,
    payload: {
      payment_id: callback.payment_id,
      outcome: callback.outcome,
      amount: callback.amount,
      event_id: callback.event_id,
    },
  });
  if (!applied) throw new NotFoundError();
  return applied.orderNo;
}
