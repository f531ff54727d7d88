import { allocateStock } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import * as q from './stock-movements.queries';

export type RowAllocation = { order_row_id: number; orderNo: string; quantity: number };

/**
 * DESIGN §6 rule 11: gives the product's free stock to its open rows, oldest order first, pre-orders
 * only within their customer's pre-order days before the release. Free = on hand over all warehouses −
 * the ready quantities of open rows (not shipped or on shipping); `ordered` on the stock rows already
 * reserves every residual, ready or not, so allocating changes only the rows' ready quantities.
 *
 * Runs in the caller's transaction: the rows are locked before the stock rows, the order cancelling a
 * backorder takes them in, so the two cannot deadlock.
 */
export async function allocateProductStock(
  ctx: Pick<Ctx, 'db' | 'now'>,
  product: { id: number; releaseDate: string | null },
): Promise<RowAllocation[]> {
  const rows = await q.lockAllocatableRows(ctx.db, product.id);
  if (rows.length === 0) return [];
  const stock = await q.lockProductStocks(ctx.db, product.id);
  const onHand = stock.reduce((sum, s) => sum + s.onHand, 0);
  // Read after the stock lock: a concurrent order's ready units count once it has committed.
  const free = onHand - (await q.sumReady(ctx.db, product.id));
  const allocations = allocateStock(
    rows.map((r) => ({ ...r, releaseDate: product.releaseDate })),
    free,
    shopDate(ctx.now()),
  );
  await q.addReady(ctx.db, allocations);
  const orderNo = new Map(rows.map((r) => [r.id, r.orderNo]));
  return allocations.map((a) => ({
    order_row_id: a.rowId,
    orderNo: orderNo.get(a.rowId)!,
    quantity: a.quantity,
  }));
}
