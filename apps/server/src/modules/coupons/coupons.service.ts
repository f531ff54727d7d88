import {
  type Coupon,
  type CouponInput,
  type CouponInputSchema,
  type CouponOrder,
  type CouponQuery,
  type CouponState,
  type CustomerCoupon,
  couponMessages,
  couponState,
  couponUsedByCustomer,
  couponUsedUp,
  messages,
  type Page,
} from '@shop/domain';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { isUniqueViolation } from '../../lib/unique-violation';
import { audienceErrors, getCustomer } from '../customers/customers.service';
import * as q from './coupons.queries';

/**
 * Coupons managed by staff (issue 20 point 5): code (unique in any case), percent or fixed amount,
 * validity, minimum order, usage limits in total and per customer, and the customers and groups it is
 * restricted to. Usage is counted from the orders that name it while they are not cancelled; a coupon
 * some order used cannot be deleted (its usage report would be lost): staff end its validity instead.
 */

type Reader = Pick<Ctx, 'db'>;
type CouponBody = z.output<typeof CouponInputSchema>;

async function withTargets(ctx: Reader, rows: (q.CouponRecord | undefined)[]) {
  const found = rows.filter((r) => r !== undefined);
  const targets = await q.listCouponTargets(
    ctx.db,
    found.map((r) => r.id),
  );
  const named = (list: { couponId: number; id: number; name: string }[], id: number) =>
    list.filter((t) => t.couponId === id).map(({ id, name }) => ({ id, name }));
  return found.map(
    (r): Coupon => ({
      id: r.id,
      code: r.code,
      kind: r.kind,
      value: r.value,
      valid_from: r.validFrom,
      valid_until: r.validUntil,
      min_order: r.minOrder,
      usage_limit: r.usageLimit,
      per_customer_limit: r.perCustomerLimit,
      customer_groups: named(targets.groups, r.id),
      customers: named(targets.customers, r.id),
      used: r.used,
    }),
  );
}

/** GET /api/coupons. */
export async function listCoupons(ctx: Reader, query: CouponQuery): Promise<Page<Coupon>> {
  const { rows, total } = await q.listCoupons(ctx.db, {
    q: query.q,
    sort: query.sort,
    dir: query.dir,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: await withTargets(ctx, rows), meta: { total, page: query.page, per_page: query.per_page } };
}

/** GET /api/coupons/{id}. */
export async function getCoupon(ctx: Reader, id: number): Promise<Coupon> {
  const [coupon] = await withTargets(ctx, [await q.findCoupon(ctx.db, id)]);
  if (!coupon) throw new NotFoundError();
  return coupon;
}

/** The code is free in any case (another coupon's is 'already exist'); every group and customer exists. */
async function checkCoupon(tx: Reader, body: CouponBody, exceptId?: number) {
  const errors = await audienceErrors(tx, body);
  const owner = await q.findCouponIdByCode(tx.db, body.code);
  if (owner !== undefined && owner !== exceptId) errors.code = [messages.alreadyExist];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

const values = (body: CouponBody): q.CouponValues => ({
  code: body.code,
  kind: body.kind,
  value: body.value,
  validFrom: body.valid_from,
  validUntil: body.valid_until,
  minOrder: body.min_order,
  usageLimit: body.usage_limit,
  perCustomerLimit: body.per_customer_limit,
});

/** Two writes racing for one code: the unique index decides, and the loser reads 'already exist'. */
async function writeWithCode<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error)) throw ValidationError.field('code', messages.alreadyExist);
    throw error;
  }
}

/** POST /api/coupons. */
export async function createCoupon(ctx: Reader, body: CouponBody): Promise<Coupon> {
  const id = await writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      await checkCoupon(tx, body);
      const id = await q.insertCoupon(tx.db, values(body));
      await q.setCouponTargets(tx.db, id, body.customer_group_ids, body.customer_ids);
      return id;
    }),
  );
  return getCoupon(ctx, id);
}

