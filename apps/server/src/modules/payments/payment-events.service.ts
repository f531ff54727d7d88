import { paymentBalance } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { AppError, NotFoundError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { markOrderInvoicesPaid } from '../documents/invoice-payments.service';
import { changeOrderStatus } from '../orders/orders.service';
import { awaitsPayment, type GatewayEvent } from './payment-gateway';
import { sendRefundDueMail } from './payment-mail';
import * as q from './payments.queries';
import { parseStripeWebhook, StripeSignatureError } from './stripe-gateway';

/** What applying a report decided: the order it is about, and money to give back when some arrived unowed. */
export type AppliedEvent = { orderNo: string; refundDue: number; email: string | null; language: string };

/**
 * Applies what a gateway reported (DESIGN §8, §6 rules 10 and 16): in ONE transaction the event is
 * recorded, the payment approved or declined, and the order confirmed only when what it has collected
 * equals its total to the cent: pending → confirmed (paid_at set), or a registered SEPA order
 * registered → confirmed. A payment of another amount (opened before an edit, or a gateway reporting
 * a different sum) is kept and counted: the order stays payable for the difference, or shows a refund
 * due; a payment for a cancelled order is all refund due. A decline moves pending → failed_payment (a
 * registered SEPA order stays registered to be authorised again). An event id seen before changes
 * nothing, so gateways may retry freely. Returns null when the payment is not ours.
 */
export async function applyGatewayEvent(ctx: Ctx, event: GatewayEvent): Promise<AppliedEvent | null> {
  const applied = await inTransaction(ctx, async (tx) => {
    const key = 'id' in event.payment ? event.payment : { gateway: event.gateway, ...event.payment };
    const row = await q.lockPayment(tx.db, key);
    const found = row && row.payment.gateway === event.gateway ? row : undefined;
    const fresh = await q.insertPaymentEvent(tx.db, {
      gateway: event.gateway,
      eventId: event.eventId,
      paymentId: found?.payment.id ?? null,
      type: event.type,
      payload: event.payload,
    });
    if (!found) return null;
    let refundDue = 0;
    if (fresh && event.outcome === 'approved') refundDue = await approve(tx, found.payment, event.amount);
    if (fresh && event.outcome === 'declined') await decline(tx, found.payment);
    const outcome = fresh ? event.outcome : null;
    return { orderNo: found.orderNo, orderId: found.payment.orderId, refundDue, outcome };
  });
  if (!applied) return null;
  if (applied.outcome) ctx.metrics.payments.inc({ gateway: event.gateway, outcome: applied.outcome });
  const order = await q.findOrderToPay(ctx.db, applied.orderId);
  const answer = {
    orderNo: applied.orderNo,
    refundDue: applied.refundDue,
    email: order?.customerEmail ?? null,
    language: order?.customerLanguage ?? 'it',
  };
  if (answer.refundDue > 0) sendRefundDueMail(ctx, answer);
  return answer;
}

/** Records the money taken and settles the order; answers what arrived that the order does not owe. */
async function approve(ctx: Ctx, payment: q.PaymentRecord, reported: number | null): Promise<number> {
  if (payment.status === 'approved' || payment.status === 'declined') return 0;
  // A superseded or voided attempt that the customer completed anyway still moved money: it counts.
  const amountPaid = reported ?? payment.amount;
  await q.updatePaymentStatus(ctx.db, payment.id, 'approved', ctx.now(), amountPaid);
  const order = await q.findOrderToPay(ctx.db, payment.orderId, true);
  if (!order) return 0;
  const balance = paymentBalance(order, await q.listPayments(ctx.db, order.id));
  if (balance.refundDue > 0 || balance.due > 0) {
    ctx.log.warn(
      { paymentId: payment.id, orderStatus: order.status, amountPaid, ...balance },
      'payment approved for another amount than the order owes',
    );
    return balance.refundDue;
  }
  if (awaitsPayment(order)) {
    if (order.status === 'failed_payment') await changeOrderStatus(ctx, order.id, 'pending', null);
    await changeOrderStatus(ctx, order.id, 'confirmed', null);
  }
  // Staff may have moved the order on before the money arrived (a SEPA debit settling): paid now.
  if (!order.paidAt) {
    await q.setOrderPaidAt(ctx.db, order.id, ctx.now());
    await markOrderInvoicesPaid(ctx, order.id, ctx.now());
  }
  return 0;
}

async function decline(ctx: Ctx, payment: q.PaymentRecord): Promise<void> {
  // Only the open attempt decides: a superseded one declining leaves the newer attempt running.
  if (payment.status !== 'pending') return;
  await q.updatePaymentStatus(ctx.db, payment.id, 'declined', ctx.now());
  // A registered SEPA order keeps its status: the customer may authorise the debit again.
  const order = await q.findOrderToPay(ctx.db, payment.orderId, true);
  if (order?.status === 'pending') await changeOrderStatus(ctx, payment.orderId, 'failed_payment', null);
}

/** POST /api/payments/stripe/webhook: verified on the raw body; events other than Checkout's are ignored. */
export async function receiveStripeWebhook(
  ctx: Ctx,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<void> {
  const secret = ctx.config.stripeWebhookSecret;
  if (!secret) throw new NotFoundError();
  let event: GatewayEvent | null;
  try {
    event = parseStripeWebhook(rawBody, signature, secret, ctx.now());
  } catch (error) {
    if (error instanceof StripeSignatureError) {
      throw new AppError(400, 'INVALID_SIGNATURE', 'The webhook signature is not valid.');
    }
    throw error;
  }
  if (event) await applyGatewayEvent(ctx, event);
}
