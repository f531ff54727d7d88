import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, erpSyncAttempts, erpSyncs, orderRows, orders } from '../../db/schema';

/** Queued syncs not yet handed to the job queue, oldest first. */
export async function listUndispatched(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: erpSyncs.id })
    .from(erpSyncs)
    .where(and(eq(erpSyncs.status, 'queued'), isNull(erpSyncs.dispatchedAt)))
    .orderBy(asc(erpSyncs.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export function markDispatched(db: Db, ids: number[], at: Date) {
  return db.update(erpSyncs).set({ dispatchedAt: at }).where(inArray(erpSyncs.id, ids));
}

export function listSyncs(db: Db, ids: number[]) {
  return db
    .select({
      id: erpSyncs.id,
      entity: erpSyncs.entity,
      entityId: erpSyncs.entityId,
      status: erpSyncs.status,
    })
    .from(erpSyncs)
    .where(inArray(erpSyncs.id, ids));
}

export async function insertAttempts(db: Db, values: (typeof erpSyncAttempts.$inferInsert)[]) {
  if (values.length > 0) await db.insert(erpSyncAttempts).values(values);
}

export async function markSent(db: Db, ids: number[], at: Date) {
  if (ids.length === 0) return;
  await db
    .update(erpSyncs)
    .set({ status: 'sent', sentAt: at, updatedAt: sql`now()` })
    .where(inArray(erpSyncs.id, ids));
}

export async function markFailed(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.update(erpSyncs).set({ status: 'failed', updatedAt: sql`now()` }).where(inArray(erpSyncs.id, ids));
}

/** The ERP's own numbers for the orders, kept from their first answer. */
export async function setErpOrderNos(db: Db, numbers: { order_id: number; erp_order_no: string }[]) {
  if (numbers.length === 0) return;
  await db.execute(sql`update ${orders} o set erp_order_no = n.erp_order_no
    from jsonb_to_recordset(${JSON.stringify(numbers)}::jsonb) as n(order_id int, erp_order_no text)
    where o.id = n.order_id and o.erp_order_no is null`);
}

export function listOrders(db: Db, ids: number[]) {
  return db.select().from(orders).where(inArray(orders.id, ids));
}

export function listOrderRows(db: Db, orderIds: number[]) {
  return db.select().from(orderRows).where(inArray(orderRows.orderId, orderIds)).orderBy(asc(orderRows.id));
}

export function listCustomers(db: Db, ids: number[]) {
  return db
    .select({
      id: customers.id,
      erpCode: customers.erpCode,
      type: customers.type,
      company: customers.company,
      firstname: customers.firstname,
      lastname: customers.lastname,
      email: customers.email,
      vatId: customers.vatId,
      taxNumber: customers.taxNumber,
      sdiCode: customers.sdiCode,
      pec: customers.pec,
      country: customers.country,
    })
    .from(customers)
    .where(inArray(customers.id, ids));
}
