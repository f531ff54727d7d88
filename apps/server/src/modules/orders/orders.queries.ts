import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customers,
  orderRows,
  orderStatusChanges,
  orders,
  shippingMethods,
  stocks,
  vats,
  warehouses,
} from '../../db/schema';

export type OrderRecord = typeof orders.$inferSelect;
export type OrderRowRecord = typeof orderRows.$inferSelect;

/**
 * What showing an order's money to its customer needs beyond the order (issue 16): the buyer's type,
 * extra-EU flag and tax rule (display mode, VAT treatment) and the VAT rates its shipping and fee bear.
 */
const buyerColumns = {
  buyerType: customers.type,
  buyerExtraCee: customers.extraCee,
  buyerTaxRule: customers.taxRule,
  /** The VAT rate of the order's shipping method; null when it has none. */
  shippingMethodVatRate: vats.rate,
  /** The shop's standard rate (the highest), as the cart's terms read it. */
  standardVatRate: sql<number>`(select coalesce(max(v.rate), 0) from vats v)::integer`,
};

/** An order with what showing its money to its customer needs. */
export type ShownOrderRecord = OrderRecord & {
  buyerType: (typeof customers.$inferSelect)['type'];
  buyerExtraCee: boolean;
  buyerTaxRule: (typeof customers.$inferSelect)['taxRule'];
  shippingMethodVatRate: number | null;
  standardVatRate: number;
};

async function findShownOrder(db: Db, where: SQL | undefined): Promise<ShownOrderRecord | undefined> {
  const [order] = await db
    .select({ ...getTableColumns(orders), ...buyerColumns })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(shippingMethods, eq(shippingMethods.id, orders.shippingMethodId))
    .leftJoin(vats, eq(vats.id, shippingMethods.vatId))
    .where(where);
  return order;
}

export function findOrderByNo(db: Db, orderNo: string) {
  return findShownOrder(db, eq(orders.orderNo, orderNo));
}

export async function findOrderById(db: Db, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order;
}

export function listOrderRows(db: Db, orderId: number) {
  return db.select().from(orderRows).where(eq(orderRows.orderId, orderId)).orderBy(asc(orderRows.id));
}

/** The order's status, its row locked until the transaction ends. */
export async function lockOrderStatus(db: Db, id: number) {
  const [row] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  return row;
}

export async function updateOrderStatus(db: Db, id: number, status: OrderRecord['status']) {
  await db.update(orders).set({ status, updatedAt: sql`now()` }).where(eq(orders.id, id));
}

export async function insertStatusChange(db: Db, values: typeof orderStatusChanges.$inferInsert) {
  await db.insert(orderStatusChanges).values(values);
}

/** The stock rows of these products, locked in one stable order (product, warehouse) so orders never deadlock. */
export async function lockStocks(db: Db, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      id: stocks.id,
      productId: stocks.productId,
      warehouseId: stocks.warehouseId,
      onHand: stocks.onHand,
      ordered: stocks.ordered,
    })
    .from(stocks)
    .where(inArray(stocks.productId, productIds))
    .orderBy(asc(stocks.productId), asc(stocks.warehouseId))
    .for('update');
}

/** Adds reservations to stock rows in one statement (one pass of the available-quantity trigger). */
export async function reserveStocks(db: Db, reservations: { stockId: number; quantity: number }[]) {
  if (reservations.length === 0) return;
  const ids = `{${reservations.map((r) => r.stockId).join(',')}}`;
  const quantities = `{${reservations.map((r) => r.quantity).join(',')}}`;
  await db.execute(sql`update stocks s set ordered = s.ordered + r.quantity, updated_at = now()
    from unnest(${ids}::integer[], ${quantities}::integer[]) as r(id, quantity)
    where s.id = r.id`);
}

/** Reserves on a product that has no stock row yet (pre-order, on request): a row in the given warehouse. */
export async function reserveNewStock(db: Db, productId: number, warehouseId: number, quantity: number) {
  await db
    .insert(stocks)
    .values({ productId, warehouseId, ordered: quantity })
    .onConflictDoUpdate({
      target: [stocks.productId, stocks.warehouseId],
      set: { ordered: sql`${stocks.ordered} + ${quantity}`, updatedAt: sql`now()` },
    });
}

export async function findFirstWarehouseId(db: Db): Promise<number | undefined> {
  const [row] = await db.select({ id: warehouses.id }).from(warehouses).orderBy(asc(warehouses.id)).limit(1);
  return row?.id;
}

/** The next order id, taken before the insert so the order number can be made from it. */
export async function nextOrderId(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::integer as id`,
  )) as unknown as {
    rows: { id: number }[];
  };
  return result.rows[0]!.id;
}

export function findOrderByIdempotencyKey(db: Db, customerId: number, key: string) {
  return findShownOrder(db, and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)));
}

/** Writes the order and reads it back with what showing its money needs. */
export async function insertOrder(db: Db, values: typeof orders.$inferInsert): Promise<ShownOrderRecord> {
  const [order] = await db.insert(orders).values(values).returning({ id: orders.id });
  return (await findShownOrder(db, eq(orders.id, order!.id)))!;
}

export function insertOrderRows(db: Db, values: (typeof orderRows.$inferInsert)[]) {
  return db.insert(orderRows).values(values).returning();
}
