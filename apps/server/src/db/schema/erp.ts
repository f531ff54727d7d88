import type { ErpEntity, ErpSyncState } from '@shop/domain';
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
    ...timestamps,
  },
  (t) => [index().on(t.entity, t.entityId), index().on(t.status)],
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
