import type { ErpEntity, ErpSyncState } from '@shop/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { customers, erpSyncAttempts, erpSyncs, users } from '../../db/schema';

export function insertSync(db: Db, values: typeof erpSyncs.$inferInsert) {
  return db.insert(erpSyncs).values(values).returning({ id: erpSyncs.id });
}

/** An entity's syncs, newest first, with who asked for each. */
export function listSyncs(db: Db, entity: ErpEntity, entityId: number) {
  return db
    .select({
      id: erpSyncs.id,
      entity: erpSyncs.entity,
      status: erpSyncs.status,
      requestedBy: users.email,
      createdAt: erpSyncs.createdAt,
      sentAt: erpSyncs.sentAt,
    })
    .from(erpSyncs)
    .leftJoin(users, eq(users.id, erpSyncs.requestedByUserId))
    .where(and(eq(erpSyncs.entity, entity), eq(erpSyncs.entityId, entityId)))
    .orderBy(desc(erpSyncs.id));
}

export function listAttempts(db: Db, syncIds: number[]) {
  if (syncIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(erpSyncAttempts)
    .where(inArray(erpSyncAttempts.syncId, syncIds))
    .orderBy(asc(erpSyncAttempts.id));
}

/**
 * The state of an entity's newest sync, NULL when it was never queued: a column for lists and their
 * filter (`orders.id` or `customers.id` as `entityId`).
 */
export function latestSyncState(entity: ErpEntity, entityId: AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select ${erpSyncs.status} from ${erpSyncs}
    where ${erpSyncs.entity} = ${entity} and ${erpSyncs.entityId} = ${entityId}
    order by ${erpSyncs.id} desc limit 1)`;
}

/**
 * The ids of the entities whose newest sync is in `state`: walks that state's syncs (the status index)
 * instead of asking every entity for its newest sync, so a filter on few failures stays a range scan.
 */
export function entitiesWithLatestSync(entity: ErpEntity, state: ErpSyncState): SQL {
  return sql`(select s.entity_id from ${erpSyncs} s where s.entity = ${entity} and s.status = ${state}
    and not exists (select 1 from ${erpSyncs} n
      where n.entity = s.entity and n.entity_id = s.entity_id and n.id > s.id))`;
}

export async function findCustomer(db: Db, id: number) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, id))
    .for('update');
  return row;
}

export function linkCustomer(db: Db, id: number, erpCode: string) {
  return db.update(customers).set({ erpCode, erpConnected: true }).where(eq(customers.id, id));
}

export async function customerExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  return row !== undefined;
}
