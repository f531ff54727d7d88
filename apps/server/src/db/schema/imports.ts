import type { ImportCellError, ImportResourceName, ImportStatus } from '@shop/domain';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { id, timestamps } from './columns';

/**
 * An Excel/CSV import (issue 3): the uploaded file (kept under DATA_DIR/imports until it is run), its
 * preview (counts and the first invalid cells) and the outcome of its run.
 */
export const imports = pgTable(
  'imports',
  {
    id: id(),
    resource: text().$type<ImportResourceName>().notNull(),
    filename: text().notNull(),
    /** The stored upload's file name under DATA_DIR/imports. */
    storedFile: text().notNull(),
    status: text().$type<ImportStatus>().notNull(),
    totalRows: integer().notNull().default(0),
    invalidRows: integer().notNull().default(0),
    toCreate: integer().notNull().default(0),
    toUpdate: integer().notNull().default(0),
    errors: jsonb().$type<ImportCellError[]>().notNull().default([]),
    errorsTotal: integer().notNull().default(0),
    skipInvalid: boolean(),
    processed: integer().notNull().default(0),
    created: integer(),
    updated: integer(),
    skipped: integer(),
    error: text(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp({ withTimezone: true }),
    /**
     * Written by each committed batch of a run (and each checked batch before the first write): a
     * running import whose heartbeat is minutes old was left by a process that died.
     */
    heartbeatAt: timestamp({ withTimezone: true }),
    /** A failed run that stopped for a reason other than its rows: running it again continues it. */
    resumable: boolean().notNull().default(false),
    finishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.status, t.createdAt)],
);
