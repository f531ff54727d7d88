import { type CouponState, type CustomerCoupon, couponState } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import { NotFoundError } from '../../lib/errors';
import { customerExists, listCustomerCoupons } from './coupons.queries';

/** Usable first, then those still to come, then the spent ones. */
const STATE_ORDER: Record<CouponState, number> = { valid: 0, not_yet_valid: 1, used: 2, expired: 3 };

/**
 * GET /api/customers/{id}/coupons: the coupons the customer holds (SPEC §2 profile/coupons), each with
 * its state today in Europe/Rome. Within a state the one ending soonest comes first, then by code.
 */
export async function listCoupons(
  ctx: Pick<Ctx, 'db' | 'now'>,
  customerId: number,
): Promise<CustomerCoupon[]> {
  if (!(await customerExists(ctx.db, customerId))) throw new NotFoundError('Customer not found');
  const today = shopDate(ctx.now());
  const coupons = (await listCustomerCoupons(ctx.db, customerId)).map(
    (row): CustomerCoupon => ({
      id: row.id,
      code: row.code,
      value: row.value,
      valid_from: row.validFrom,
      valid_until: row.validUntil,
      used_at: row.usedAt?.toISOString() ?? null,
      state: couponState(
        { validFrom: row.validFrom, validUntil: row.validUntil, used: row.usedAt !== null },
        today,
      ),
    }),
  );
  // Array.sort is stable: within a state and end date the queries' order by code stays.
  return coupons.sort(
    (a, b) =>
      STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
      (a.valid_until ?? '9999-12-31').localeCompare(b.valid_until ?? '9999-12-31'),
  );
}
