import type { ReturnReason, ReturnRefundMethod, ReturnStatus } from '@shop/domain';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { cents, id, timestamps } from './columns';
import { customers } from './customers';
import { documents, orderRows, orders } from './sales';
import { warehouses } from './stock';

/**
 * A customer's request to return shipped rows of an order (issue 21 point 5; DESIGN §6 rule 19), from
 * the request to the credit note for what came back and its refund.
 */
export const returns = pgTable(
  'returns',
  {
    id: id(),
    /** The return number staff authorise it with (RMA-2026-000001); null until authorised. */
    number: text().unique(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    status: text().$type<ReturnStatus>().notNull().default('requested'),
    requestedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Photo file names under the data directory's returns folder. */
    photos: jsonb().$type<string[]>().notNull().default([]),
    /** What staff mailed with the authorisation: where and how to send the goods. */
    instructions: text(),
    /** Why staff refused it, or cancelled it after authorising. */
    staffNote: text(),
    /** Where the goods came back to. */
    warehouseId: integer().references(() => warehouses.id),
    creditNoteId: integer().references(() => documents.id),
    refundMethod: text().$type<ReturnRefundMethod>(),
    refundAmount: cents(),
    refundedAt: timestamp({ withTimezone: true }),
    refundReference: text(),
    authorisedAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }),
    creditedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.orderId), index().on(t.customerId), index().on(t.status)],
);

/** A row of a return: what the customer asks to send back, and what staff received of it. */
export const returnRows = pgTable(
  'return_rows',
  {
    id: id(),
    returnId: integer()
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderRowId: integer()
      .notNull()
      .references(() => orderRows.id),
    quantity: integer().notNull(),
    /** Set when staff record the receipt; may be less than asked. */
    receivedQty: integer(),
    reason: text().$type<ReturnReason>().notNull(),
    /** The customer's words, required with reason 'other'. */
    note: text(),
    ...timestamps,
  },
  (t) => [index().on(t.returnId), index().on(t.orderRowId)],
);

/** The last return number issued per year (RMA-{YYYY}-{NNNNNN}). */
export const returnSequences = pgTable(
  'return_sequences',
  {
    id: id(),
    year: integer().notNull(),
    lastNumber: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.year)],
);
