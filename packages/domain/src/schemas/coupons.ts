import { z } from 'zod';
import type { CouponInput } from '../pricing/coupon';

/**
 * The customer's coupons (SPEC §1 'manage … coupons', §2 profile/coupons, §3 Coupon): those issued to
 * the customer (coupons.customer_id). Shop-wide codes (no customer) are not listed: they are not held
 * by anyone, and listing them would publish every campaign code to every customer.
 */

export const COUPON_STATES = ['valid', 'used', 'expired', 'not_yet_valid'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/**
 * A coupon's state on `today` (YYYY-MM-DD, Europe/Rome), as couponProblem judges it at checkout: used
 * first, then past its last day, then before its first day; both ends of the window count as valid.
 */
export function couponState(
  coupon: Pick<CouponInput, 'validFrom' | 'validUntil' | 'used'>,
  today: string,
): CouponState {
  if (coupon.used) return 'used';
  if (coupon.validUntil !== null && today > coupon.validUntil) return 'expired';
  if (coupon.validFrom !== null && today < coupon.validFrom) return 'not_yet_valid';
  return 'valid';
}

/** GET /api/customers/{id}/coupons: one coupon the customer holds. */
export const CustomerCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** Percent off, basis points (10% = 1000). */
  value: z.number().int(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** When an order used it (ISO instant), else null. */
  used_at: z.string().nullable(),
  state: z.enum(COUPON_STATES),
});
export type CustomerCoupon = z.infer<typeof CustomerCouponSchema>;
