import type { DocumentType } from '@shop/domain';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerAddresses, customers, documentRows, documents, orders } from '../../db/schema';

export type DocumentRecord = typeof documents.$inferSelect & { orderNo: string | null };

const documentColumns = {
  id: documents.id,
  type: documents.type,
  number: documents.number,
  year: documents.year,
  customerId: documents.customerId,
  orderId: documents.orderId,
  date: documents.date,
  quantity: documents.quantity,
  amount: documents.amount,
  vat: documents.vat,
  paymentTermsName: documents.paymentTermsName,
  paidAt: documents.paidAt,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
  orderNo: orders.orderNo,
};

/** A page of one customer's documents matching `where`, newest first, and how many match in all. */
async function pageOfDocuments(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select(documentColumns)
    .from(documents)
    .leftJoin(orders, eq(orders.id, documents.orderId))
    .where(where)
    .orderBy(desc(documents.date), desc(documents.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(documents).where(where);
  return { rows, total: total?.n ?? 0 };
}

export function listCustomerDocuments(
  db: Db,
  query: { customerId: number; type: DocumentType; year?: number; limit: number; offset: number },
) {
  const where = and(
    eq(documents.customerId, query.customerId),
    eq(documents.type, query.type),
    query.year === undefined ? undefined : eq(documents.year, query.year),
  );
  return pageOfDocuments(db, where, query.limit, query.offset);
}

/** The (type, year) pairs in which the customer has documents, newest year first. */
export function listDocumentYears(db: Db, customerId: number) {
  return db
    .selectDistinct({ type: documents.type, year: documents.year })
    .from(documents)
    .where(eq(documents.customerId, customerId))
    .orderBy(desc(documents.year), asc(documents.type));
}

/** A document by its id or its number, with the number of its order. */
export async function findDocument(db: Db, ref: { id: number } | { number: string }) {
  const [row] = await db
    .select(documentColumns)
    .from(documents)
    .leftJoin(orders, eq(orders.id, documents.orderId))
    .where('id' in ref ? eq(documents.id, ref.id) : eq(documents.number, ref.number));
  return row;
}

export function listDocumentRows(db: Db, documentId: number) {
  return db
    .select()
    .from(documentRows)
    .where(eq(documentRows.documentId, documentId))
    .orderBy(asc(documentRows.id));
}

/** The customer a document is made out to, with the language of their documents. */
export async function findCustomer(db: Db, customerId: number) {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  return row;
}

/** What a document prints of its order: the billing address copied in when placed, and its coupon. */
export async function findOrderBilling(db: Db, orderId: number) {
  const [row] = await db
    .select({
      billingAddress: orders.billingAddress,
      couponCode: orders.couponCode,
      couponRate: orders.couponRate,
      couponAmount: orders.couponAmount,
      placedByEmail: orders.placedByEmail,
      approvalOutcome: orders.approvalOutcome,
      decidedByEmail: orders.decidedByEmail,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/** The customer's default billing address, else their first billing address. */
export async function findDefaultBillingAddress(db: Db, customerId: number) {
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.type, 'B')))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.id))
    .limit(1);
  return row;
}
