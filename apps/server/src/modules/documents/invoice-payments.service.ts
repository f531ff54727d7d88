import {
  dueDates,
  type InvoiceDueDate,
  type InvoicePaymentStatus,
  invoicePaymentStatus,
  messages,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { customerPaymentTerms } from '../payment-terms/payment-terms.service';
import * as q from './invoice-payments.queries';

/**
 * An invoice's due dates and paid state (issue 20 points 2 and 3). Due dates come from the customer's
 * terms when the invoice is issued; an invoice is paid by its order's payment or by the ERP.
 */

type Tx = Pick<Ctx, 'db'>;

/**
 * Gives a just-issued invoice its terms' name and instalments: the customer's terms, else his group's,
 * else one instalment due on the invoice date, spreading amount + VAT. An invoice of an order already
 * paid (online payments) is paid at issue, when the order was.
 */
export async function scheduleInvoice(
  tx: Tx,
  invoice: { id: number; customerId: number; orderId: number | null; date: string; total: number },
): Promise<void> {
  const terms = await customerPaymentTerms(tx, invoice.customerId);
  const paidAt = invoice.orderId === null ? null : await q.findOrderPaidAt(tx.db, invoice.orderId);
  await q.setTermsAndPaidAt(tx.db, invoice.id, terms?.name ?? null, paidAt);
  await q.insertInstalments(
    tx.db,
    dueDates(invoice.date, invoice.total, terms?.instalments ?? []).map((d) => ({
      documentId: invoice.id,
      dueDate: d.due_date,
      amount: d.amount,
      paidAt,
    })),
  );
}

/** The order got paid (payments module): its invoices not yet paid are paid at `at`, every instalment. */
export async function markOrderInvoicesPaid(tx: Tx, orderId: number, at: Date): Promise<void> {
  await q.setInvoicesPaid(tx.db, await q.listUnpaidInvoiceIds(tx.db, orderId), at);
}

/**
 * The ERP's `invoice.paid`: the invoice of `number`, every instalment, paid at `at`. An unknown number
 * is a 404, a delivery or credit note 422 on `data.number`; an invoice already paid stays as it was.
 */
export async function markInvoicePaid(tx: Tx, number: string, at: Date): Promise<void> {
  const doc = await q.lockDocumentByNumber(tx.db, number.toUpperCase());
  if (!doc) throw new NotFoundError(messages.erpCallbackInvoiceNotFound.replace(':number', number));
  if (doc.type !== 'invoice')
    throw ValidationError.field('data.number', messages.erpCallbackNotAnInvoice.replace(':number', number));
  if (doc.paidAt) return;
  await q.setInvoicesPaid(tx.db, [doc.id], at);
}

export type InvoicePayment = {
  due_dates: InvoiceDueDate[];
  payment_status: InvoicePaymentStatus;
};

/** Each invoice's due dates and whether it is paid, due or overdue today (Europe/Rome). */
export async function invoicePayments(
  ctx: Pick<Ctx, 'db' | 'now'>,
  documentIds: number[],
): Promise<Map<number, InvoicePayment>> {
  const today = shopDate(ctx.now());
  const byDocument = new Map<number, InvoiceDueDate[]>(documentIds.map((id) => [id, []]));
  for (const row of await q.listInstalments(ctx.db, documentIds)) {
    byDocument
      .get(row.documentId)
      ?.push({ due_date: row.dueDate, amount: row.amount, paid: row.paidAt !== null });
  }
  return new Map(
    [...byDocument].map(([id, due]) => [
      id,
      { due_dates: due, payment_status: invoicePaymentStatus(due, today) },
    ]),
  );
}
