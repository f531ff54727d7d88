/** What caps a cart line's quantity (SPEC §5, DESIGN §6 rule 8). */
export type QuantityLimits = {
  minQuantity: number | null;
  maxQuantity: number | null;
  /** Units available now (on hand − reserved). */
  availableQuantity: number;
  /** Pre-order and on-request products are not capped by stock. */
  uncapped: boolean;
};

/**
 * DESIGN §6 rule 8: clamps a quantity to [min_quantity, min(available_quantity, max_quantity)], stock
 * only counting for products that are neither pre-order nor on request. 0 when not even the minimum can
 * be had: the line cannot be bought (out of stock).
 */
export function clampQuantity(requested: number, limits: QuantityLimits): number {
  const lower = Math.max(1, limits.minQuantity ?? 1);
  let upper = limits.maxQuantity ?? Number.POSITIVE_INFINITY;
  if (!limits.uncapped) upper = Math.min(upper, limits.availableQuantity);
  if (upper < lower) return 0;
  return Math.min(upper, Math.max(lower, requested));
}
