/**
 * Issue 20 point 3, DESIGN §6 rule 18: credit control. Staff may block a customer (no orders at all) and
 * set a credit limit in EUR cents; credit control applies only where a limit is set.
 */

/** What stops or holds an order: blocked refuses it; the two credit reasons hold it for staff (or refuse it). */
export type CreditHold = 'blocked' | 'credit_limit' | 'overdue_invoices';

export type CreditPosition = {
  /** EUR cents, VAT included; null: no credit control. */
  creditLimit: number | null;
  blocked: boolean;
  /** What the customer owes or has ordered and not yet been invoiced, VAT included. */
  exposure: number;
  /** The oldest due date (YYYY-MM-DD) of an unpaid instalment, or null. */
  oldestUnpaidDueDate: string | null;
};

/** YYYY-MM-DD plus `days` calendar days. */
function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whether an instalment due on `dueDate` is overdue past the grace days on `today` (the shop's date). */
export function isOverduePastGrace(dueDate: string, graceDays: number, today: string): boolean {
  return plusDays(dueDate, graceDays) < today;
}

/**
 * Why an order of `orderTotal` (VAT included) is stopped or held, or null. Blocked applies always;
 * with a limit, an unpaid instalment overdue past the grace days holds any order, and an order that
 * takes the exposure over the limit holds it (exactly at the limit passes). Without a limit neither
 * holds. Blocked first, then overdue invoices (the customer must pay first), then the limit.
 */
export function creditHoldFor(
  position: CreditPosition,
  order: { total: number; graceDays: number; today: string },
): CreditHold | null {
  if (position.blocked) return 'blocked';
  if (position.creditLimit === null) return null;
  const overdue = position.oldestUnpaidDueDate;
  if (overdue !== null && isOverduePastGrace(overdue, order.graceDays, order.today))
    return 'overdue_invoices';
  if (position.exposure + order.total > position.creditLimit) return 'credit_limit';
  return null;
}

/** The reasons of credit control (issue 20 point 3): the back office's credit approvals queue. */
export const CREDIT_APPROVAL_REASONS = ['credit_limit', 'overdue_invoices'] as const;

/**
 * The reasons staff decide (DESIGN §6 rule 18): credit, and a new account not yet approved (issue 22);
 * a buyer's spending limits are his company's approvers'.
 */
export const STAFF_APPROVAL_REASONS = [...CREDIT_APPROVAL_REASONS, 'new_account'] as const;

export function decidedByStaff(reason: string | null): boolean {
  return (STAFF_APPROVAL_REASONS as readonly (string | null)[]).includes(reason);
}

/** What a customer owes per order (null: an invoice without an order), VAT included. */
export type UnpaidByOrder = { orderId: number | null; amount: number };

/**
 * Issue 20 point 3: exposure = unpaid invoices + open orders not yet invoiced, VAT included.
 * Unpaid invoices: the unpaid instalments, less the order's credit notes (what was cancelled or returned
 * after invoicing is not owed), never below zero per order: a credit note against paid invoices is
 * refunded, not a credit. Open orders: each open order's total less what its invoices already cover,
 * never below zero (orders waiting for approval count: their stock is reserved).
 */
export function exposureOf(input: {
  unpaidInstalments: readonly UnpaidByOrder[];
  creditNotes: readonly UnpaidByOrder[];
  openOrders: readonly { total: number; invoiced: number }[];
}): { unpaidInvoices: number; openOrders: number; exposure: number } {
  const owed = new Map<number | null, number>();
  for (const i of input.unpaidInstalments) owed.set(i.orderId, (owed.get(i.orderId) ?? 0) + i.amount);
  for (const c of input.creditNotes) {
    const unpaid = owed.get(c.orderId);
    if (unpaid !== undefined && c.orderId !== null) owed.set(c.orderId, Math.max(0, unpaid - c.amount));
  }
  const unpaidInvoices = [...owed.values()].reduce((sum, n) => sum + n, 0);
  const openOrders = input.openOrders.reduce((sum, o) => sum + Math.max(0, o.total - o.invoiced), 0);
  return { unpaidInvoices, openOrders, exposure: unpaidInvoices + openOrders };
}
