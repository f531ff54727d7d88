import { and, asc, count, desc, eq, ilike, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerGroups, customers, paymentTerms } from '../../db/schema';

/** Payment terms (issue 20 point 2): one statement each. */

export type PaymentTermsRecord = typeof paymentTerms.$inferSelect;
export type PaymentTermsValues = Pick<typeof paymentTerms.$inferInsert, 'name' | 'instalments'>;

export type ListQuery = {
  text: string | undefined;
  sort: 'name' | 'id';
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/** A page of terms with `text` anywhere in the name (LIKE's wildcards escaped), and the count of all matches. */
export async function listPaymentTerms(db: Db, query: ListQuery) {
  const pattern = query.text && `%${query.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = pattern ? ilike(paymentTerms.name, pattern) : undefined;
  const order = query.dir === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(paymentTerms)
    .where(where)
    .orderBy(order(paymentTerms[query.sort]), order(paymentTerms.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(paymentTerms).where(where);
  return { rows, total: total?.n ?? 0 };
}

export const findPaymentTerms = (db: Db, id: number) =>
  db.query.paymentTerms.findFirst({ where: eq(paymentTerms.id, id) });

export const insertPaymentTerms = async (db: Db, values: PaymentTermsValues) =>
  (await db.insert(paymentTerms).values(values).returning())[0]!;

export const updatePaymentTerms = async (db: Db, id: number, values: PaymentTermsValues) =>
  (await db.update(paymentTerms).set(values).where(eq(paymentTerms.id, id)).returning())[0];

/** Deletes the terms; the groups and customers that had them are left without (the FK sets null). */
export async function deletePaymentTerms(db: Db, id: number) {
  const rows = await db
    .delete(paymentTerms)
    .where(eq(paymentTerms.id, id))
    .returning({ id: paymentTerms.id });
  return rows.length > 0;
}

/** Whether other terms than `exceptId` have this name. */
export async function nameTaken(db: Db, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: paymentTerms.id })
    .from(paymentTerms)
    .where(
      and(eq(paymentTerms.name, name), exceptId === undefined ? undefined : ne(paymentTerms.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

/** A customer's own terms, else his group's: the terms his invoices take. */
export async function findCustomerTerms(db: Db, customerId: number) {
  const [row] = await db
    .select({ own: customers.paymentTermsId, group: customerGroups.paymentTermsId })
    .from(customers)
    .leftJoin(customerGroups, eq(customerGroups.id, customers.customerGroupId))
    .where(eq(customers.id, customerId));
  const id = row?.own ?? row?.group ?? null;
  return id === null ? undefined : findPaymentTerms(db, id);
}
