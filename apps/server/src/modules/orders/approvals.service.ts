import {
  type ApprovalDecisionInput,
  type ApprovalOutcome,
  type BackofficeOrderDetail,
  type CreditApproval,
  type CreditApprovalListQuery,
  type CreditStatus,
  companyMessages,
  creditMessages,
  decidedByStaff,
  type Order,
  type OrderToApprove,
  type Page,
} from '@shop/domain';
import type { Actor, Ctx } from '../../lib/context';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { creditStatusOf } from '../credit/credit.service';
import { queueErpSync } from '../erp/erp.service';
import * as aq from './approvals.queries';
import * as bq from './backoffice-orders.queries';
import { cancelResiduals, getBackofficeOrder } from './backoffice-orders.service';
import { initialStatus } from './checkout.service';
import { sendApprovalDecision } from './order-mail';
import { changeOrderStatus, getOrderForActor } from './orders.service';

/**
 * DESIGN §6 rule 18, issue 19 point 3: orders over a buyer's spending limit wait in `awaiting_approval`
 * until an approver or company admin of the same customer approves them (the status the payment method
 * gives, and only then the ERP) or rejects them, or the buyer withdraws them (cancelled, stock released).
 * Issue 20 point 3: orders held for credit take the same path, decided by staff.
 */

type Locked = NonNullable<Awaited<ReturnType<typeof aq.lockOrderToDecide>>>;
type Allowed = (order: Locked) => void;

/** GET /api/customers/{id}/approvals: the customer's orders waiting for a decision, oldest first. */
export async function listOrdersToApprove(
  ctx: Pick<Ctx, 'db'>,
  customerId: number,
): Promise<OrderToApprove[]> {
  const rows = await aq.listAwaitingOrders(ctx.db, customerId);
  return rows.map((r) => ({
    order_no: r.orderNo,
    date: r.date.toISOString(),
    placed_by: r.placedByEmail,
    reason: r.approvalReason!,
    total: r.total,
    total_without_taxes: r.totalWithoutTaxes,
    rows: r.rows,
  }));
}

/**
 * GET /api/backoffice/approvals: orders held for credit, oldest first, each with its customer's exposure
 * now (the order itself included, its stock being reserved) and limit.
 */
export async function listCreditApprovals(
  ctx: Pick<Ctx, 'db' | 'now'>,
  query: CreditApprovalListQuery,
): Promise<Page<CreditApproval>> {
  const { page, per_page, q } = query;
  const [rows, total] = await Promise.all([
    aq.listCreditHeldOrders(ctx.db, { limit: per_page, offset: (page - 1) * per_page, q }),
    aq.countCreditHeldOrders(ctx.db, q),
  ]);
  const credit = new Map<number, CreditStatus>();
  for (const id of new Set(rows.map((r) => r.customerId))) credit.set(id, await creditStatusOf(ctx, id));
  const data = rows.map((r) => {
    const c = credit.get(r.customerId)!;
    const name = [r.firstname, r.lastname].filter(Boolean).join(' ');
    return {
      order_no: r.orderNo,
      date: r.date.toISOString(),
      customer_id: r.customerId,
      customer: r.company || name || r.customerEmail,
      placed_by: r.placedByEmail,
      reason: r.approvalReason as CreditApproval['reason'],
      total: r.total,
      exposure: c.exposure,
      credit_limit: c.credit_limit,
      overdue_invoices: c.overdue_invoices,
    };
  });
  return { data, meta: { total, page, per_page } };
}

/** The caller as a user of a customer: staff decide credit, not spending limits, unless signed in as one. */
function customerUserOf(ctx: Pick<Ctx, 'actor'>): Actor & { customerId: number } {
  const actor = ctx.actor;
  if (!actor) throw new UnauthenticatedError();
  if (actor.customerId === null) throw new ForbiddenError();
  return actor as Actor & { customerId: number };
}

/** The caller as staff (the route's admin policy let him through). */
function staffOf(ctx: Pick<Ctx, 'actor'>): Actor {
  if (!ctx.actor) throw new UnauthenticatedError();
  return ctx.actor;
}

/**
 * Locks the order, lets `allowed` check the caller may decide it (404 for another customer's, so numbers
 * cannot be probed; 403 for the wrong decider) and checks it still waits (409): two deciders racing
 * decide once.
 */
async function lockWaitingOrder(tx: Ctx, orderNo: string, allowed: (order: Locked) => void): Promise<Locked> {
  const order = await aq.lockOrderToDecide(tx.db, orderNo);
  if (!order) throw new NotFoundError();
  allowed(order);
  if (order.status !== 'awaiting_approval') throw new ConflictError(companyMessages.notAwaitingApproval);
  return order;
}

/** The customer's own order (404 otherwise). */
const ofCustomer = (actor: Actor) => (order: Locked) => {
  if (order.customerId !== actor.customerId) throw new NotFoundError();
};

/** Cancels a waiting order: its rows' residual cancelled, reserved stock released, the history kept. */
async function cancelWaiting(tx: Ctx, order: Locked, byUserId: number) {
  await cancelResiduals(tx, await bq.lockOrderRows(tx.db, order.id));
  await changeOrderStatus(tx, order.id, 'cancelled', byUserId);
}

const decision = (outcome: ApprovalOutcome, actor: Actor, tx: Ctx, input: ApprovalDecisionInput) => ({
  outcome,
  decidedByEmail: actor.email,
  decidedAt: tx.now(),
  note: input.note || null,
});

