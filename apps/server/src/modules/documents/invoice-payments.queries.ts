import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, invoiceInstalments, orders } from '../../db/schema';

/** An invoice's instalments and paid state (issue 20 points 2 and 3): one statement each. */

/** When the order was paid in full, or null. */
export async function findOrderPaidAt(db: Db, orderId: number) {
  const [row] = await db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, orderId));
  return row?.paidAt ?? null;
}

export async function insertInstalments(db: Db, values: (typeof invoiceInstalments.$inferInsert)[]) {
  if (values.length === 0) return;
  await db.insert(invoiceInstalments).values(values);
}

export async function setTermsAndPaidAt(
  db: Db,
  documentId: number,
  termsName: string | null,
  paidAt: Date | null,
) {
  await db.update(documents).set({ paymentTermsName: termsName, paidAt }).where(eq(documents.id, documentId));
}

/** The document of a number, locked until the transaction ends so two payments of it queue. */
export async function lockDocumentByNumber(db: Db, number: string) {
  const [row] = await db
    .select({ id: documents.id, type: documents.type, paidAt: documents.paidAt })
    .from(documents)
    .where(eq(documents.number, number))
    .for('update');
  return row;
}

/** The ids of the order's invoices not yet paid. */
export async function listUnpaidInvoiceIds(db: Db, orderId: number) {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.orderId, orderId), eq(documents.type, 'invoice'), isNull(documents.paidAt)));
  return rows.map((r) => r.id);
}

/** Marks the invoices and their unpaid instalments paid at `at`. */
export async function setInvoicesPaid(db: Db, documentIds: number[], at: Date) {
  if (documentIds.length === 0) return;
  await db.update(documents).set({ paidAt: at }).where(inArray(documents.id, documentIds));
  await db
    .update(invoiceInstalments)
    .set({ paidAt: at })
    .where(and(inArray(invoiceInstalments.documentId, documentIds), isNull(invoiceInstalments.paidAt)));
}

/** The instalments of these documents, each document's in due-date order. */
export function listInstalments(db: Db, documentIds: number[]) {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      documentId: invoiceInstalments.documentId,
      dueDate: invoiceInstalments.dueDate,
      amount: invoiceInstalments.amount,
      paidAt: invoiceInstalments.paidAt,
    })
    .from(invoiceInstalments)
    .where(inArray(invoiceInstalments.documentId, documentIds))
    .orderBy(asc(invoiceInstalments.documentId), asc(invoiceInstalments.dueDate), asc(invoiceInstalments.id));
}
