import { messages, type OrderRefund, paymentBalance } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { markOrderInvoicesPaid } from '../documents/invoice-payments.service';
import { changeOrderStatus } from '../orders/orders.service';
import { awaitsPayment, type PaymentGateway } from './payment-gateway';
import * as q from './payments.queries';
import { configuredGateway } from './payments.service';

/**
 * Refunds (DESIGN §6 rule 16): what an order collected beyond what it owes (everything, once it is
 * cancelled) goes back to the customer. The refund is taken from the latest approved payments first;
 * through the provider when it took the money and can refund (Stripe), else recorded as refunded by
 * hand by the staff member who pressed Refund.
 */

type Part = { paymentId: number; before: number; amount: number; externalId: string; gateway: string };

/** Which approved payments give back how much, newest first. */
function planRefund(payments: q.PaymentRecord[], due: number): Part[] {
  const parts: Part[] = [];
  let left = due;
  for (const p of [...payments].reverse()) {
    if (left === 0) break;
    if (p.status !== 'approved') continue;
    const refundable = (p.amountPaid ?? p.amount) - p.refundedAmount;
    const amount = Math.min(left, refundable);
    if (amount <= 0) continue;
    parts.push({
      paymentId: p.id,
      before: p.refundedAmount,
      amount,
      externalId: p.externalId,
      gateway: p.gateway,
    });
    left -= amount;
  }
  return parts;
}

/**
 * POST /api/orders/{orderNo}/refunds (staff): refunds what is due. The provider is called before the
 * transaction, with a key naming the payment and what it had refunded, so a double click or a retry
 * refunds once; the transaction then records each part only if no other refund was recorded since.
 * An order awaiting payment that the refund leaves paid to the cent is confirmed.
 */
export async function refundOrder(
  ctx: Ctx,
  orderNo: string,
  gateway: PaymentGateway | null = configuredGateway(ctx.config),
): Promise<OrderRefund> {
  const found = await q.findOrderToPayByNo(ctx.db, orderNo);
  if (!found) throw new NotFoundError();
  const payments = await q.listPayments(ctx.db, found.id);
  const { refundDue } = paymentBalance(found, payments);
  if (refundDue === 0) throw new ConflictError(messages.nothingToRefund);
  const parts = planRefund(payments, refundDue);
  const references = new Map<number, string>();
  for (const part of parts) {
    if (!gateway?.refund || part.gateway !== gateway.name) continue;
    const key = `refund-${part.paymentId}-${part.before}`;
    const { reference } = await gateway.refund({ externalId: part.externalId, amount: part.amount, key });
    references.set(part.paymentId, reference);
  }
  return inTransaction(ctx, async (tx) => {
    const order = await q.findOrderToPay(tx.db, found.id, true);
    if (!order) throw new NotFoundError();
    let refunded = 0;
    for (const part of parts) {
      const reference = references.get(part.paymentId) ?? null;
      const at = tx.now();
      if (
        await q.recordRefund(
          tx.db,
          { id: part.paymentId, before: part.before },
          { amount: part.amount, at, reference },
        )
      )
        refunded += part.amount;
    }
    if (refunded === 0) throw new ConflictError(messages.nothingToRefund);
    const balance = paymentBalance(order, await q.listPayments(tx.db, order.id));
    if (balance.due === 0 && balance.refundDue === 0 && awaitsPayment(order)) {
      if (order.status === 'failed_payment') await changeOrderStatus(tx, order.id, 'pending', null);
      await changeOrderStatus(tx, order.id, 'confirmed', ctx.actor?.userId ?? null);
      if (!order.paidAt) {
        await q.setOrderPaidAt(tx.db, order.id, tx.now());
        await markOrderInvoicesPaid(tx, order.id, tx.now());
      }
    }
    return { refunded, via: references.size > 0 ? 'gateway' : 'by_hand' };
  });
}
