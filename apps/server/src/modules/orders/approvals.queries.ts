import {
  type ApprovalOutcome,
  type ApprovalReason,
  CREDIT_APPROVAL_REASONS,
  STAFF_APPROVAL_REASONS,
} from '@shop/domain';
import { and, asc, count, eq, ilike, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, orderRows, orders, users } from '../../db/schema';

/** A customer user's spending limits, as they are now (null: none). */
export async function findSpendingLimits(db: Db, userId: number) {
  const [row] = await db
    .select({ orderLimit: users.orderLimit, monthlyLimit: users.monthlyLimit })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The e-mails of the customer's active users who may approve (approvers, company admins), but one. */
export async function listApproverEmails(db: Db, customerId: number, exceptUserId: number) {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.customerId, customerId),
        inArray(users.customerRole, ['admin', 'approver']),
        isNull(users.disabledAt),
        ne(users.id, exceptUserId),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => r.email);
}

/** The customer's orders waiting for his approvers (not those staff decide), oldest first, with their number of rows. */
export function listAwaitingOrders(db: Db, customerId: number) {
  return db
    .select({
      orderNo: orders.orderNo,
      date: orders.date,
      placedByEmail: orders.placedByEmail,
      approvalReason: orders.approvalReason,
      total: orders.total,
      totalWithoutTaxes: orders.totalWithoutTaxes,
      rows: count(orderRows.id),
    })
    .from(orders)
    .leftJoin(orderRows, eq(orderRows.orderId, orders.id))
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.status, 'awaiting_approval'),
        notInArray(orders.approvalReason, [...STAFF_APPROVAL_REASONS]),
      ),
    )
    .groupBy(orders.id)
    .orderBy(asc(orders.date), asc(orders.id));
}

/** The order a decision is taken on, its row locked until the transaction ends, with its buyer's e-mail. */
export async function lockOrderToDecide(db: Db, orderNo: string) {
  const [row] = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      customerId: orders.customerId,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      placedByUserId: orders.placedByUserId,
      placedByEmail: orders.placedByEmail,
      approvalReason: orders.approvalReason,
      customerEmail: customers.email,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.orderNo, orderNo))
    .for('update', { of: orders });
  return row;
}

export async function recordDecision(
  db: Db,
  orderId: number,
  decision: { outcome: ApprovalOutcome; decidedByEmail: string; decidedAt: Date; note: string | null },
) {
  await db
    .update(orders)
    .set({
      approvalOutcome: decision.outcome,
      decidedByEmail: decision.decidedByEmail,
      decidedAt: decision.decidedAt,
      approvalNote: decision.note,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId));
}

const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Orders held for credit, found by order number or the customer's name or e-mail. */
function heldForCredit(search?: string) {
  const q = search ? contains(search) : undefined;
  return and(
    eq(orders.status, 'awaiting_approval'),
    inArray(orders.approvalReason, [...CREDIT_APPROVAL_REASONS]),
    q
      ? or(
          ilike(orders.orderNo, q),
          ilike(customers.company, q),
          ilike(customers.firstname, q),
          ilike(customers.lastname, q),
          ilike(customers.email, q),
        )
      : undefined,
  );
}

/** Orders held for credit, all customers, oldest first: the back office's approvals queue. */
export function listCreditHeldOrders(db: Db, page: { limit: number; offset: number; q?: string }) {
  return db
    .select({
      orderNo: orders.orderNo,
      date: orders.date,
      customerId: orders.customerId,
      company: customers.company,
      firstname: customers.firstname,
      lastname: customers.lastname,
      customerEmail: customers.email,
      placedByEmail: orders.placedByEmail,
      approvalReason: orders.approvalReason,
      total: orders.total,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(heldForCredit(page.q))
    .orderBy(asc(orders.date), asc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countCreditHeldOrders(db: Db, q?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(heldForCredit(q));
  return row?.n ?? 0;
}

/** Issue 22: the numbers of the customer's orders waiting for one reason, oldest first. */
export async function listOrderNosHeldFor(db: Db, customerId: number, reason: ApprovalReason) {
  const rows = await db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.status, 'awaiting_approval'),
        eq(orders.approvalReason, reason),
      ),
    )
    .orderBy(asc(orders.date), asc(orders.id));
  return rows.map((r) => r.orderNo);
}
