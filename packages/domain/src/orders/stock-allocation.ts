/** Allocation of arriving stock to open order rows (DESIGN §6 rule 11). */

/** An open row of one product that may take stock: still to ship, part of its residual not ready. */
export type AllocatableRow = {
  id: number;
  /** When the order was placed: the oldest order is served first. */
  orderDate: Date;
  /** ordered − shipped − cancelled. */
  residual: number;
  /** Units of the residual already covered by stock. */
  ready: number;
  isPreorder: boolean;
  /** The product's release date (YYYY-MM-DD); null when it has none. */
  releaseDate: string | null;
  /** The customer's pre-order days: how long before the release a pre-order may take stock. */
  preorderDays: number;
};

export type Allocation = { rowId: number; quantity: number };

/** The day (YYYY-MM-DD) `days` calendar days before `date`. */
function daysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Whether a row may take stock on `today` (YYYY-MM-DD, the shop's zone): any row but a pre-order, and
 * a pre-order from its customer's pre-order days before the product's release date onwards.
 */
export function canTakeStock(
  row: Pick<AllocatableRow, 'isPreorder' | 'releaseDate' | 'preorderDays'>,
  today: string,
) {
  if (!row.isPreorder || row.releaseDate === null) return true;
  return today >= daysBefore(row.releaseDate, Math.max(0, row.preorderDays));
}

/**
 * DESIGN §6 rule 11: gives `free` units (stock on hand not yet allocated to any row) to the rows that
 * may take stock today, oldest order first (ties by row id), each up to its not-ready residual.
 * Returns the ready increments, in that order; rows that get nothing are left out.
 */
export function allocateStock(rows: readonly AllocatableRow[], free: number, today: string): Allocation[] {
  const queue = rows
    .filter((row) => row.residual - row.ready > 0 && canTakeStock(row, today))
    .sort((a, b) => a.orderDate.getTime() - b.orderDate.getTime() || a.id - b.id);
  const allocations: Allocation[] = [];
  let left = Math.max(0, free);
  for (const row of queue) {
    if (left === 0) break;
    const quantity = Math.min(left, row.residual - row.ready);
    allocations.push({ rowId: row.id, quantity });
    left -= quantity;
  }
  return allocations;
}

/** An open row holding ready units: what taking stock back weighs. */
export type ReadyRow = Pick<AllocatableRow, 'id' | 'orderDate' | 'ready'>;

/**
 * The reverse of allocateStock: when on hand falls below the units allocated to open rows, takes
 * `excess` ready units back from the rows, newest order first (ties by the higher row id), each down
 * to zero ready. Returns the ready decrements (positive quantities), in that order.
 */
export function deallocateStock(rows: readonly ReadyRow[], excess: number): Allocation[] {
  const queue = rows
    .filter((row) => row.ready > 0)
    .sort((a, b) => b.orderDate.getTime() - a.orderDate.getTime() || b.id - a.id);
  const taken: Allocation[] = [];
  let left = Math.max(0, excess);
  for (const row of queue) {
    if (left === 0) break;
    const quantity = Math.min(left, row.ready);
    taken.push({ rowId: row.id, quantity });
    left -= quantity;
  }
  return taken;
}
