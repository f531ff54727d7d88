import type { ReturnStatus } from '../constants';
import { returnCounts } from './return-status';

/** A row of an earlier return of the same order row, as the returnable quantity sees it. */
export type EarlierReturnRow = {
  status: ReturnStatus;
  /** What the customer asked to return. */
  quantity: number;
  /** What staff received; null until the return is received. */
  receivedQty: number | null;
};

/**
 * Issue 21 point 5: what of an order row may still be asked back: shipped less what earlier returns
 * hold. A refused or cancelled return holds nothing; one requested or authorised holds what was
 * asked; once received (or credited) only what came back, so units that never arrived may be asked
 * again. Never below zero.
 */
export function returnableQuantity(shipped: number, earlier: readonly EarlierReturnRow[]): number {
  const held = earlier.reduce((sum, r) => {
    if (!returnCounts(r.status)) return sum;
    const received = r.status === 'received' || r.status === 'credited';
    return sum + (received ? (r.receivedQty ?? 0) : r.quantity);
  }, 0);
  return Math.max(0, shipped - held);
}
