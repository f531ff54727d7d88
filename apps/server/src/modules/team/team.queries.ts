import { and, asc, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, orders, users } from '../../db/schema';

/** Statuses whose orders do not count toward a monthly limit: cancelled, or not yet approved. */
const NOT_SPENT = ['cancelled', 'awaiting_approval'] as const;

/**
 * Net (cents) of the user's orders dated in the shop month `month` ('YYYY-MM', Europe/Rome) that count
 * toward his monthly limit. The month is taken in the shop's zone, so an order at 00:30 on the 1st in
 * Rome belongs to the new month although it is still the old one in UTC.
 */
export async function sumSpentInMonth(db: Db, userId: number, month: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${orders.totalWithoutTaxes}), 0)`.mapWith(Number) })
    .from(orders)
    .where(
      and(
        eq(orders.placedByUserId, userId),
        notInArray(orders.status, [...NOT_SPENT]),
        sql`to_char(${orders.date} at time zone 'Europe/Rome', 'YYYY-MM') = ${month}`,
      ),
    );
  return row?.total ?? 0;
}

/**
 * The customer's users with what the Team page shows. As for staff (staff.queries.ts), a set-password
 * link never used and no sign-in yet is what makes a user 'invited'; the month's spending is summed
 * like `sumSpentInMonth`.
 */
function selectMembers(db: Db, month: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      customerId: users.customerId,
      role: users.customerRole,
      orderLimit: users.orderLimit,
      monthlyLimit: users.monthlyLimit,
      disabledAt: users.disabledAt,
      createdAt: users.createdAt,
      // Written out (see staff.queries.ts): drizzle leaves a one-table select's columns unqualified.
      lastSignInAt: sql<Date | null>`(select max(a.at) from audit_log a
        where a.user_id = users.id and a.action = 'sign-in')`.mapWith(auditLog.at),
      hasPasswordLink: sql<boolean>`exists (select 1 from password_resets r where r.user_id = users.id)`,
      passwordLinkUsed: sql<boolean>`exists (select 1 from password_resets r
        where r.user_id = users.id and r.used_at is not null)`,
      spentThisMonth: sql<number>`(select coalesce(sum(o.total_without_taxes), 0) from orders o
        where o.placed_by_user_id = users.id and o.status not in ('cancelled', 'awaiting_approval')
        and to_char(o.date at time zone 'Europe/Rome', 'YYYY-MM') = ${month})`.mapWith(Number),
    })
    .from(users);
}

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/** Admins first, then by e-mail. */
export function listMembers(db: Db, customerId: number, month: string) {
  return selectMembers(db, month)
    .where(eq(users.customerId, customerId))
    .orderBy(sql`case when users.customer_role = 'admin' then 0 else 1 end`, asc(users.email));
}

export async function findMember(
  db: Db,
  customerId: number,
  userId: number,
  month: string,
): Promise<MemberRow | undefined> {
  const [row] = await selectMembers(db, month)
    .where(and(eq(users.id, userId), eq(users.customerId, customerId)))
    .limit(1);
  return row;
}

/**
 * The ids of the customer's company admins who are not disabled, locked until the transaction ends:
 * two admins demoting or removing each other at once wait for one another, so one always remains.
 */
export async function lockActiveAdmins(db: Db, customerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.customerRole, 'admin'), isNull(users.disabledAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

export function updateMember(
  db: Db,
  userId: number,
  values: Partial<Pick<typeof users.$inferInsert, 'customerRole' | 'orderLimit' | 'monthlyLimit'>>,
) {
  return db.update(users).set(values).where(eq(users.id, userId));
}

export function setDisabledAt(db: Db, userId: number, at: Date | null) {
  return db.update(users).set({ disabledAt: at }).where(eq(users.id, userId));
}

export function deleteUser(db: Db, userId: number) {
  return db.delete(users).where(eq(users.id, userId));
}

/** A user of any customer (not staff), for the audit trail's snapshots. */
export async function findCustomerUser(
  db: Db,
  userId: number,
  month: string,
): Promise<MemberRow | undefined> {
  const [row] = await selectMembers(db, month)
    .where(and(eq(users.id, userId), isNotNull(users.customerId)))
    .limit(1);
  return row;
}

/** Any account at all, a customer's or staff: one e-mail signs in to one account. */
export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

export async function insertMember(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id, email: users.email });
  return row!;
}
