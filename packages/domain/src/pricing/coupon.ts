import { messages } from '../messages';

/** SPEC §3 Coupon as stored: a percent (basis points), optionally for one customer, in a date window. */
export type CouponInput = {
  code: string;
  value: number;
  customerId: number | null;
  validFrom: string | null;
  validUntil: string | null;
  used: boolean;
};

/**
 * Why a coupon cannot be applied today (YYYY-MM-DD, shop zone) for this customer, as the message the
 * customer sees, or null when it applies. Another customer's coupon, or one not yet valid, reads as
 * unknown: nobody learns that someone else's code exists.
 */
export function couponProblem(coupon: CouponInput | null | undefined, customerId: number, today: string) {
  if (!coupon) return messages.couponUnknown;
  if (coupon.customerId !== null && coupon.customerId !== customerId) return messages.couponUnknown;
  if (coupon.validFrom !== null && today < coupon.validFrom) return messages.couponUnknown;
  if (coupon.used) return messages.couponUsed;
  if (coupon.validUntil !== null && today > coupon.validUntil) return messages.couponExpired;
  return null;
}
