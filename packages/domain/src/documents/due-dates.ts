/**
 * An invoice's due dates from its payment terms (issue 20 point 2). Dates are shop calendar dates,
 * YYYY-MM-DD (Europe/Rome); money integer cents, shares basis points summing to 10000.
 */

/** One instalment of payment terms: due `days` after the invoice date, moved to that month's last day when `endOfMonth`. */
export type TermsInstalment = { days: number; endOfMonth: boolean; share: number };

export type DueDate = { due_date: string; amount: number };

/** Terms with no instalments, or no terms at all: the whole invoice falls due on its date. */
export const IMMEDIATE_INSTALMENTS: readonly TermsInstalment[] = [
  { days: 0, endOfMonth: false, share: 10_000 },
];

function dueDateOf(invoiceDate: string, instalment: TermsInstalment): string {
  const [y, m, d] = invoiceDate.split('-').map(Number) as [number, number, number];
  const due = new Date(Date.UTC(y, m - 1, d + instalment.days));
  // Day 0 of the next month is the last day of this one (28 or 29 February included).
  const date = instalment.endOfMonth
    ? new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0))
    : due;
  return date.toISOString().slice(0, 10);
}

/**
 * The instalments of an invoice of `total` cents dated `invoiceDate`, in the terms' order: each due
 * `days` after the date (then the end of that month when `endOfMonth`), for its share of the total.
 * Each share is rounded down and the cents left over go one each to the largest remainders (the
 * earlier instalment on a tie), so the amounts always add up to the total to the cent.
 */
export function dueDates(
  invoiceDate: string,
  total: number,
  instalments: readonly TermsInstalment[],
): DueDate[] {
  const terms = instalments.length > 0 ? instalments : IMMEDIATE_INSTALMENTS;
  // A negative total (a correction) spreads like its opposite, so the rounding is symmetric.
  const sign = total < 0 ? -1 : 1;
  const exact = terms.map((t) => (Math.abs(total) * t.share) / 10_000);
  const amounts = exact.map(Math.floor);
  let left = Math.abs(total) - amounts.reduce((sum, a) => sum + a, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    amounts[index]! += 1;
    left -= 1;
  }
  return terms.map((t, i) => ({ due_date: dueDateOf(invoiceDate, t), amount: sign * amounts[i]! }));
}

export const INVOICE_PAYMENT_STATUSES = ['paid', 'due', 'overdue'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

/**
 * Where an invoice stands on `today` (the shop's date): 'paid' when every instalment is paid, 'overdue'
 * when an unpaid one fell due before today, else 'due'. An invoice without instalments is 'due'.
 */
export function invoicePaymentStatus(
  instalments: readonly { due_date: string; paid: boolean }[],
  today: string,
): InvoicePaymentStatus {
  const unpaid = instalments.filter((i) => !i.paid);
  if (instalments.length > 0 && unpaid.length === 0) return 'paid';
  return unpaid.some((i) => i.due_date < today) ? 'overdue' : 'due';
}
