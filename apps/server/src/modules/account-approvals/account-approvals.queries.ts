import { and, asc, count, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, orders, shop } from '../../db/schema';

/** Issue 22: whether the shop asks new companies to wait for staff approval (false before the shop exists). */
export async function findNewCompanyApproval(db: Db): Promise<boolean> {
  const [row] = await db.select({ on: shop.newCompanyApproval }).from(shop).orderBy(asc(shop.id)).limit(1);
  return row?.on ?? false;
}

/** The customer's approval dates; with `lock`, his row stays locked until the transaction ends. */
export async function findAccountApproval(db: Db, customerId: number, lock = false) {
  const query = db
    .select({
      id: customers.id,
      email: customers.email,
      company: customers.company,
      language: customers.language,
      approvalRequestedAt: customers.approvalRequestedAt,
      approvedAt: customers.approvedAt,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function markAccountApproved(db: Db, customerId: number, at: Date) {
  await db
    .update(customers)
    .set({ approvedAt: at, updatedAt: sql`now()` })
    .where(eq(customers.id, customerId));
}

const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Accounts waiting for approval, found by company, name, e-mail or VAT number. */
function waiting(search?: string) {
  const q = search ? contains(search) : undefined;
  return and(
    isNotNull(customers.approvalRequestedAt),
    isNull(customers.approvedAt),
    q
      ? or(
          ilike(customers.company, q),
          ilike(customers.firstname, q),
          ilike(customers.lastname, q),
          ilike(customers.email, q),
          ilike(customers.vatId, q),
        )
      : undefined,
  );
}

/** The accounts waiting, oldest request first, with their orders held for the approval. */
export function listWaitingAccounts(db: Db, page: { limit: number; offset: number; q?: string }) {
  return db
    .select({
      id: customers.id,
      company: customers.company,
      firstname: customers.firstname,
      lastname: customers.lastname,
      email: customers.email,
      country: customers.country,
      vatId: customers.vatId,
      sdiCode: customers.sdiCode,
      pec: customers.pec,
      requestedAt: customers.approvalRequestedAt,
      ordersWaiting: count(orders.id),
      ordersTotal: sql<number>`coalesce(sum(${orders.total}), 0)::int`,
    })
    .from(customers)
    .leftJoin(
      orders,
      and(
        eq(orders.customerId, customers.id),
        eq(orders.status, 'awaiting_approval'),
        eq(orders.approvalReason, 'new_account'),
      ),
    )
    .where(waiting(page.q))
    .groupBy(customers.id)
    .orderBy(asc(customers.approvalRequestedAt), asc(customers.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countWaitingAccounts(db: Db, q?: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customers).where(waiting(q));
  return row?.n ?? 0;
}
