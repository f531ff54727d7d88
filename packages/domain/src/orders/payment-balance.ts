import type { OrderStatus } from './status-machine';

/** A payment attempt as the balance sees it (cents). */
export type BalancePayment = {
  status: string;
  /** The amount due when the attempt was opened. */
  amount: number;
  /** What the gateway reported taking, when it said; else the amount asked. */
  amountPaid: number | null;
  refundedAmount: number;
};

export type PaymentBalance = {
  /** Money kept: approved payments less refunds. */
  paid: number;
  /** Still to pay: the total less what was paid (nothing on a cancelled order). */
  due: number;
  /** To give back: paid beyond the total, or anything paid for a cancelled order. */
  refundDue: number;
};

/**
 * DESIGN §6 rule 16: what an order has collected against what it charges. Only approved payments
 * moved money; every refund given back counts, whichever attempt it was on. Issue 21 point 5: what a
 * return's refund gave back (its credit note's total) is no longer owed, so the refund of a return
 * paid through the provider leaves the balance even: neither due again nor to refund a second time.
 */
export function paymentBalance(
  order: { total: number; status: OrderStatus; returnsRefunded?: number },
  payments: readonly BalancePayment[],
): PaymentBalance {
  const taken = payments
    .filter((p) => p.status === 'approved')
    .reduce((sum, p) => sum + (p.amountPaid ?? p.amount), 0);
  const paid = taken - payments.reduce((sum, p) => sum + p.refundedAmount, 0);
  const owed = order.status === 'cancelled' ? 0 : order.total - (order.returnsRefunded ?? 0);
  return { paid, due: Math.max(0, owed - paid), refundDue: Math.max(0, paid - owed) };
}

/** An attempt still open that was opened for an earlier version of the order is void (rule 16). */
export function attemptStatus(
  payment: { status: string; orderVersion: number | null },
  orderVersion: number,
): string {
  const stale = payment.orderVersion !== null && payment.orderVersion !== orderVersion;
  return payment.status === 'pending' && stale ? 'voided' : payment.status;
}
