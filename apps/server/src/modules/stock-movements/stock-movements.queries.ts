import { OPEN_ORDER_STATUSES } from '@shop/domain';
import { and, asc, count, desc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  customers,
  orderRows,
  orders,
  products,
  stocks,
  users,
  warehouses,
  warehouseTransactions,
} from '../../db/schema';

/** Warehouse transactions, the stock rows a movement changes and the open order rows stock goes to. */

const transactionColumns = {
  id: warehouseTransactions.id,
  documentDate: warehouseTransactions.documentDate,
  documentNumber: warehouseTransactions.documentNumber,
  operation: warehouseTransactions.operation,
  productId: warehouseTransactions.productId,
  sku: warehouseTransactions.sku,
  variantCode: warehouseTransactions.variantCode,
  warehouseId: warehouseTransactions.warehouseId,
  warehouseCode: warehouses.code,
  quantity: warehouseTransactions.quantity,
  previousStock: warehouseTransactions.previousStock,
  resultStock: warehouseTransactions.resultStock,
  user: users.email,
  createdAt: warehouseTransactions.createdAt,
};

function selectTransactions(db: Db) {
  return db
    .select(transactionColumns)
    .from(warehouseTransactions)
    .innerJoin(warehouses, eq(warehouses.id, warehouseTransactions.warehouseId))
    .leftJoin(users, eq(users.id, warehouseTransactions.userId));
}

export type TransactionRecord = NonNullable<Awaited<ReturnType<typeof findTransaction>>>;

/** A warehouse named by its code, or by its id when the text is a number (the code wins). */
function warehouseIs(ref: string): SQL | undefined {
  return /^\d{1,9}$/.test(ref)
    ? or(eq(warehouses.code, ref), eq(warehouses.id, Number(ref)))
    : eq(warehouses.code, ref);
}

export type TransactionFilter = { sku: string | undefined; warehouse: string | undefined };

function filterWhere(filter: TransactionFilter) {
  return and(
    filter.sku ? eq(warehouseTransactions.sku, filter.sku) : undefined,
    filter.warehouse ? warehouseIs(filter.warehouse) : undefined,
  );
}

