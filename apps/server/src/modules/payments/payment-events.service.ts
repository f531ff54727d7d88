import type { Ctx } from '../../lib/context';
import { AppError, NotFoundError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { changeOrderStatus } from '../orders/orders.service';
import { awaitsPayment, type GatewayEvent } from './payment-gateway';
import * as q from './payments.queries';
import { parseStripeWebhook, StripeSignatureError } from './stripe-gateway';

/**
 * Applies what a gateway reported (DESIGN §8, §6 rule 10): in ONE transaction the event is recorded,
 * the payment approved or declined and the order moved pending → confirmed (paid_at set) or
 * pending → failed_payment. A registered SEPA order goes registered → confirmed when the debit is
 * approved and stays registered when it fails (the machine has no registered → failed_payment), to be
 * authorised again. An event id seen before changes nothing, so gateways may retry freely.
 * Returns the order's number, or null when the payment is not ours.
 */
export async function applyGatewayEvent(ctx: Ctx, event: GatewayEvent): Promise<{ orderNo: string } | null> {
  return inTransaction(ctx, async (tx) => {
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
    if (fresh && event.outcome === 'approved') await approve(tx, found.payment);
    if (fresh && event.outcome === 'declined') await decline(tx, found.payment);
    return { orderNo: found.orderNo };
  });
}

async function approve(ctx: Ctx, payment: q.PaymentRecord): Promise<void> {
  if (payment.status === 'approved' || payment.status === 'declined') return;
  // A superseded ('cancelled') attempt that the customer completed anyway still moved money: it counts.
  await q.updatePaymentStatus(ctx.db, payment.id, 'approved', ctx.now());
  const order = await q.findOrderToPay(ctx.db, payment.orderId, true);
  if (order && awaitsPayment(order)) {
    if (order.status === 'failed_payment') await changeOrderStatus(ctx, order.id, 'pending', null);
    await changeOrderStatus(ctx, order.id, 'confirmed', null);
    await q.setOrderPaidAt(ctx.db, order.id, ctx.now());
    return;
  }
  // Staff moved the order on before the money arrived (a registered SEPA order confirmed while the
  // debit settled): it is paid now, not paid twice.
  if (order && order.status !== 'cancelled' && !order.paidAt) {
    await q.setOrderPaidAt(ctx.db, order.id, ctx.now());
    return;
  }
  // Paid twice, or paid after the order was cancelled: the money needs a refund by staff.
  ctx.log.warn(
    { paymentId: payment.id, orderStatus: order?.status },
    'payment approved for an order not awaiting it',
  );
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
