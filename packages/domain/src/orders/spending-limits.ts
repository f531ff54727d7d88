import { shopDateOf } from './shipping-request';

/**
 * DESIGN §6 rule 18, issue 19: a buyer's optional limits, net EUR cents: per order and per calendar
 * month (Europe/Rome). An order over either is placed `awaiting_approval` with the reason.
 */
export type SpendingLimits = { orderLimit: number | null; monthlyLimit: number | null };

/**
 * Why an order waits: a buyer's limits (his company's approvers decide), the customer's credit
 * (issue 20 point 3: over the credit limit or with overdue invoices; staff decide), or a new account
 * staff have not approved yet (issue 22; staff decide).
 */
export const APPROVAL_REASONS = [
  'order_limit',
  'monthly_limit',
  'credit_limit',
  'overdue_invoices',
  'new_account',
] as const;
export type ApprovalReason = (typeof APPROVAL_REASONS)[number];

/** The shop's calendar month (Europe/Rome) of an instant, as YYYY-MM: what a monthly limit counts. */
export function shopMonthOf(instant: Date): string {
  return shopDateOf(instant).slice(0, 7);
}

/**
 * Why an order of `orderNet` needs approval, or null. `spentThisMonth` is the net of the buyer's orders
 * of the same month that count (not cancelled, not waiting for approval: those count once approved).
 * A limit is reached, not exceeded, at its exact amount.
 */
export function approvalReasonFor(
  limits: SpendingLimits,
  orderNet: number,
  spentThisMonth: number,
): ApprovalReason | null {
  if (limits.orderLimit !== null && orderNet > limits.orderLimit) return 'order_limit';
  if (limits.monthlyLimit !== null && spentThisMonth + orderNet > limits.monthlyLimit) return 'monthly_limit';
  return null;
}