/** PUT /api/coupons/{id}: orders already placed keep what it took off; new limits count them. */
export async function updateCoupon(ctx: Reader, id: number, body: CouponBody): Promise<Coupon> {
  await writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      if (!(await q.lockCoupon(tx.db, id))) throw new NotFoundError();
      await checkCoupon(tx, body, id);
      await q.updateCoupon(tx.db, id, values(body));
      await q.setCouponTargets(tx.db, id, body.customer_group_ids, body.customer_ids);
    }),
  );
  return getCoupon(ctx, id);
}

/** DELETE /api/coupons/{id}: only a coupon no order used (409 otherwise). */
export async function deleteCoupon(ctx: Reader, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if (!(await q.lockCoupon(tx.db, id))) throw new NotFoundError();
    if (await q.hasOrders(tx.db, id)) throw new ConflictError(couponMessages.usedByOrders);
    await q.deleteCoupon(tx.db, id);
  });
}

/** GET /api/coupons/{id}/orders: the usage report, newest first (cancelled ones shown, not counted). */
export async function listCouponOrders(ctx: Reader, id: number): Promise<Page<CouponOrder>> {
  if (!(await q.findCoupon(ctx.db, id))) throw new NotFoundError();
  const rows = await q.listCouponOrders(ctx.db, id);
  const data = rows.map(
    (r): CouponOrder => ({
      order_id: r.id,
      order_no: r.orderNo,
      date: r.date.toISOString(),
      customer_id: r.customerId,
      customer: r.customer,
      status: r.status,
      total: r.total,
      discount: r.discount,
    }),
  );
  return { data, meta: { total: data.length, page: 1, per_page: Math.max(data.length, 1) } };
}

/** A coupon as checkout judges it for one customer (couponProblem), with its id to write on the order. */
export type CheckoutCoupon = CouponInput & { id: number };

/**
 * The coupon with this code for checkout or a quote, with its restrictions and its use in all and by
 * this customer. Inside the order's transaction `lock` holds its row first, so concurrent orders with
 * it count their uses one after the other and it is used exactly up to its limits.
 */
export async function findCheckoutCoupon(
  ctx: Reader,
  code: string,
  customerId: number,
  lock = false,
): Promise<CheckoutCoupon | undefined> {
  const row = await q.findCouponByCode(ctx.db, code, lock);
  if (!row) return undefined;
  const targets = await q.couponTargetIds(ctx.db, [row.id]);
  const usage = await q.couponUsage(ctx.db, row.id, customerId);
  return {
    ...row,
    customerIds: targets.customers.map((t) => t.id),
    customerGroupIds: targets.groups.map((t) => t.id),
    ...usage,
  };
}

/** Usable first, then those still to come, then the spent ones. */
const STATE_ORDER: Record<CouponState, number> = { valid: 0, not_yet_valid: 1, used: 2, expired: 3 };

/**
 * GET /api/customers/{id}/coupons: the coupons the customer holds (SPEC §2 profile/coupons), those
 * restricted to him or his group, each with its state today in Europe/Rome: used once he reached his
 * own limit or it is used up. Within a state the one ending soonest comes first, then by code.
 */
export async function listHeldCoupons(
  ctx: Pick<Ctx, 'db' | 'now'>,
  customerId: number,
): Promise<CustomerCoupon[]> {
  const customer = await getCustomer(ctx, customerId);
  const today = shopDate(ctx.now());
  const rows = await q.listHeldCoupons(ctx.db, customer.id, customer.customer_group_id);
  const held = rows.map(
    (row): CustomerCoupon => ({
      id: row.id,
      code: row.code,
      kind: row.kind,
      value: row.value,
      valid_from: row.validFrom,
      valid_until: row.validUntil,
      used_at: row.lastUsedAt?.toISOString() ?? null,
      state: couponState(
        {
          validFrom: row.validFrom,
          validUntil: row.validUntil,
          used: couponUsedByCustomer(row) || couponUsedUp(row),
        },
        today,
      ),
    }),
  );
  // Array.sort is stable: within a state and end date the queries' order by code stays.
  return held.sort(
    (a, b) =>
      STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
      (a.valid_until ?? '9999-12-31').localeCompare(b.valid_until ?? '9999-12-31'),
  );
}
