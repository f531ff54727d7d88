import { type Availability, shopDateOf } from '@shop/domain';

/** Stock shown as a band, never as the exact count. */
export const QUANTITY_BANDS = ['1-5', '6-20', '20+'] as const;
export type QuantityBand = (typeof QUANTITY_BANDS)[number];

export function quantityBand(available: number): QuantityBand | null {
  if (!Number.isFinite(available) || available <= 0) return null;
  if (available <= 5) return '1-5';
  if (available <= 20) return '6-20';
  return '20+';
}

export interface AvailabilityInput {
  availability: Availability;
  available_quantity: number;
  release_date: string | null;
  available_from?: string | null;
}

export interface AvailabilityView {
  status: Availability;
  color: string;
  /** In stock (or low stock): how many, as a band. */
  band: QuantityBand | null;
  /** Pre-order: the release date. */
  releaseDate: string | null;
  /** Out of stock or on request: when it is expected back ('available from'), only if still to come. */
  availableFrom: string | null;
}

const COLORS: Record<Availability, string> = {
  in_stock: 'teal',
  low_stock: 'orange',
  preorder: 'indigo',
  on_request: 'grape',
  out_of_stock: 'gray',
};

/**
 * Issue 4: in stock with a quantity band, low stock, pre-order with release date, on request, out of stock.
 * An 'available from' date today or past promises nothing (issue 22: 'Disponibile dal <today> · Non
 * ordinabile'), so only a date still to come (in the shop's calendar) is shown.
 */
export function availabilityView(
  product: AvailabilityInput,
  today: string = shopDateOf(new Date()),
): AvailabilityView {
  const status = product.availability;
  const stocked = status === 'in_stock' || status === 'low_stock';
  const expected = product.available_from?.slice(0, 10) ?? null;
  return {
    status,
    color: COLORS[status],
    band: stocked ? quantityBand(product.available_quantity) : null,
    releaseDate: status === 'preorder' ? product.release_date : null,
    availableFrom:
      !stocked && status !== 'preorder' && expected !== null && expected > today ? expected : null,
  };
}

export interface QuantityInput {
  availability: Availability;
  available_quantity: number;
  min_quantity?: number | null;
  max_quantity?: number | null;
}

/** The quantities one may add: null when the product cannot be ordered now. */
export interface QuantityLimits {
  min: number;
  /** null: no upper bound (pre-order or on request without a maximum). */
  max: number | null;
}

/**
 * DESIGN §6.8 / SPEC §5: at least min_quantity (1 when absent); at most the available quantity and
 * max_quantity; pre-orders and products on request are not capped by stock.
 */
export function quantityLimits(product: QuantityInput): QuantityLimits | null {
  const min = Math.max(1, product.min_quantity ?? 1);
  const maxQuantity = product.max_quantity != null && product.max_quantity > 0 ? product.max_quantity : null;
  if (product.availability === 'out_of_stock') return null;
  const uncapped = product.availability === 'preorder' || product.availability === 'on_request';
  const max = uncapped
    ? maxQuantity
    : Math.min(product.available_quantity, maxQuantity ?? Number.POSITIVE_INFINITY);
  if (max !== null && max < min) return null;
  return { min, max };
}

/** A wanted quantity brought inside the limits (whole units). */
export function clampQuantity(value: number, limits: QuantityLimits): number {
  const whole = Number.isFinite(value) ? Math.floor(value) : limits.min;
  const atLeast = Math.max(limits.min, whole);
  return limits.max === null ? atLeast : Math.min(atLeast, limits.max);
}
