/** A product's stock in one warehouse, as locked for an order. */
export type StockRow = {
  id: number;
  productId: number;
  warehouseId: number;
  onHand: number;
  ordered: number;
};

export type Reservation = {
  /** Quantities added to existing stock rows' `ordered`. */
  onRows: { stockId: number; quantity: number }[];
  /** What must go on a new stock row (a product with no stock row yet, pre-order or on request). */
  onNewRow: number;
  /** Units covered by stock available now: the row's ready quantity (DESIGN §6 rule 11). */
  ready: number;
  /** Units beyond the stock available: a backorder (pre-order or on request only). */
  beyond: number;
};

/**
 * DESIGN §6 rule 9: reserves `quantity` of one product, the warehouse with most available first (ties
 * by warehouse id). What stock cannot cover goes, for pre-order/on-request products only, on the
 * warehouse with most available (a backorder); for others the caller has already refused the order.
 */
export function reserve(rows: readonly StockRow[], quantity: number): Reservation {
  const free = (r: StockRow) => Math.max(0, r.onHand - r.ordered);
  const sorted = [...rows].sort((a, b) => free(b) - free(a) || a.warehouseId - b.warehouseId);
  const onRows = new Map<number, number>();
  let left = quantity;
  for (const row of sorted) {
    const take = Math.min(left, free(row));
    if (take > 0) onRows.set(row.id, take);
    left -= take;
  }
  const ready = quantity - left;
  let onNewRow = 0;
  if (left > 0) {
    const first = sorted[0];
    if (first) onRows.set(first.id, (onRows.get(first.id) ?? 0) + left);
    else onNewRow = left;
  }
  return {
    onRows: [...onRows].map(([stockId, q]) => ({ stockId, quantity: q })),
    onNewRow,
    ready,
    beyond: left,
  };
}
