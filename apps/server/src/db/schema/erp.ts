import type { ErpEntity, ErpSyncState } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { id, timestamps } from './columns';

/**
 * The ERP outbox (DESIGN §8): one row per order or customer change to send, written in the same
 * database transaction as the change, so nothing committed is lost before it reaches the ERP.
 */
export const erpSyncs = pgTable(
  'erp_syncs',
  {
    id: id(),
    entity: text().$type<ErpEntity>().notNull(),
    entityId: integer().notNull(),
    /** What the ERP deduplicates on: the order number, or the customer's id. */
    key: text().notNull(),
    status: text().$type<ErpSyncState>().notNull().default('queued'),
    requestedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp({ withTimezone: true }),
    /** When its job was handed to the erp-sync queue; null until the outbox relay does (jobs.ts). */
    dispatchedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index().on(t.entity, t.entityId),
    index().on(t.status),
    index('erp_syncs_undispatched_index')
      .on(t.id)
      .where(sql`${t.status} = 'queued' and ${t.dispatchedAt} is null`),
  ],
);

/** Every attempt to send a sync, with the ERP's answer (or the reason it could not be reached). */
export const erpSyncAttempts = pgTable(
  'erp_sync_attempts',
  {
    id: id(),
    syncId: integer()
      .notNull()
      .references(() => erpSyncs.id, { onDelete: 'cascade' }),
    ok: boolean().notNull(),
    answer: text().notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.syncId)],
);

/**
 * Every ERP callback the shop applied, by the ERP's callback id: the same id again is a replay and is
 * refused (DESIGN §8).
 */
export const erpCallbacks = pgTable('erp_callbacks', {
  id: text().primaryKey(),
  type: text().notNull(),
  orderNo: text(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
