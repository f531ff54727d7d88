import {
  companyMessages,
  type ErpCustomer,
  type ErpEntity,
  type ErpStatus,
  type ErpSync,
  messages,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { findOrderByNo } from '../orders/orders.queries';
import { erpConnector } from './erp.connector';
import * as q from './erp.queries';

/**
 * The ERP synchronisation seen from the shop (SPEC §1, DESIGN §8): the outbox of order and customer
 * changes, each sync's attempts, and linking a customer to its ERP record by selection.
 */

type Writer = Pick<Ctx, 'db' | 'actor'>;

/**
 * Queues a sync of an order or a customer. Call it inside the transaction that writes the change:
 * the outbox row commits (or rolls back) with it.
 */
export async function queueErpSync(
  ctx: Writer,
  sync: { entity: ErpEntity; entityId: number; key: string; requested: boolean },
): Promise<number> {
  const [row] = await q.insertSync(ctx.db, {
    entity: sync.entity,
    entityId: sync.entityId,
    key: sync.key,
    requestedByUserId: sync.requested ? (ctx.actor?.userId ?? null) : null,
  });
  return row!.id;
}

/** An order's or a customer's syncs, newest first, each with its attempts in order. */
export async function listErpSyncs(
  ctx: Pick<Ctx, 'db'>,
  entity: ErpEntity,
  entityId: number,
): Promise<ErpSync[]> {
  const syncs = await q.listSyncs(ctx.db, entity, entityId);
  const attempts = await q.listAttempts(
    ctx.db,
    syncs.map((s) => s.id),
  );
  return syncs.map((s) => ({
    id: s.id,
    entity: s.entity,
    status: s.status,
    requested_by: s.requestedBy,
    created_at: s.createdAt.toISOString(),
    sent_at: s.sentAt?.toISOString() ?? null,
    attempts: attempts
      .filter((a) => a.syncId === s.id)
      .map((a) => ({ at: a.createdAt.toISOString(), ok: a.ok, answer: a.answer })),
  }));
}

/** GET /api/erp/status: whether the synchronisation is on, for the back office to say so. */
export function erpStatus(ctx: Pick<Ctx, 'config'>): ErpStatus {
  return { enabled: erpConnector(ctx.config) !== null };
}

function connectorOf(ctx: Pick<Ctx, 'config'>) {
  const erp = erpConnector(ctx.config);
  if (!erp) throw new ConflictError(messages.erpOff);
  return erp;
}

/** GET /api/erp/customers?q=: the ERP's customers matching a name, VAT id, tax number or code. */
export async function searchErpCustomers(ctx: Pick<Ctx, 'config'>, query: string): Promise<ErpCustomer[]> {
  const found = await connectorOf(ctx).searchCustomers(query);
  if (found.length === 0) throw new NotFoundError(messages.erpCustomerNotFound);
  return found;
}

/**
 * POST /api/customers/{id}/erp-link: stores the chosen ERP customer's code and the ERP-connected flag,
 * after the ERP confirms the code, and queues the customer's sync with the change.
 */
export async function linkCustomerToErp(
  ctx: Pick<Ctx, 'db' | 'actor' | 'config'>,
  customerId: number,
  erpCode: string,
): Promise<ErpCustomer> {
  const erpCustomer = await connectorOf(ctx).findCustomer(erpCode);
  if (!erpCustomer) throw new NotFoundError(messages.customerNotFound);
  await inTransaction(ctx, async (tx) => {
    if (!(await q.findCustomer(tx.db, customerId))) throw new NotFoundError(messages.customerNotFound);
    await q.linkCustomer(tx.db, customerId, erpCustomer.code);
    await queueErpSync(tx, {
      entity: 'customer',
      entityId: customerId,
      key: String(customerId),
      requested: true,
    });
  });
  return erpCustomer;
}

/** POST /api/orders/{orderNo}/erp-sync: 'Re-send to ERP' queues a new sync of the order. */
export async function resendOrderToErp(ctx: Writer, orderNo: string): Promise<ErpSync> {
  const order = await findOrderByNo(ctx.db, orderNo);
  if (!order) throw new NotFoundError();
  // DESIGN §6 rule 18: the ERP receives an order only once approved.
  if (order.status === 'awaiting_approval') throw new ConflictError(companyMessages.erpAfterApproval);
  const id = await inTransaction(ctx, (tx) =>
    queueErpSync(tx, { entity: 'order', entityId: order.id, key: order.orderNo, requested: true }),
  );
  const syncs = await listErpSyncs(ctx, 'order', order.id);
  return syncs.find((s) => s.id === id)!;
}

/** GET /api/orders/{orderNo}/erp-syncs. */
export async function listOrderErpSyncs(ctx: Pick<Ctx, 'db'>, orderNo: string): Promise<ErpSync[]> {
  const order = await findOrderByNo(ctx.db, orderNo);
  if (!order) throw new NotFoundError();
  return listErpSyncs(ctx, 'order', order.id);
}

/** GET /api/customers/{id}/erp-syncs. */
export async function listCustomerErpSyncs(ctx: Pick<Ctx, 'db'>, customerId: number): Promise<ErpSync[]> {
  if (!(await q.customerExists(ctx.db, customerId))) throw new NotFoundError(messages.customerNotFound);
  return listErpSyncs(ctx, 'customer', customerId);
}
