import type { Ctx } from '../../lib/context';
import { inTransaction } from '../../lib/transaction';
import * as bq from './backoffice-orders.queries';
import { cancelResiduals } from './backoffice-orders.service';
import * as cq from './cancel-unpaid.queries';
import * as q from './orders.queries';
import { changeOrderStatus } from './orders.service';

/** How long a pending order waits for its payment (DESIGN §6 rule 13): exactly 7 × 24 hours. */
export const UNPAID_ORDER_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

type Runner = Pick<Ctx, 'db' | 'now' | 'log' | 'config'>;

/**
 * The daily cancel-unpaid job (DESIGN §6 rule 13): every order still `pending` placed more than 7 × 24 h
 * before now goes to `cancelled` as the system (no user), its residual cancelled and its reserved stock
 * released. Each order has its own transaction, so one that fails is logged and the others go on.
 * Answers how many orders were cancelled.
 */
export async function cancelUnpaidOrders(ctx: Runner): Promise<number> {
  const placedBefore = new Date(ctx.now().getTime() - UNPAID_ORDER_LIFETIME_MS);
  let cancelled = 0;
  for (const orderId of await cq.listUnpaidOrderIds(ctx.db, placedBefore)) {
    try {
      if (await cancelUnpaidOrder(ctx, orderId)) cancelled += 1;
    } catch (error) {
      ctx.log.error({ err: error, orderId }, 'cancel-unpaid: the order could not be cancelled');
    }
  }
  return cancelled;
}

/** Cancels the order if it is still pending once locked (a payment may have confirmed it meanwhile). */
async function cancelUnpaidOrder(ctx: Runner, orderId: number): Promise<boolean> {
  return inTransaction({ ...ctx, actor: null }, async (tx) => {
    const order = await q.lockOrderStatus(tx.db, orderId);
    if (order?.status !== 'pending') return false;
    await cancelResiduals(tx, await bq.lockOrderRows(tx.db, orderId));
    await changeOrderStatus(tx, orderId, 'cancelled', null);
    return true;
  });
}
