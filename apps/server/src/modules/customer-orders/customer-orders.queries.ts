import { OPEN_ORDER_STATUSES, type OrderStatus, SHOP_TIME_ZONE } from '@shop/domain';
import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderRows, orders, shippingRequests } from '../../db/schema';

/** The customer's orders and order rows, as their own area lists them (SPEC §2 profile children). */

const residual = sql<number>`(${orderRows.orderedQty} - ${orderRows.shippedQty} - ${orderRows.cancelledQty})`;
const notReady = sql<number>`(${residual} - ${orderRows.readyQty})`;
const openOrder = inArray(orders.status, [...OPEN_ORDER_STATUSES]);
/** The order's calendar day in the shop's zone (DESIGN §4), compared with a YYYY-MM-DD. */
const orderDay = sql`(${orders.date} at time zone ${SHOP_TIME_ZONE})::date`;

export async function listOrdersOfCustomer(
  db: Db,
  query: { customerId: number; status: OrderStatus | undefined; limit: number; offset: number },
) {
  const where = and(
    eq(orders.customerId, query.customerId),
    query.status ? eq(orders.status, query.status) : undefined,
  );
  const rows = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      date: orders.date,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      total: orders.total,
      totalWithoutTaxes: orders.totalWithoutTaxes,
      placedByEmail: orders.placedByEmail,
      // Spelled out: Drizzle leaves columns of a one-table select unqualified, which a subquery would rebind.
      rowsCount: sql<number>`(select count(*) from order_rows r where r.order_id = "orders"."id")::integer`,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.date), desc(orders.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { rows, total: total?.n ?? 0 };
}

const rowColumns = {
  id: orderRows.id,
  productId: orderRows.productId,
  productSku: orderRows.productSku,
  description: orderRows.description,
  orderedQty: orderRows.orderedQty,
  shippedQty: orderRows.shippedQty,
  cancelledQty: orderRows.cancelledQty,
  readyQty: orderRows.readyQty,
  status: orderRows.status,
  isPreorder: orderRows.isPreorder,
  orderId: orders.id,
  orderNo: orders.orderNo,
  orderDate: orders.date,
  orderStatus: orders.status,
  customerId: orders.customerId,
  processingDate: shippingRequests.processingDate,
};

/** Rows of the customer's orders matching `where`, oldest order first, with their shipping request's date. */
async function pageOfRows(db: Db, where: SQL | undefined, page: { limit: number; offset: number }) {
  const rows = await db
    .select(rowColumns)
    .from(orderRows)
    .innerJoin(orders, eq(orders.id, orderRows.orderId))
    .leftJoin(shippingRequests, eq(shippingRequests.id, orderRows.shippingRequestId))
    .where(where)
    .orderBy(asc(orders.date), asc(orders.id), asc(orderRows.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count(), quantity: sql<number>`coalesce(sum(${notReady}), 0)::integer` })
    .from(orderRows)
    .innerJoin(orders, eq(orders.id, orderRows.orderId))
    .where(where);
  return { rows, total: total?.n ?? 0, notReady: total?.quantity ?? 0 };
}

export type CustomerRowRecord = Awaited<ReturnType<typeof pageOfRows>>['rows'][number];

/** Rows still to ship of open orders (not in a shipping request); `readyOnly` keeps those with a ready part. */
export function listOpenRows(
  db: Db,
  query: { customerId: number; readyOnly: boolean; limit: number; offset: number },
) {
  return pageOfRows(
    db,
    and(
      eq(orders.customerId, query.customerId),
      openOrder,
      eq(orderRows.status, 'not_shipped'),
      gt(residual, 0),
      query.readyOnly ? gt(orderRows.readyQty, 0) : undefined,
    ),
    query,
  );
}

/** Rows in a shipping request, waiting to leave the warehouse. */
export function listOnShippingRows(db: Db, query: { customerId: number; limit: number; offset: number }) {
  return pageOfRows(
    db,
    and(eq(orders.customerId, query.customerId), eq(orderRows.status, 'on_shipping')),
    query,
  );
}

