import { z } from 'zod';
import { ORDER_STATUSES } from '../orders/status-machine';
import { COUPON_KINDS } from '../pricing/coupon';
import { IdSchema, PageQuerySchema } from './common';

/**
 * The customer's coupons (SPEC §1 'manage … coupons', §2 profile/coupons, §3 Coupon): those restricted
 * to the customer or his group. Open codes (restricted to nobody) are not listed: they are not held by
 * anyone, and listing them would publish every campaign code to every customer.
 */

export const COUPON_STATES = ['valid', 'used', 'expired', 'not_yet_valid'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/**
 * A coupon's state on `today` (YYYY-MM-DD, Europe/Rome), as couponProblem judges it at checkout: used
 * first, then past its last day, then before its first day; both ends of the window count as valid.
 */
export function couponState(
  coupon: { validFrom: string | null; validUntil: string | null; used: boolean },
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
  kind: z.enum(COUPON_KINDS),
  /** Percent off in basis points (10% = 1000), or a fixed amount in cents. */
  value: z.number().int(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** When his last order with it was placed (ISO instant), else null. */
  used_at: z.string().nullable(),
  state: z.enum(COUPON_STATES),
});
export type CustomerCoupon = z.infer<typeof CustomerCouponSchema>;

/**
 * Coupons managed by staff (issue 20 point 5): GET, POST /api/coupons, GET, PUT, DELETE
 * /api/coupons/{id}, GET /api/coupons/{id}/orders. Codes are upper case (checkout matches them in any
 * case); dates are shop days (Europe/Rome); money is net cents.
 */
export const couponMessages = {
  percentOver100: 'A percent cannot be over 100%',
  untilBeforeFrom: 'The end of validity must not be before its start.',
  codeFormat: 'Use letters, digits, - and _ only.',
  usedByOrders: 'Orders used this coupon: end its validity instead of deleting it.',
  customerNotFound: 'Customer :id not found.',
  groupNotFound: 'Customer group :id not found.',
} as const;

export const MAX_FIXED_COUPON = 100_000_000;

const optionalDate = z.iso
  .date()
  .nullish()
  .transform((v) => v ?? null);
const optionalCount = z
  .number()
  .int()
  .min(1)
  .max(1_000_000)
  .nullish()
  .transform((v) => v ?? null);
const idList = z
  .array(IdSchema)
  .max(1000)
  .default([])
  .transform((ids) => [...new Set(ids)]);

export const CouponCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_-]+$/, couponMessages.codeFormat));

/** POST /api/coupons, PUT /api/coupons/{id}: a code taken by another coupon is 'already exist'. */
export const CouponInputSchema = z
  .strictObject({
    code: CouponCodeSchema,
    kind: z.enum(COUPON_KINDS),
    /** Basis points for a percent (1–10000), cents for a fixed amount. */
    value: z.number().int().positive().max(MAX_FIXED_COUPON),
    valid_from: optionalDate,
    valid_until: optionalDate,
    /** The order's net before the coupon from which it applies, cents. */
    min_order: z
      .number()
      .int()
      .min(0)
      .max(1_000_000_000)
      .nullish()
      .transform((v) => v ?? null),
    usage_limit: optionalCount,
    per_customer_limit: optionalCount,
    customer_ids: idList,
    customer_group_ids: idList,
  })
  .refine((c) => c.kind !== 'percent' || c.value <= 10_000, {
    path: ['value'],
    message: couponMessages.percentOver100,
  })
  .refine((c) => !c.valid_from || !c.valid_until || c.valid_from <= c.valid_until, {
    path: ['valid_until'],
    message: couponMessages.untilBeforeFrom,
  });
export type CouponEditInput = z.input<typeof CouponInputSchema>;

const Named = z.object({ id: z.number().int(), name: z.string() });

export const CouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  min_order: z.number().int().nullable(),
  usage_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  customer_groups: z.array(Named),
  customers: z.array(Named),
  /** Orders not cancelled that used it. */
  used: z.number().int(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const COUPON_SORTS = ['code', 'valid_from', 'valid_until', 'used', 'id'] as const;

/** GET /api/coupons: a page, searched by code, by code unless told otherwise. */
export const CouponQuerySchema = z.strictObject({
  ...PageQuerySchema.shape,
  q: z.string().trim().max(200).optional(),
  sort: z.enum(COUPON_SORTS).default('code'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type CouponQuery = z.infer<typeof CouponQuerySchema>;

/** GET /api/coupons/{id}/orders: one order that used the coupon, newest first. */
export const CouponOrderSchema = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  date: z.string(),
  customer_id: z.number().int(),
  customer: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number().int(),
  /** What the coupon took off, net cents. */
  discount: z.number().int(),
});
export type CouponOrder = z.infer<typeof CouponOrderSchema>;
