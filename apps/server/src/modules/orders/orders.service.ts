import { canTransition, type Order, type OrderStatus, type QuickOrderReport } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { ConflictError, NotFoundError, UnauthenticatedError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { cartLinesOf } from '../cart/quick-order.service';
import { toOrderDto } from './order-dto';
import { raiseOrderVersion } from './order-totals.queries';
import * as q from './orders.queries';

/**
 * Orders (SPEC §3 Order, §4 states; DESIGN §6 rules 9–11): reading one order as its customer or an
 * administrator, and moving it through the status machine. Placing orders is in checkout.service.ts.
 */

/**
 * Moves an order to `to` when the status machine allows it (DESIGN §6 rule 10) and records who did it.
 * Locks the order row, so two concurrent changes cannot both start from the same status. Runs in the
 * caller's transaction when `ctx.db` is one (a nested transaction is a savepoint), else in its own.
 */
export async function changeOrderStatus(
  ctx: Pick<Ctx, 'db'>,
  orderId: number,
  to: OrderStatus,
  byUserId: number | null,
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const order = await q.lockOrderStatus(tx.db, orderId);
    if (!order) throw new NotFoundError();
    if (!canTransition(order.status, to)) {
      throw new ConflictError(`The order cannot go from ${order.status} to ${to}.`);
    }
    await q.updateOrderStatus(tx.db, orderId, to);
    // DESIGN §6 rule 16: a cancelled order's open payment attempts are void (its money stays as shown).
    if (to === 'cancelled') await raiseOrderVersion(tx.db, orderId);
    await q.insertStatusChange(tx.db, { orderId, fromStatus: order.status, toStatus: to, userId: byUserId });
  });
}

/** GET /api/orders/{orderNo}: the caller's own order, or any for an administrator; else 404. */
export async function getOrderForActor(ctx: Pick<Ctx, 'db' | 'actor'>, orderNo: string): Promise<Order> {
  const actor = ctx.actor;
  if (!actor) throw new UnauthenticatedError();
  const order = await q.findOrderByNo(ctx.db, orderNo);
  if (!order || (!actor.isSuperAdmin && order.customerId !== actor.customerId)) throw new NotFoundError();
  return toOrderDto(order, await q.listOrderRows(ctx.db, order.id));
}

/** POST /api/orders/{orderNo}/reorder: the order's rows back as cart lines at today's clamp (prices from the quote). */
export async function reorder(
  ctx: Pick<Ctx, 'db' | 'actor' | 'now'>,
  orderNo: string,
): Promise<QuickOrderReport> {
  const order = await getOrderForActor(ctx, orderNo);
  return cartLinesOf(
    ctx,
    order.rows.map((r) => ({ productId: r.product_id, sku: r.product_sku, quantity: r.total_ordered_qty })),
  );
}
