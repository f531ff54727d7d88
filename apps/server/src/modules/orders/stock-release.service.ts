import type { Ctx } from '../../lib/context';
import * as q from './orders.queries';
import type { StockRow } from './stock-reservation';

/**
 * DESIGN §6 rule 14: where `quantity` reserved units of one product are given back. First the units
 * reserved beyond what is on hand (the backorder's own reservation), most first, then the rest from
 * the warehouses with most reserved (ties by warehouse id); never below 0, so at most what is reserved.
 */
export function release(
  rows: readonly StockRow[],
  quantity: number,
): { stockId: number; quantity: number }[] {
  const taken = new Map<number, number>();
  let left = quantity;
  const take = (row: StockRow, most: number) => {
    const n = Math.min(left, most - (taken.get(row.id) ?? 0));
    if (n <= 0) return;
    taken.set(row.id, (taken.get(row.id) ?? 0) + n);
    left -= n;
  };
  const over = (r: StockRow) => Math.max(0, r.ordered - r.onHand);
  for (const row of [...rows].sort((a, b) => over(b) - over(a) || a.warehouseId - b.warehouseId))
    take(row, over(row));
  for (const row of [...rows].sort((a, b) => b.ordered - a.ordered || a.warehouseId - b.warehouseId))
    take(row, row.ordered);
  return [...taken].map(([stockId, n]) => ({ stockId, quantity: n }));
}

/**
 * Gives back reservations of cancelled quantities (DESIGN §4: `ordered` is reserved by open rows), so
 * available stock rises by as much. Locks the stock rows in the one stable order (product, warehouse)
 * shared with placing orders; runs in the caller's transaction.
 */
export async function releaseReservedStock(
  ctx: Pick<Ctx, 'db'>,
  releases: { productId: number; quantity: number }[],
): Promise<void> {
  const byProduct = new Map<number, number>();
  for (const r of releases)
    if (r.quantity > 0) byProduct.set(r.productId, (byProduct.get(r.productId) ?? 0) + r.quantity);
  const stock = await q.lockStocks(ctx.db, [...byProduct.keys()]);
  const changes = [...byProduct].flatMap(([productId, quantity]) =>
    release(
      stock.filter((s) => s.productId === productId),
      quantity,
    ),
  );
  // A negative reservation gives the units back, in the same one statement as reserving.
  await q.reserveStocks(
    ctx.db,
    changes.map((c) => ({ stockId: c.stockId, quantity: -c.quantity })),
  );
}
