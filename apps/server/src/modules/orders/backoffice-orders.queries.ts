import type { BackofficeOrderListQuery } from '@shop/domain';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customers,
  documents,
  orderRows,
  orderStatusChanges,
  orders,
  payments,
  shippingMethods,
  users,
  vats,
  warehouses,
} from '../../db/schema';
import { entitiesWithLatestSync, latestSyncState } from '../erp/erp.queries';
import { returnsRefunded } from '../payments/payments.queries';

/** The back office's reads of orders and the row writes of its actions: one statement each. */

/** `text` matched anywhere, literally: LIKE's `%`, `_` and PostgreSQL's default escape `\` escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A company by its name, a person by first and last name; the e-mail when neither is known. */
const customerName = sql<string>`case when ${customers.type} = 'G' and coalesce(${customers.company}, '') <> ''
  then ${customers.company}
  else coalesce(nullif(trim(concat_ws(' ', ${customers.firstname}, ${customers.lastname})), ''),
    nullif(${customers.company}, ''), ${customers.email}) end`;

const erpSync = latestSyncState('order', orders.id);
/**
 * The first instant of a business day (DESIGN §4, Europe/Rome), `days` after `date`: the dates filter
 * compares instants, so it walks an index on the order's date.
 */
const dayStart = (date: string, days = 0) =>
  sql`((${date}::date + ${days}::integer)::timestamp at time zone 'Europe/Rome')`;

const sortColumns = {
  date: orders.date,
  order_no: orders.orderNo,
  customer: customerName,
  total: orders.total,
  status: orders.status,
} as const;

type ListFilter = Omit<BackofficeOrderListQuery, 'page' | 'per_page'>;

function filterWhere(filter: ListFilter): SQL | undefined {
  const q = filter.q ? contains(filter.q) : null;
  return and(
    q
      ? or(
          ilike(orders.orderNo, q),
          ilike(orders.billingCompany, q),
          ilike(customers.company, q),
          ilike(customers.firstname, q),
          ilike(customers.lastname, q),
          ilike(sql`concat_ws(' ', ${customers.firstname}, ${customers.lastname})`, q),
          ilike(customers.email, q),
        )
      : undefined,
    filter.status ? inArray(orders.status, filter.status) : undefined,
    filter.date_from ? gte(orders.date, dayStart(filter.date_from)) : undefined,
    filter.date_to ? lt(orders.date, dayStart(filter.date_to, 1)) : undefined,
    filter.customer_id ? eq(orders.customerId, filter.customer_id) : undefined,
    filter.channel ? eq(orders.channel, filter.channel) : undefined,
    filter.payment_method ? eq(orders.paymentMethod, filter.payment_method) : undefined,
    filter.erp_sync === 'not_sent'
      ? isNull(erpSync)
      : filter.erp_sync
        ? inArray(orders.id, entitiesWithLatestSync('order', filter.erp_sync))
        : undefined,
  );
}

/** A page of orders matching the filter, in the given order (then by id), and how many match. */
export async function listOrders(db: Db, filter: ListFilter, page: { limit: number; offset: number }) {
  const where = filterWhere(filter);
  const order = filter.dir === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        orderNo: orders.orderNo,
        date: orders.date,
        customerId: orders.customerId,
        customerName,
        channel: orders.channel,
        paymentMethod: orders.paymentMethod,
        status: orders.status,
        total: orders.total,
        erpSync,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(where)
      .orderBy(order(sortColumns[filter.sort]), order(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The order with its customer's summary and ERP sync state. */
export async function findOrderDetail(db: Db, orderNo: string) {
  const [row] = await db
    .select({
      order: orders,
      customer: {
        id: customers.id,
        name: customerName,
        email: customers.email,
        type: customers.type,
        vatId: customers.vatId,
        erpCode: customers.erpCode,
        taxRule: customers.taxRule,
      },
      erpSync,
      returnsRefunded: returnsRefunded(orders.id),
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.orderNo, orderNo));
  return row;
}

export function listPayments(db: Db, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}

export function listOrderDocuments(db: Db, orderId: number) {
  return db
    .select({
      id: documents.id,
      type: documents.type,
      number: documents.number,
      date: documents.date,
      quantity: documents.quantity,
      amount: documents.amount,
      vat: documents.vat,
      payment_terms_name: documents.paymentTermsName,
    })
    .from(documents)
    .where(eq(documents.orderId, orderId))
    .orderBy(asc(documents.id));
}

/** The order's status changes, oldest first, with the e-mail of who made each. */
export function listStatusChanges(db: Db, orderId: number) {
  return db
    .select({
      from: orderStatusChanges.fromStatus,
      to: orderStatusChanges.toStatus,
      by: users.email,
      at: orderStatusChanges.createdAt,
    })
    .from(orderStatusChanges)
    .leftJoin(users, eq(users.id, orderStatusChanges.userId))
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(asc(orderStatusChanges.id));
}

/** The order's rows, locked until the transaction ends, in id order. */
export function lockOrderRows(db: Db, orderId: number) {
  return db
    .select()
    .from(orderRows)
    .where(eq(orderRows.orderId, orderId))
    .orderBy(asc(orderRows.id))
    .for('update');
}

export async function findOrderRow(db: Db, rowId: number) {
  const [row] = await db.select().from(orderRows).where(eq(orderRows.id, rowId));
  return row;
}

/** One row, locked until the transaction ends. */
export async function lockOrderRow(db: Db, rowId: number) {
  const [row] = await db.select().from(orderRows).where(eq(orderRows.id, rowId)).for('update');
  return row;
}

export async function updateOrderRow(
  db: Db,
  rowId: number,
  values: Partial<Pick<typeof orderRows.$inferInsert, 'shippedQty' | 'cancelledQty' | 'readyQty' | 'status'>>,
) {
  await db
    .update(orderRows)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orderRows.id, rowId));
}

export async function warehouseExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, id));
  return row !== undefined;
}

/**
 * What an order's invoice charges besides the goods: its shipping costs and fee, the customer's tax
 * rule, the shipping method's VAT rate (null without a method) and whether an invoice was issued already.
 */
export async function findInvoiceCharges(db: Db, orderId: number) {
  const [row] = await db
    .select({
      shippingCosts: orders.shippingCosts,
      paymentFee: orders.paymentFee,
      taxRule: customers.taxRule,
      methodVatRate: vats.rate,
      invoiced: sql<boolean>`exists (select 1 from ${documents}
        where ${documents.orderId} = ${orders.id} and ${documents.type} = 'invoice')`,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(shippingMethods, eq(shippingMethods.id, orders.shippingMethodId))
    .leftJoin(vats, eq(vats.id, shippingMethods.vatId))
    .where(eq(orders.id, orderId));
  return row;
}
