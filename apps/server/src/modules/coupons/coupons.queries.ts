import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  couponCustomerGroups,
  couponCustomers,
  coupons,
  customerGroups,
  customers,
  orderRows,
  orders,
} from '../../db/schema';

/** Coupons managed by staff (issue 20 point 5): one statement each. Usage is counted from orders. */

export type CouponValues = Pick<
  typeof coupons.$inferInsert,
  'code' | 'kind' | 'value' | 'validFrom' | 'validUntil' | 'minOrder' | 'usageLimit' | 'perCustomerLimit'
>;

/** An order counts against the coupon's limits while it is not cancelled. */
const counts = and(eq(orders.couponId, coupons.id), ne(orders.status, 'cancelled'));
const usedColumn = sql<number>`(select count(*)::int from ${orders} where ${counts})`;

const columns = {
  id: coupons.id,
  code: coupons.code,
  kind: coupons.kind,
  value: coupons.value,
  validFrom: coupons.validFrom,
  validUntil: coupons.validUntil,
  minOrder: coupons.minOrder,
  usageLimit: coupons.usageLimit,
  perCustomerLimit: coupons.perCustomerLimit,
  used: usedColumn,
};
export type CouponRecord = Awaited<ReturnType<typeof findCoupon>> & {};

const sortColumns = {
  code: coupons.code,
  valid_from: coupons.validFrom,
  valid_until: coupons.validUntil,
  used: usedColumn,
  id: coupons.id,
};

const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listCoupons(
  db: Db,
  query: {
    q?: string | undefined;
    sort: keyof typeof sortColumns;
    dir: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
) {
  const where = query.q ? ilike(coupons.code, contains(query.q)) : undefined;
  const order = query.dir === 'asc' ? asc : desc;
  const rows = await db
    .select(columns)
    .from(coupons)
    .where(where)
    .orderBy(order(sortColumns[query.sort]), order(coupons.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(coupons).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findCoupon(db: Db, id: number) {
  const [row] = await db.select(columns).from(coupons).where(eq(coupons.id, id));
  return row;
}

/** The groups and customers of these coupons, named (group code, customer company or e-mail). */
export async function listCouponTargets(db: Db, ids: number[]) {
  if (ids.length === 0) return { groups: [], customers: [] };
  const groups = await db
    .select({ couponId: couponCustomerGroups.couponId, id: customerGroups.id, name: customerGroups.code })
    .from(couponCustomerGroups)
    .innerJoin(customerGroups, eq(customerGroups.id, couponCustomerGroups.customerGroupId))
    .where(inArray(couponCustomerGroups.couponId, ids))
    .orderBy(asc(customerGroups.code));
  const people = await db
    .select({
      couponId: couponCustomers.couponId,
      id: customers.id,
      name: sql<string>`coalesce(${customers.company}, ${customers.email})`,
    })
    .from(couponCustomers)
    .innerJoin(customers, eq(customers.id, couponCustomers.customerId))
    .where(inArray(couponCustomers.couponId, ids))
    .orderBy(asc(customers.email));
  return { groups, customers: people };
}

/** The coupon with this code in any case, if any. */
export async function findCouponIdByCode(db: Db, code: string) {
  const [row] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(eq(sql`upper(${coupons.code})`, code.toUpperCase()));
  return row?.id;
}

export async function insertCoupon(db: Db, values: CouponValues): Promise<number> {
  const [row] = await db.insert(coupons).values(values).returning({ id: coupons.id });
  return row!.id;
}

export async function updateCoupon(db: Db, id: number, values: CouponValues) {
  await db.update(coupons).set(values).where(eq(coupons.id, id));
}

/** Holds the coupon's row until the transaction ends: writes and checkouts with it take turns. */
export async function lockCoupon(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id)).for('update');
  return row !== undefined;
}

export const deleteCoupon = async (db: Db, id: number) =>
  (await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id })).length > 0;

export async function setCouponTargets(db: Db, id: number, groupIds: number[], customerIds: number[]) {
  await db.delete(couponCustomerGroups).where(eq(couponCustomerGroups.couponId, id));
  await db.delete(couponCustomers).where(eq(couponCustomers.couponId, id));
  if (groupIds.length > 0)
    await db
      .insert(couponCustomerGroups)
      .values(groupIds.map((customerGroupId) => ({ couponId: id, customerGroupId })));
  if (customerIds.length > 0)
    await db.insert(couponCustomers).values(customerIds.map((customerId) => ({ couponId: id, customerId })));
}