/** A page of transactions matching the filter, newest first. */
export async function listTransactions(
  db: Db,
  filter: TransactionFilter,
  page: { limit: number; offset: number },
) {
  const where = filterWhere(filter);
  const rows = await selectTransactions(db)
    .where(where)
    .orderBy(desc(warehouseTransactions.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count() })
    .from(warehouseTransactions)
    .innerJoin(warehouses, eq(warehouses.id, warehouseTransactions.warehouseId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The next batch of an export, newest first: transactions older than `beforeId` (all when null). */
export function listTransactionsBefore(
  db: Db,
  filter: TransactionFilter,
  beforeId: number | null,
  limit: number,
) {
  return selectTransactions(db)
    .where(and(filterWhere(filter), beforeId === null ? undefined : lt(warehouseTransactions.id, beforeId)))
    .orderBy(desc(warehouseTransactions.id))
    .limit(limit);
}

export async function findTransaction(db: Db, id: number) {
  const [row] = await selectTransactions(db).where(eq(warehouseTransactions.id, id));
  return row;
}

export function listTransactionsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectTransactions(db)
    .where(inArray(warehouseTransactions.id, ids))
    .orderBy(asc(warehouseTransactions.id));
}

const parents = alias(products, 'parents');

/** The product or variant with this SKU, with its parent's SKU when it is a variant. */
export async function findProductBySku(db: Db, sku: string) {
  const [row] = await db
    .select({
      id: products.id,
      sku: products.sku,
      hasVariants: products.hasVariants,
      parentSku: parents.sku,
    })
    .from(products)
    .leftJoin(parents, eq(parents.id, products.parentId))
    .where(eq(products.sku, sku));
  return row;
}

export async function findWarehouse(db: Db, ref: number | string) {
  const [row] = await db
    .select({ id: warehouses.id, code: warehouses.code })
    .from(warehouses)
    .where(typeof ref === 'number' ? eq(warehouses.id, ref) : warehouseIs(ref))
    // A numeric text that is both a code and another warehouse's id names the code.
    .orderBy(typeof ref === 'number' ? asc(warehouses.id) : sql`${warehouses.code} = ${String(ref)} desc`)
    .limit(1);
  return row;
}

/** Creates the missing stock rows (zero stock) of these warehouses, so they can be locked. */
export async function ensureStockRows(db: Db, productId: number, warehouseIds: number[]) {
  if (warehouseIds.length === 0) return;
  await db
    .insert(stocks)
    .values(warehouseIds.map((warehouseId) => ({ productId, warehouseId })))
    .onConflictDoNothing();
}

/**
 * Every stock row of the product, locked until the transaction ends, in the (product, warehouse) order
 * placing an order locks them in.
 */
export function lockProductStocks(db: Db, productId: number) {
  return db
    .select({ warehouseId: stocks.warehouseId, onHand: stocks.onHand })
    .from(stocks)
    .where(eq(stocks.productId, productId))
    .orderBy(asc(stocks.productId), asc(stocks.warehouseId))
    .for('update');
}

const residual = sql<number>`(${orderRows.orderedQty} - ${orderRows.shippedQty} - ${orderRows.cancelledQty})`;
/** Rows of open orders whose ready units still hold stock: not shipped yet, or waiting to leave. */
const holdingStock = (productId: number) =>
  and(
    eq(orderRows.productId, productId),
    inArray(orderRows.status, ['not_shipped', 'on_shipping']),
    inArray(orders.status, [...OPEN_ORDER_STATUSES]),
  );

/**
 * The product's open rows still to ship (not shipped, a residual left), locked in id order, with what
 * allocation weighs: order date, ready units and the customer's pre-order days. Arriving stock goes to
 * those whose residual is not all ready; stock that leaves is taken back from those holding ready units.
 */
export function lockOpenRows(db: Db, productId: number) {
  return db
    .select({
      id: orderRows.id,
      orderNo: orders.orderNo,
      orderDate: orders.date,
      residual,
      ready: orderRows.readyQty,
      isPreorder: orderRows.isPreorder,
      preorderDays: customers.preorderDays,
      releaseDate: sql<string | null>`coalesce(${products.releaseDate}, ${products.availableFrom})::text`,
    })
    .from(orderRows)
    .innerJoin(orders, eq(orders.id, orderRows.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(products, eq(products.id, orderRows.productId))
    .where(and(holdingStock(productId), eq(orderRows.status, 'not_shipped'), gt(residual, 0)))
    .orderBy(asc(orderRows.id))
    .for('update', { of: orderRows });
}

/** The open rows still to ship of these products, locked in id order; answers their products. */
export async function lockOpenRowsOf(db: Db, productIds: number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ productId: orderRows.productId })
    .from(orderRows)
    .innerJoin(orders, eq(orders.id, orderRows.orderId))
    .where(
      and(
        inArray(orderRows.productId, productIds),
        eq(orderRows.status, 'not_shipped'),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
        gt(residual, 0),
      ),
    )
    .orderBy(asc(orderRows.id))
    .for('update', { of: orderRows });
  return [...new Set(rows.map((r) => r.productId))];
}
/** On hand per product and warehouse, for these products (what an import checks its movements against). */
export function listOnHand(db: Db, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({ productId: stocks.productId, warehouseId: stocks.warehouseId, onHand: stocks.onHand })
    .from(stocks)
    .where(inArray(stocks.productId, productIds));
}

/** The variants of these products, with their product's SKU. */
export function listVariantsOf(db: Db, parentIds: number[]) {
  if (parentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: products.id, sku: products.sku, parentId: products.parentId, parentSku: parents.sku })
    .from(products)
    .innerJoin(parents, eq(parents.id, products.parentId))
    .where(inArray(products.parentId, parentIds));
}

/** Which of these products have variants (and so hold no stock of their own). */
export async function listProductsWithVariants(db: Db, productIds: number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.hasVariants, true)));
  return rows.map((r) => r.id);
}

/** Units of the product already allocated: the ready quantities of open rows that hold stock. */
export async function sumReady(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${orderRows.readyQty}), 0)::integer` })
    .from(orderRows)
    .innerJoin(orders, eq(orders.id, orderRows.orderId))
    .where(holdingStock(productId));
  return row?.n ?? 0;
}

/** Adds each allocation to its row's ready quantity (a negative one takes units back), in one statement. */
export async function addReady(db: Db, allocations: { rowId: number; quantity: number }[]) {
  if (allocations.length === 0) return;
  const ids = allocations.map((a) => a.rowId).join(',');
  const quantities = allocations.map((a) => a.quantity).join(',');
  await db.execute(sql`update order_rows r set ready_qty = r.ready_qty + a.quantity, updated_at = now()
    from unnest(string_to_array(${ids}, ',')::int[], string_to_array(${quantities}, ',')::int[]) as a(id, quantity)
    where r.id = a.id`);
}

/**
 * Products with rows of open orders still waiting for units (a residual not all ready) and free stock
 * to give them: what the stock-allocation job settles.
 */
export async function listProductsToAllocate(db: Db): Promise<number[]> {
  const result = await db.execute(sql`
    select w.product_id from (
      select ${orderRows.productId} as product_id,
        sum(${residual} - ${orderRows.readyQty}) filter (where ${orderRows.status} = 'not_shipped') as waiting,
        sum(${orderRows.readyQty}) as ready
      from ${orderRows} join ${orders} on ${orders.id} = ${orderRows.orderId}
      where ${orderRows.status} in ('not_shipped', 'on_shipping')
        and ${orders.status} in (${sql.join(
          OPEN_ORDER_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
      group by ${orderRows.productId}
    ) w
    join (select ${stocks.productId} as product_id, sum(${stocks.onHand}) as on_hand from ${stocks}
      group by ${stocks.productId}) s on s.product_id = w.product_id
    where w.waiting > 0 and s.on_hand > w.ready
    order by w.product_id`);
  return (result as unknown as { rows: { product_id: number }[] }).rows.map((r) => Number(r.product_id));
}
