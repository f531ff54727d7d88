import {
  type BackorderPage,
  type BackordersQuery,
  backorderQuantity,
  type CancelBackorderInput,
  type CancelBackorderResult,
  canTransition,
  messages,
  type RowStatus,
  rowStatusAfterCancel,
  shopDateOf,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { recomputeOrderTotals } from '../orders/order-totals.service';
import { changeOrderStatus } from '../orders/orders.service';
import { releaseReservedStock } from '../orders/stock-release.service';
import * as q from './customer-orders.queries';
import { meta, slice, toCustomerRowDto } from './orders-list.service';

/**
 * Backorders (DESIGN §6 rule 14, SPEC §9): the not-ready residual of the rows of open orders, and
 * cancelling it for every order dated up to a day.
 */

/** GET /api/customers/{id}/backorders: oldest order first; `meta.quantity` counts the units of every page. */
export async function listBackorders(
  ctx: Pick<Ctx, 'db'>,
  customerId: number,
  query: BackordersQuery,
): Promise<BackorderPage> {
  const { rows, total, notReady } = await q.listBackorderRows(ctx.db, {
    customerId,
    upTo: query.up_to,
    ...slice(query),
  });
  return {
    data: rows.map((row) => {
      const { processing_date: _, ...dto } = toCustomerRowDto(row);
      return { ...dto, backorder: backorderQuantity(dto.quantities) };
    }),
    meta: { ...meta(total, query), quantity: notReady },
  };
}

/**
 * An order none of whose rows has a residual left is over: cancelled when nothing of it was shipped,
 * closed otherwise, where the status machine allows it (DESIGN §6 rule 10); e.g. an order being
 * picked keeps its status for the warehouse to settle.
 */
async function settleEmptiedOrders(ctx: Pick<Ctx, 'db' | 'actor'>, orderIds: number[]) {
  for (const order of await q.residualsOfOrders(ctx.db, orderIds)) {
    if (order.openRows > 0) continue;
    const to = order.shipped > 0 ? 'closed' : 'cancelled';
    if (canTransition(order.status, to))
      await changeOrderStatus(ctx, order.id, to, ctx.actor?.userId ?? null);
  }
}

/**
 * POST /api/customers/{id}/cancel-backorder: in one transaction, every backorder row of the customer's
 * open orders dated (Europe/Rome) up to and including `date` loses its not-ready residual
 * (cancelled_qty grows by it; ready and shipped parts untouched), the reservation is given back to
 * stock, and a row left without residual is cancelled, or shipped when part of it was. Locks: the
 * rows in id order, then the stock rows in (product, warehouse) order. A date after today is refused.
 * A replay finds nothing left to cancel and answers zero.
 */
export async function cancelBackorder(
  ctx: Ctx,
  customerId: number,
  input: CancelBackorderInput,
): Promise<CancelBackorderResult> {
  if (input.date > shopDateOf(ctx.now())) throw ValidationError.field('date', messages.invalidValue);
  return inTransaction(ctx, async (tx) => {
    const rows = await q.lockBackorderRows(tx.db, customerId, input.date);
    if (rows.length === 0) return { rows: 0, quantity: 0 };
    const changes = rows.map((row) => {
      const residual = row.orderedQty - row.shippedQty - row.cancelledQty;
      const quantity = backorderQuantity({ residual, ready: row.readyQty });
      const status: RowStatus = rowStatusAfterCancel({
        status: row.status,
        shipped: row.shippedQty,
        residual: residual - quantity,
      });
      const cancelledQty = row.cancelledQty + quantity;
      return { id: row.id, orderId: row.orderId, productId: row.productId, quantity, cancelledQty, status };
    });
    // Issue 19 point 4: the customer's user who cancelled (also when staff are signed in as him).
    await q.updateRowCancellations(tx.db, changes, tx.actor?.email ?? null);
    await releaseReservedStock(tx, changes);
    const orderIds = [...new Set(changes.map((c) => c.orderId))].sort((a, b) => a - b);
    for (const orderId of orderIds) await recomputeOrderTotals(tx, orderId);
    await settleEmptiedOrders(tx, orderIds);
    return { rows: changes.length, quantity: changes.reduce((sum, c) => sum + c.quantity, 0) };
  });
}