/** DESIGN §6 rule 18: the company's approvers decide spending limits, never their own order nor credit. */
const companyApprover = (actor: Actor) => (order: Locked) => {
  ofCustomer(actor)(order);
  if (decidedByStaff(order.approvalReason)) throw new ForbiddenError(creditMessages.decidedByShop);
  if (order.placedByUserId === actor.userId) throw new ForbiddenError(companyMessages.ownOrderApproval);
};

/** Staff decide credit (issue 20 point 3); a buyer's spending limit stays his company's decision. */
const staffApprover = (order: Locked) => {
  if (!decidedByStaff(order.approvalReason)) throw new ForbiddenError(companyMessages.decidedByApprovers);
};

/** The buyer's address for the decision: the user who placed it, else the customer's own. */
const buyerEmailOf = (order: Locked) => order.placedByEmail ?? order.customerEmail;

/**
 * Approves a waiting order: it moves to the status its payment method gives (an online one is then paid
 * by the buyer from his order page) and is queued for the ERP, once; the buyer is mailed.
 */
async function approve(
  ctx: Ctx,
  actor: Actor,
  orderNo: string,
  input: ApprovalDecisionInput,
  allowed: Allowed,
) {
  const order = await inTransaction(ctx, async (tx) => {
    const order = await lockWaitingOrder(tx, orderNo, allowed);
    await release(tx, actor, order, input);
    return order;
  });
  sendApprovalDecision(ctx, { to: buyerEmailOf(order), orderNo, approved: true, note: input.note || null });
}

/** The approval of a locked waiting order, inside the caller's transaction. */
async function release(tx: Ctx, actor: Actor, order: Locked, input: ApprovalDecisionInput) {
  await changeOrderStatus(tx, order.id, initialStatus(order.paymentMethod), actor.userId);
  await aq.recordDecision(tx.db, order.id, decision('approved', actor, tx, input));
  await queueErpSync(tx, { entity: 'order', entityId: order.id, key: order.orderNo, requested: false });
}

/**
 * Issue 22: staff approved a new account inside `tx`: its orders held for it (reason new_account) are
 * approved as one order is, oldest first. Returns their numbers; the account's mail names them.
 */
export async function releaseNewAccountOrders(tx: Ctx, customerId: number): Promise<string[]> {
  const actor = staffOf(tx);
  const orderNos = await aq.listOrderNosHeldFor(tx.db, customerId, 'new_account');
  for (const orderNo of orderNos) {
    const order = await lockWaitingOrder(tx, orderNo, staffApprover);
    await release(tx, actor, order, {});
  }
  return orderNos;
}

/** Rejects a waiting order: cancelled with its stock released; the buyer is mailed the note. */
async function reject(
  ctx: Ctx,
  actor: Actor,
  orderNo: string,
  input: ApprovalDecisionInput,
  allowed: Allowed,
) {
  const order = await inTransaction(ctx, async (tx) => {
    const order = await lockWaitingOrder(tx, orderNo, allowed);
    await cancelWaiting(tx, order, actor.userId);
    await aq.recordDecision(tx.db, order.id, decision('rejected', actor, tx, input));
    return order;
  });
  sendApprovalDecision(ctx, { to: buyerEmailOf(order), orderNo, approved: false, note: input.note || null });
}

/** POST /api/orders/{orderNo}/approve: by an approver or company admin of the customer. */
export async function approveOrder(ctx: Ctx, orderNo: string, input: ApprovalDecisionInput): Promise<Order> {
  const actor = customerUserOf(ctx);
  await approve(ctx, actor, orderNo, input, companyApprover(actor));
  return getOrderForActor(ctx, orderNo);
}

/** POST /api/orders/{orderNo}/reject: by an approver or company admin of the customer. */
export async function rejectOrder(ctx: Ctx, orderNo: string, input: ApprovalDecisionInput): Promise<Order> {
  const actor = customerUserOf(ctx);
  await reject(ctx, actor, orderNo, input, companyApprover(actor));
  return getOrderForActor(ctx, orderNo);
}

/** POST /api/backoffice/orders/{orderNo}/approve: staff release an order held for credit. */
export async function approveHeldOrder(
  ctx: Ctx,
  orderNo: string,
  input: ApprovalDecisionInput,
): Promise<BackofficeOrderDetail> {
  await approve(ctx, staffOf(ctx), orderNo, input, staffApprover);
  return getBackofficeOrder(ctx, orderNo);
}

/** POST /api/backoffice/orders/{orderNo}/reject: staff refuse an order held for credit. */
export async function rejectHeldOrder(
  ctx: Ctx,
  orderNo: string,
  input: ApprovalDecisionInput,
): Promise<BackofficeOrderDetail> {
  await reject(ctx, staffOf(ctx), orderNo, input, staffApprover);
  return getBackofficeOrder(ctx, orderNo);
}

/**
 * POST /api/orders/{orderNo}/withdraw: the buyer who placed a waiting order, or a company admin, takes
 * it back: cancelled, stock released.
 */
export async function withdrawOrder(ctx: Ctx, orderNo: string, input: ApprovalDecisionInput): Promise<Order> {
  const actor = customerUserOf(ctx);
  await inTransaction(ctx, async (tx) => {
    const order = await lockWaitingOrder(tx, orderNo, (o) => {
      ofCustomer(actor)(o);
      if (o.placedByUserId !== actor.userId && actor.customerRole !== 'admin')
        throw new ForbiddenError(companyMessages.roleForbidden);
    });
    await cancelWaiting(tx, order, actor.userId);
    await aq.recordDecision(tx.db, order.id, decision('withdrawn', actor, tx, input));
  });
  return getOrderForActor(ctx, orderNo);
}