/** Whether any order, cancelled or not, names the coupon. */
export async function hasOrders(db: Db, id: number) {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.couponId, id)).limit(1);
  return row !== undefined;
}

/**
 * The orders that used the coupon, newest first, each with what it took off: the rows' percent
 * (price before coupon − price, per unit ordered) plus their fixed-amount shares.
 */
export async function listCouponOrders(db: Db, id: number) {
  const discount = sql<number>`coalesce((select sum((coalesce(${orderRows.priceBeforeCoupon}, ${orderRows.price}) - ${orderRows.price}) * ${orderRows.orderedQty} + ${orderRows.couponShare}) from ${orderRows} where ${orderRows.orderId} = ${orders.id}), 0)::int`;
  return db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      date: orders.date,
      customerId: orders.customerId,
      customer: sql<string>`coalesce(${customers.company}, ${customers.email})`,
      status: orders.status,
      total: orders.total,
      discount,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.couponId, id))
    .orderBy(desc(orders.date), desc(orders.id));
}

/** A coupon by code in any case, for checkout; `lock` holds its row until the transaction ends. */
export async function findCouponByCode(db: Db, code: string, lock = false) {
  const query = db
    .select({
      id: coupons.id,
      code: coupons.code,
      kind: coupons.kind,
      value: coupons.value,
      validFrom: coupons.validFrom,
      validUntil: coupons.validUntil,
      minOrder: coupons.minOrder,
      usageLimit: coupons.usageLimit,
      perCustomerLimit: coupons.perCustomerLimit,
    })
    .from(coupons)
    .where(eq(sql`upper(${coupons.code})`, code.toUpperCase()));
  const [row] = await (lock ? query.for('update', { of: coupons }) : query);
  return row;
}

/** The orders not cancelled that used the coupon: in all, and by this customer. */
export async function couponUsage(db: Db, couponId: number, customerId: number) {
  const [row] = await db
    .select({
      used: sql<number>`count(*)::int`,
      usedByCustomer: sql<number>`(count(*) filter (where ${orders.customerId} = ${customerId}))::int`,
    })
    .from(orders)
    .where(and(eq(orders.couponId, couponId), ne(orders.status, 'cancelled')));
  return { used: row?.used ?? 0, usedByCustomer: row?.usedByCustomer ?? 0 };
}

/** Whom these coupons are restricted to, as ids. */
export async function couponTargetIds(db: Db, ids: number[]) {
  if (ids.length === 0) return { groups: [], customers: [] };
  const groups = await db
    .select({ couponId: couponCustomerGroups.couponId, id: couponCustomerGroups.customerGroupId })
    .from(couponCustomerGroups)
    .where(inArray(couponCustomerGroups.couponId, ids));
  const people = await db
    .select({ couponId: couponCustomers.couponId, id: couponCustomers.customerId })
    .from(couponCustomers)
    .where(inArray(couponCustomers.couponId, ids));
  return { groups, customers: people };
}

/**
 * The coupons a customer holds: restricted to him or to his group, by code, each with his orders with
 * it (not cancelled, and when he last placed one) and its use in all.
 */
export function listHeldCoupons(db: Db, customerId: number, groupId: number | null) {
  const held: SQL[] = [
    sql`${coupons.id} in (select ${couponCustomers.couponId} from ${couponCustomers} where ${couponCustomers.customerId} = ${customerId})`,
  ];
  if (groupId !== null)
    held.push(
      sql`${coupons.id} in (select ${couponCustomerGroups.couponId} from ${couponCustomerGroups} where ${couponCustomerGroups.customerGroupId} = ${groupId})`,
    );
  const mine = and(counts, eq(orders.customerId, customerId));
  return db
    .select({
      ...columns,
      usedByCustomer: sql<number>`(select count(*)::int from ${orders} where ${mine})`,
      lastUsedAt: sql<Date | null>`(select max(${orders.date}) from ${orders} where ${mine})`.mapWith(
        orders.date,
      ),
    })
    .from(coupons)
    .where(or(...held))
    .orderBy(asc(coupons.code));
}
