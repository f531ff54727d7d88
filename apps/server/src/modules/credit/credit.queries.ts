import { OPEN_ORDER_STATUSES } from '@shop/domain';
import { and, asc, eq, inArray, isNull, lt, min, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, documents, invoiceInstalments, orders, shop } from '../../db/schema';

/**
 * The customer's credit limit and block; `lock` holds his row until the transaction ends, so two orders
 * of the same customer are checked against his credit one after the other. NO KEY UPDATE does not wait
 * on the key-share locks other writes (an order's foreign key) take on the row.
 */
export async function findCreditTerms(db: Db, customerId: number, lock = false) {
  const query = db
    .select({ creditLimit: customers.creditLimit, blocked: customers.blocked })
    .from(customers)
    .where(eq(customers.id, customerId));
  const [row] = await (lock ? query.for('no key update') : query);
  return row;
}

/** The shop's credit settings and the contacts a refused customer is told to call. */
export async function findCreditSettings(db: Db) {
  const [row] = await db
    .select({
      graceDays: shop.creditGraceDays,
      action: shop.creditAction,
      contact: shop.creditContact,
      name: shop.name,
      email: shop.email,
      phone: shop.phone,
    })
    .from(shop)
    .orderBy(asc(shop.id))
    .limit(1);
  return row;
}

/** The customer's unpaid instalments of invoices not paid in full, summed per order. */
export function listUnpaidByOrder(db: Db, customerId: number) {
  return db
    .select({ orderId: documents.orderId, amount: sql<number>`${sum(invoiceInstalments.amount)}::int` })
    .from(invoiceInstalments)
    .innerJoin(documents, eq(documents.id, invoiceInstalments.documentId))
    .where(
      and(
        eq(documents.customerId, customerId),
        eq(documents.type, 'invoice'),
        isNull(documents.paidAt),
        isNull(invoiceInstalments.paidAt),
      ),
    )
    .groupBy(documents.orderId);
}

/** The customer's invoices with an instalment unpaid and due before `today`, the oldest due date first. */
export function listOverdueInvoices(db: Db, customerId: number, today: string) {
  return db
    .select({ documentId: documents.id, dueDate: min(invoiceInstalments.dueDate) })
    .from(invoiceInstalments)
    .innerJoin(documents, eq(documents.id, invoiceInstalments.documentId))
    .where(
      and(
        eq(documents.customerId, customerId),
        eq(documents.type, 'invoice'),
        isNull(documents.paidAt),
        isNull(invoiceInstalments.paidAt),
        lt(invoiceInstalments.dueDate, today),
      ),
    )
    .groupBy(documents.id)
    .orderBy(asc(min(invoiceInstalments.dueDate)));
}

/** The customer's documents of a type, total with VAT, summed per order. */
function documentTotalsByOrder(db: Db, customerId: number, type: 'invoice' | 'credit_note') {
  return db
    .select({
      orderId: documents.orderId,
      amount: sql<number>`coalesce(sum(${documents.amount} + ${documents.vat}), 0)::int`,
    })
    .from(documents)
    .where(and(eq(documents.customerId, customerId), eq(documents.type, type)))
    .groupBy(documents.orderId);
}

export const listCreditNotesByOrder = (db: Db, customerId: number) =>
  documentTotalsByOrder(db, customerId, 'credit_note');

/** The customer's open orders: total with VAT and what their invoices already cover. */
export async function listOpenOrders(db: Db, customerId: number) {
  const open = await db
    .select({ id: orders.id, total: orders.total })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), inArray(orders.status, [...OPEN_ORDER_STATUSES])));
  if (open.length === 0) return [];
  const invoiced = new Map(
    (await documentTotalsByOrder(db, customerId, 'invoice')).map((d) => [d.orderId, d.amount]),
  );
  return open.map((o) => ({ total: o.total, invoiced: invoiced.get(o.id) ?? 0 }));
}
