import { allocateStock, deallocateStock } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import { inTransaction } from '../../lib/transaction';
import * as q from './stock-movements.queries';

export type RowAllocation = { order_row_id: number; orderNo: string; quantity: number };
/** What a change of on hand did to the product's open rows: ready units given, and taken back. */
export type StockSettlement = { allocated: RowAllocation[]; deallocated: RowAllocation[] };

type Writer = Pick<Ctx, 'db' | 'now'>;

/**
 * Locks the product's open rows still to ship. A writer that changes the product's on hand calls it
 * before it locks the stock rows, the order cancelling a backorder takes them in, so the two cannot
 * deadlock.
 */
export async function lockOpenRows(ctx: Pick<Ctx, 'db'>, productId: number): Promise<void> {
  await q.lockOpenRows(ctx.db, productId);
}

/** lockOpenRows for many products at once (an import's batch); answers those that have open rows. */
export function lockOpenRowsOf(ctx: Pick<Ctx, 'db'>, productIds: number[]): Promise<number[]> {
  return q.lockOpenRowsOf(ctx.db, productIds);
}

/**
 * Brings the product's open rows in line with its on hand, after a change of on hand in the caller's
 * transaction. Free = on hand over all warehouses − the ready units of open rows (not shipped or on
 * shipping; `ordered` on the stock rows already reserves every residual, so only ready quantities
 * change):
 * - below zero (an unload, a lower count), the ready units over on hand are taken back from the rows
 *   not yet asked to ship, newest order first (the reverse of allocation);
 * - above zero and `allocate` (stock arrived), DESIGN §6 rule 11: the free units go to the rows waiting
 *   for them, oldest order first, pre-orders only within their customer's pre-order days before the
 *   product's release (its release date, else its available-from date).
 */
export async function settleProductStock(
  ctx: Writer,
  productId: number,
  options: { allocate: boolean },
): Promise<StockSettlement> {
  const rows = await q.lockOpenRows(ctx.db, productId);
  if (rows.length === 0) return { allocated: [], deallocated: [] };
  const stock = await q.lockProductStocks(ctx.db, productId);
  const onHand = stock.reduce((sum, s) => sum + s.onHand, 0);
  // Read after the stock lock: a concurrent order's ready units count once it has committed.
  const free = onHand - (await q.sumReady(ctx.db, productId));
  const orderNo = new Map(rows.map((r) => [r.id, r.orderNo]));
  const named = (changes: { rowId: number; quantity: number }[]) =>
    changes.map((c) => ({ order_row_id: c.rowId, orderNo: orderNo.get(c.rowId)!, quantity: c.quantity }));
  if (free < 0) {
    const taken = deallocateStock(rows, -free);
    await q.addReady(
      ctx.db,
      taken.map((t) => ({ rowId: t.rowId, quantity: -t.quantity })),
    );
    return { allocated: [], deallocated: named(taken) };
  }
  if (!options.allocate || free === 0) return { allocated: [], deallocated: [] };
  const allocations = allocateStock(rows, free, shopDate(ctx.now()));
  await q.addReady(ctx.db, allocations);
  return { allocated: named(allocations), deallocated: [] };
}

/**
 * The stock-allocation job (DESIGN §8): free units given to the rows waiting for them, product by
 * product, each in its own transaction. Stock arriving allocates at once; this catches what time alone
 * makes allocatable, a pre-order entering its customer's pre-order days before the release, and
 * anything a change of stock left over. Answers the units given.
 */
export async function allocateWaitingStock(ctx: Writer): Promise<RowAllocation[]> {
  const given: RowAllocation[] = [];
  for (const productId of await q.listProductsToAllocate(ctx.db)) {
    const settled = await inTransaction(ctx, (tx) => settleProductStock(tx, productId, { allocate: true }));
    given.push(...settled.allocated);
  }
  return given;
}
