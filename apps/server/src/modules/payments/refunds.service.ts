import {
  messages,
  type OrderRefund,
  paymentBalance,
  type ReturnRefundMethod,
  returnMessages,
} from '@shop/domain';
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

/**
 * A return's refund (issue 21 point 5; DESIGN §6 rule 19: the refund follows the payment method):
 * through the payments that took the order's money when they can give the amount back, else by bank
 * transfer (staff pay it from the bank; nothing is recorded on payments).
 */
export type ReturnRefund = {
  method: ReturnRefundMethod;
  amount: number;
  parts: Part[];
  references: Map<number, string>;
};

/**
 * Plans the refund of `amount` on the order and, through the provider, gives it back before any
 * transaction: each part with a key naming the return and the payment, so a retry refunds once. Staff
 * record it with recordReturnRefund in the return's transaction.
 */
export async function startReturnRefund(
  ctx: Ctx,
  input: { orderId: number; amount: number; key: string },
  gateway: PaymentGateway | null = configuredGateway(ctx.config),
): Promise<ReturnRefund> {
  const payments = await q.listPayments(ctx.db, input.orderId);
  const parts = planRefund(payments, input.amount);
  const covered = parts.reduce((sum, p) => sum + p.amount, 0);
  if (input.amount === 0 || covered < input.amount)
    return { method: 'bank_transfer', amount: input.amount, parts: [], references: new Map() };
  const references = new Map<number, string>();
  for (const part of parts) {
    if (!gateway?.refund || part.gateway !== gateway.name) continue;
    const key = `${input.key}-payment-${part.paymentId}`;
    const { reference } = await gateway.refund({ externalId: part.externalId, amount: part.amount, key });
    references.set(part.paymentId, reference);
  }
  return { method: 'gateway', amount: input.amount, parts, references };
}

/** How a return's refund of `amount` would go now, for the back office to say before staff press it. */
export async function returnRefundMethod(
  ctx: Pick<Ctx, 'db'>,
  orderId: number,
  amount: number,
): Promise<ReturnRefundMethod> {
  const parts = planRefund(await q.listPayments(ctx.db, orderId), amount);
  const covered = parts.reduce((sum, p) => sum + p.amount, 0);
  return amount > 0 && covered >= amount ? 'gateway' : 'bank_transfer';
}

/**
 * Records a started refund on its payments in the caller's transaction (409 when another refund was
 * recorded on one of them since it was planned); answers the provider's references, if any.
 */
export async function recordReturnRefund(
  ctx: Pick<Ctx, 'db' | 'now'>,
  refund: ReturnRefund,
): Promise<string | null> {
  for (const part of refund.parts) {
    const reference = refund.references.get(part.paymentId) ?? null;
    const recorded = await q.recordRefund(
      ctx.db,
      { id: part.paymentId, before: part.before },
      { amount: part.amount, at: ctx.now(), reference },
    );
    if (!recorded) throw new ConflictError(returnMessages.refundChanged);
  }
  return refund.references.size > 0 ? [...refund.references.values()].join(', ') : null;
}