/** DESIGN §6 rule 14: rows of open orders with a not-ready residual, optionally of orders up to a day. */
function backorderWhere(customerId: number, upTo: string | undefined) {
  return and(
    eq(orders.customerId, customerId),
    openOrder,
    inArray(orderRows.status, ['not_shipped', 'on_shipping']),
    gt(notReady, 0),
    upTo ? sql`${orderDay} <= ${upTo}::date` : undefined,
  );
}

export function listBackorderRows(
  db: Db,
  query: { customerId: number; upTo: string | undefined; limit: number; offset: number },
) {
  return pageOfRows(db, backorderWhere(query.customerId, query.upTo), query);
}

/** The backorder rows of orders up to `upTo`, locked (rows only) in id order until the transaction ends. */
export function lockBackorderRows(db: Db, customerId: number, upTo: string) {
  return db
    .select(rowColumns)
    .from(orderRows)
    .innerJoin(orders, eq(orders.id, orderRows.orderId))
    .leftJoin(shippingRequests, eq(shippingRequests.id, orderRows.shippingRequestId))
    .where(backorderWhere(customerId, upTo))
    .orderBy(asc(orderRows.id))
    .for('update', { of: orderRows });
}

/** These rows (whoever's they are), locked in id order until the transaction ends. */
export function lockRows(db: Db, ids: number[]) {
  return db
    .select(rowColumns)
    .from(orderRows)
    .innerJoin(orders, eq(orders.id, orderRows.orderId))
    .leftJoin(shippingRequests, eq(shippingRequests.id, orderRows.shippingRequestId))
    .where(inArray(orderRows.id, ids))
    .orderBy(asc(orderRows.id))
    .for('update', { of: orderRows });
}

/** The rows a shipping request moved, in the order of their orders. */
export function listRowsOfRequest(db: Db, requestId: number) {
  return db
    .select(rowColumns)
    .from(orderRows)
    .innerJoin(orders, eq(orders.id, orderRows.orderId))
    .leftJoin(shippingRequests, eq(shippingRequests.id, orderRows.shippingRequestId))
    .where(eq(orderRows.shippingRequestId, requestId))
    .orderBy(asc(orders.date), asc(orders.id), asc(orderRows.id));
}

export async function findShippingRequestByKey(db: Db, customerId: number, key: string) {
  const [request] = await db
    .select()
    .from(shippingRequests)
    .where(and(eq(shippingRequests.customerId, customerId), eq(shippingRequests.idempotencyKey, key)));
  return request;
}

export async function insertShippingRequest(db: Db, values: typeof shippingRequests.$inferInsert) {
  const [request] = await db.insert(shippingRequests).values(values).returning();
  return request!;
}

export async function putRowsOnShipping(db: Db, rowIds: number[], requestId: number) {
  await db
    .update(orderRows)
    .set({ status: 'on_shipping', shippingRequestId: requestId, updatedAt: sql`now()` })
    .where(inArray(orderRows.id, rowIds));
}

/** Writes each row's new cancelled quantity and status, and who cancelled, in one statement. */
export async function updateRowCancellations(
  db: Db,
  changes: { id: number; cancelledQty: number; status: string }[],
  cancelledByEmail: string | null,
) {
  if (changes.length === 0) return;
  const ids = `{${changes.map((c) => c.id).join(',')}}`;
  const cancelled = `{${changes.map((c) => c.cancelledQty).join(',')}}`;
  const statuses = `{${changes.map((c) => c.status).join(',')}}`;
  await db.execute(sql`update order_rows r set cancelled_qty = c.cancelled, status = c.status,
    cancelled_by_email = ${cancelledByEmail}, updated_at = now()
    from unnest(${ids}::integer[], ${cancelled}::integer[], ${statuses}::text[]) as c(id, cancelled, status)
    where r.id = c.id`);
}

/** Per order: its status, how many rows still have a residual and how many units were shipped. */
export function residualsOfOrders(db: Db, orderIds: number[]) {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      openRows: sql<number>`count(*) filter (where ${residual} > 0)::integer`,
      shipped: sql<number>`coalesce(sum(${orderRows.shippedQty}), 0)::integer`,
    })
    .from(orders)
    .innerJoin(orderRows, eq(orderRows.orderId, orders.id))
    .where(inArray(orders.id, orderIds))
    .groupBy(orders.id)
    .orderBy(asc(orders.id));
}
