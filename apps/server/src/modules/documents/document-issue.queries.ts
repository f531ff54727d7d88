import type { DocumentType } from '@shop/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, documentRows, documentSequences, documents, orderRows } from '../../db/schema';

/** Writes of issued documents: the next number of a type and year, the document and its rows. */

/**
 * Takes the next number of the type and year in one statement: the sequence row is created at 1 or
 * raised by one, and stays locked until the transaction ends, so two issuers never share a number.
 */
export async function takeNextNumber(db: Db, type: DocumentType, year: number): Promise<number> {
  const [row] = await db
    .insert(documentSequences)
    .values({ type, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.type, documentSequences.year],
      set: { lastNumber: sql`${documentSequences.lastNumber} + 1`, updatedAt: sql`now()` },
    })
    .returning({ lastNumber: documentSequences.lastNumber });
  return row!.lastNumber;
}

/** What rule 5's correction depends on: the customer's type and whether they are outside the EU. */
export async function findVatCustomer(db: Db, customerId: number) {
  const [row] = await db
    .select({ type: customers.type, extraCee: customers.extraCee })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/**
 * Order rows with their price before the coupon, their fixed coupon share and the units they charge, and
 * the units and share invoiced so far: the invoices' less the credit notes'.
 */
export async function listInvoicedRows(db: Db, orderRowIds: number[]) {
  if (orderRowIds.length === 0) return [];
  return db
    .select({
      id: orderRows.id,
      priceBeforeCoupon: orderRows.priceBeforeCoupon,
      couponShare: orderRows.couponShare,
      charged: sql<number>`(${orderRows.orderedQty} - ${orderRows.cancelledQty})::integer`,
      invoiced: sql<number>`coalesce(sum(case ${documents.type}
        when 'invoice' then ${documentRows.quantity}
        when 'credit_note' then -${documentRows.quantity} end), 0)::integer`,
      invoicedShare: sql<number>`coalesce(sum(case ${documents.type}
        when 'invoice' then ${documentRows.couponShare}
        when 'credit_note' then -${documentRows.couponShare} end), 0)::integer`,
    })
    .from(orderRows)
    .leftJoin(documentRows, eq(documentRows.orderRowId, orderRows.id))
    .leftJoin(
      documents,
      and(eq(documents.id, documentRows.documentId), inArray(documents.type, ['invoice', 'credit_note'])),
    )
    .where(inArray(orderRows.id, orderRowIds))
    .groupBy(orderRows.id);
}

export async function insertDocument(db: Db, values: typeof documents.$inferInsert) {
  const [row] = await db.insert(documents).values(values).returning();
  return row!;
}

export async function insertDocumentRows(db: Db, values: (typeof documentRows.$inferInsert)[]) {
  if (values.length === 0) return;
  await db.insert(documentRows).values(values);
}
