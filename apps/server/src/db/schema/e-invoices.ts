import type { EInvoiceState } from '@shop/domain';
import { index, integer, jsonb, pgSequence, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { documents } from './sales';

/** The SDI progressive of the shop's files (ProgressivoInvio and the file name): never reused. */
export const eInvoiceProgressive = pgSequence('e_invoice_progressive');

/**
 * The FatturaPA XML of an invoice or credit note (issue 21 points 1–4): one per document, with the
 * SDI file name's progressive, its state and the SDI's errors when rejected.
 */
export const eInvoices = pgTable(
  'e_invoices',
  {
    id: id(),
    documentId: integer()
      .notNull()
      .unique()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** IT + seller VAT number + '_' + progressive + '.xml'. */
    fileName: text().notNull().unique(),
    progressive: integer().notNull().unique(),
    xml: text().notNull(),
    state: text().$type<EInvoiceState>().notNull(),
    /** Why it is held (schema errors, a buyer VAT number that fails its check), or the SDI's errors. */
    errors: jsonb().$type<string[]>().notNull().default([]),
    /** Warnings that do not stop sending, shown to staff (a buyer without SDI code or PEC). */
    warnings: jsonb().$type<string[]>().notNull().default([]),
    /** The SDI's identifier of the file, once sent. */
    sdiId: text(),
    sentAt: timestamp({ withTimezone: true }),
    notifiedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.state)],
);

/** Every SDI notification applied, by its id: the same id again is a replay and is refused. */
export const sdiNotifications = pgTable('sdi_notifications', {
  id: text().primaryKey(),
  eInvoiceId: integer()
    .notNull()
    .references(() => eInvoices.id, { onDelete: 'cascade' }),
  type: text().$type<'RC' | 'NS' | 'MC'>().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
