import { messages } from '../messages';

/** Issue 20 point 5: a percent off (basis points) or a fixed amount (cents). */
export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/**
 * SPEC §3 Coupon as checkout judges it (issue 20 point 5): its window, minimum order (net cents), usage
 * limits, whom it is restricted to (both lists empty: everyone), and how many orders not cancelled used
 * it, in all and by the customer asking.
 */
export type CouponInput = {
  code: string;
  kind: CouponKind;
  /** Basis points for a percent, cents for a fixed amount. */
  value: number;
  validFrom: string | null;
  validUntil: string | null;
  minOrder: number | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  customerIds: readonly number[];
  customerGroupIds: readonly number[];
  used: number;
  usedByCustomer: number;
};

/** Who asks for the coupon, and the order's net before any coupon (cents). */
export type CouponBuyer = { customerId: number; customerGroupId: number | null; net: number };

/** Whether the coupon is meant for this customer: restricted to him or his group, or to nobody. */
export function couponIsFor(
  coupon: Pick<CouponInput, 'customerIds' | 'customerGroupIds'>,
  customerId: number,
  customerGroupId: number | null,
): boolean {
  if (coupon.customerIds.length === 0 && coupon.customerGroupIds.length === 0) return true;
  return (
    coupon.customerIds.includes(customerId) ||
    (customerGroupId !== null && coupon.customerGroupIds.includes(customerGroupId))
  );
}

/** Whether its orders reached a limit: in all, or by this customer. */
export function couponUsedUp(coupon: Pick<CouponInput, 'usageLimit' | 'used'>): boolean {
  return coupon.usageLimit !== null && coupon.used >= coupon.usageLimit;
}
export function couponUsedByCustomer(coupon: Pick<CouponInput, 'perCustomerLimit' | 'usedByCustomer'>) {
  return coupon.perCustomerLimit !== null && coupon.usedByCustomer >= coupon.perCustomerLimit;
}

/** Cents as the messages write euros: 5000 → '50.00'. */
const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * Why a coupon cannot be applied today (YYYY-MM-DD, shop zone) for this buyer, as the message the
 * customer sees, or null when it applies. A coupon restricted to others, or not yet valid, reads as
 * unknown: nobody learns that someone else's code exists.
 */
export function couponProblem(
  coupon: CouponInput | null | undefined,
  buyer: CouponBuyer,
  today: string,
): string | null {
  if (!coupon) return messages.couponUnknown;
  if (!couponIsFor(coupon, buyer.customerId, buyer.customerGroupId)) return messages.couponUnknown;
  if (coupon.validFrom !== null && today < coupon.validFrom) return messages.couponUnknown;
  // The customer who spent its last use is told he used it; the others that it is used up.
  if (couponUsedByCustomer(coupon) || (couponUsedUp(coupon) && coupon.usedByCustomer > 0))
    return messages.couponUsed;
  if (couponUsedUp(coupon)) return messages.couponUsedUp;
  if (coupon.validUntil !== null && today > coupon.validUntil) return messages.couponExpired;
  if (coupon.minOrder !== null && buyer.net < coupon.minOrder)
    return messages.couponMinOrder.replace(':amount', euros(coupon.minOrder));
  // An order is never placed for less than its coupon; one an edit shrinks later has its goods free.
  if (coupon.kind === 'fixed' && buyer.net < coupon.value)
    return messages.couponLargerThanOrder.replace(':amount', euros(coupon.value));
  return null;
}
