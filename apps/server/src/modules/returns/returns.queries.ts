import type { BackofficeReturnListQuery } from '@shop/domain';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customers,
  documentRows,
  documents,
  orderRows,
  orders,
  returnRows,
  returnSequences,
  returns,
  stocks,
  warehouses,
} from '../../db/schema';

/** Reads and writes of returns (issue 21 point 5): one statement each, no decisions. */

export type ReturnRecord = typeof returns.$inferSelect;

/** `text` matched anywhere, literally: LIKE's `%`, `_` and PostgreSQL's default escape `\` escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A company by its name, a person by first and last name; the e-mail when neither is known. */
const customerName = sql<string>`case when ${customers.type} = 'G' and coalesce(${customers.company}, '') <> ''
  then ${customers.company}
  else coalesce(nullif(trim(concat_ws(' ', ${customers.firstname}, ${customers.lastname})), ''),
    nullif(${customers.company}, ''), ${customers.email}) end`;

/** The order, its row locked until the transaction ends: one return (or credit note) at a time per order. */
export async function lockOrder(db: Db, orderId: number) {
  const [row] = await db
    .select({ id: orders.id, orderNo: orders.orderNo, customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row;
}

/** The order's rows with what of each was shipped and what credit notes credited so far. */
export function listOrderRows(db: Db, orderId: number) {
  const credited = db
    .select({
      orderRowId: documentRows.orderRowId,
      quantity: sql<number>`sum(${documentRows.quantity})::integer`.as('quantity'),
    })
    .from(documentRows)
    .innerJoin(documents, eq(documents.id, documentRows.documentId))
    .where(and(eq(documents.orderId, orderId), eq(documents.type, 'credit_note')))
    .groupBy(documentRows.orderRowId)
    .as('credited');
  return db
    .select({
      id: orderRows.id,
      productId: orderRows.productId,
      productSku: orderRows.productSku,
      description: orderRows.description,
      shippedQty: orderRows.shippedQty,
      price: orderRows.price,
      vatRate: orderRows.vatRate,
      credited: sql<number>`coalesce(${credited.quantity}, 0)::integer`,
    })
    .from(orderRows)
    .leftJoin(credited, eq(credited.orderRowId, orderRows.id))
    .where(eq(orderRows.orderId, orderId))
    .orderBy(asc(orderRows.id));
}

/** Every row of the order's returns with its return's status: what the returnable quantity subtracts. */
export function listOrderReturnRows(db: Db, orderId: number) {
  return db
    .select({
      orderRowId: returnRows.orderRowId,
      status: returns.status,
      quantity: returnRows.quantity,
      receivedQty: returnRows.receivedQty,
    })
    .from(returnRows)
    .innerJoin(returns, eq(returns.id, returnRows.returnId))
    .where(eq(returns.orderId, orderId));
}

export async function insertReturn(db: Db, values: typeof returns.$inferInsert) {
  const [row] = await db.insert(returns).values(values).returning();
  return row!;
}

export async function insertReturnRows(db: Db, values: (typeof returnRows.$inferInsert)[]) {
  await db.insert(returnRows).values(values);
}

export async function findReturn(db: Db, id: number) {
  const [row] = await db.select().from(returns).where(eq(returns.id, id));
  return row;
}

/** The return, its row locked until the transaction ends: one transition at a time. */
export async function lockReturn(db: Db, id: number) {
  const [row] = await db.select().from(returns).where(eq(returns.id, id)).for('update');
  return row;
}

export async function updateReturn(db: Db, id: number, values: Partial<typeof returns.$inferInsert>) {
  await db
    .update(returns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(returns.id, id));
}

export async function updateReceivedQty(db: Db, rowId: number, receivedQty: number) {
  await db.update(returnRows).set({ receivedQty, updatedAt: sql`now()` }).where(eq(returnRows.id, rowId));
}

/** The returns of these ids (or of one order), newest first, with their order and customer. */
function selectReturns(db: Db) {
  return db
    .select({
      ret: returns,
      orderNo: orders.orderNo,
      customerName,
      customerEmail: customers.email,
      customerLanguage: customers.language,
      customerErpCode: customers.erpCode,
      warehouseCode: warehouses.code,
      creditNote: {
        id: documents.id,
        number: documents.number,
        date: documents.date,
        amount: documents.amount,
        vat: documents.vat,
      },
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .innerJoin(customers, eq(customers.id, returns.customerId))
    .leftJoin(warehouses, eq(warehouses.id, returns.warehouseId))
    .leftJoin(documents, eq(documents.id, returns.creditNoteId));
}
export type ReturnView = Awaited<ReturnType<typeof listReturnViews>>[number];

export function listReturnViews(db: Db, by: { ids: number[] } | { orderId: number }) {
  const where = 'ids' in by ? inArray(returns.id, by.ids) : eq(returns.orderId, by.orderId);
  return selectReturns(db).where(where).orderBy(desc(returns.id));
}

/** The rows of these returns, with their order row's SKU, description and shipped quantity. */
export function listReturnRows(db: Db, returnIds: number[]) {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: returnRows.id,
      returnId: returnRows.returnId,
      orderRowId: returnRows.orderRowId,
      productId: orderRows.productId,
      sku: orderRows.productSku,
      description: orderRows.description,
      shipped: orderRows.shippedQty,
      quantity: returnRows.quantity,
      receivedQty: returnRows.receivedQty,
      reason: returnRows.reason,
      note: returnRows.note,
    })
    .from(returnRows)
    .innerJoin(orderRows, eq(orderRows.id, returnRows.orderRowId))
    .where(inArray(returnRows.returnId, returnIds))
    .orderBy(asc(returnRows.id));
}

type ListFilter = Omit<BackofficeReturnListQuery, 'page' | 'per_page'>;

function filterWhere(filter: ListFilter): SQL | undefined {
  const id = filter.q?.match(/^#(\d{1,9})$/)?.[1];
  const q = filter.q ? contains(filter.q) : null;
  return and(
    id
      ? eq(returns.id, Number(id))
      : q
        ? or(
            ilike(returns.number, q),
            ilike(orders.orderNo, q),
            ilike(customers.company, q),
            ilike(sql`concat_ws(' ', ${customers.firstname}, ${customers.lastname})`, q),
            ilike(customers.email, q),
          )
        : undefined,
    filter.status ? eq(returns.status, filter.status) : undefined,
    filter.order_no ? eq(orders.orderNo, filter.order_no) : undefined,
  );
}

/** A page of returns matching the filter, newest first, with the units each asks, and how many match. */
export async function listReturns(db: Db, filter: ListFilter, page: { limit: number; offset: number }) {
  const where = filterWhere(filter);
  const pieces = sql<number>`(select coalesce(sum(${returnRows.quantity}), 0) from ${returnRows}
    where ${returnRows.returnId} = ${returns.id})::integer`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: returns.id,
        number: returns.number,
        status: returns.status,
        createdAt: returns.createdAt,
        orderNo: orders.orderNo,
        customerId: customers.id,
        customerName,
        pieces,
      })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .innerJoin(customers, eq(customers.id, returns.customerId))
      .where(where)
      .orderBy(desc(returns.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .innerJoin(customers, eq(customers.id, returns.customerId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Takes the next return number of the year in one statement: the sequence row is created at 1 or
 * raised by one, and stays locked until the transaction ends, so two authorisations never share one.
 */
export async function takeNextNumber(db: Db, year: number): Promise<number> {
  const [row] = await db
    .insert(returnSequences)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: returnSequences.year,
      set: { lastNumber: sql`${returnSequences.lastNumber} + 1`, updatedAt: sql`now()` },
    })
    .returning({ lastNumber: returnSequences.lastNumber });
  return row!.lastNumber;
}

export async function warehouseExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, id));
  return row !== undefined;
}

/** The product's on hand in the warehouse (0 without a stock row), that row locked until the transaction ends. */
export async function lockOnHand(db: Db, productId: number, warehouseId: number): Promise<number> {
  const [row] = await db
    .select({ onHand: stocks.onHand })
    .from(stocks)
    .where(and(eq(stocks.productId, productId), eq(stocks.warehouseId, warehouseId)))
    .for('update');
  return row?.onHand ?? 0;
}

/** A credit note's rows, for the ERP. */
export function listDocumentRows(db: Db, documentIds: number[]) {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(documentRows)
    .where(inArray(documentRows.documentId, documentIds))
    .orderBy(asc(documentRows.id));
}
