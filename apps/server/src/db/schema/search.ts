import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

/**
 * The search vocabulary (issue 22 point 2; docs/decisions.md, "Search that forgives typos"): every
 * distinct word of the products' titles, authors and labels (kind 'w', the lexemes of their
 * `search_vector`), and every distinct author ('a') and label ('l'). A few tens of thousands of short
 * strings where the catalogue has a million rows, so trigram similarity over it answers in a few
 * milliseconds: a mistyped word becomes the nearest known one ("did you mean"), and the suggestions
 * while typing find authors and labels by prefix or typo. Filled by the triggers of migration 0019 on
 * every product insert and every change of a title, author or label; never emptied (a term whose
 * products are gone only costs a probe: the searches it leads to are checked against the products).
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    id: id(),
    kind: char({ length: 1 }).notNull(),
    /** As shown: the author or label as a product has it; a word lower-cased, as the tsvector holds it. */
    term: text().notNull(),
    /** lower(term): what is matched. */
    norm: text().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex().on(t.kind, t.norm),
    // Prefix matches (norm LIKE 'ne%') whatever the database's collation.
    index('search_terms_prefix_idx').on(t.kind, t.norm.op('text_pattern_ops')),
    index('search_terms_words_trgm_idx').using('gin', t.norm.op('gin_trgm_ops')).where(sql`kind = 'w'`),
    index('search_terms_names_trgm_idx').using('gin', t.norm.op('gin_trgm_ops')).where(sql`kind <> 'w'`),
  ],
);

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()), compared as text by the driver. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The products whose listing changed (issue 23; docs/decisions.md, "Lists from an in-process index"),
 * each server instance's list index reads the rows of the transactions that committed since its last
 * read (by transaction id: a sequence number is taken before commit, so it would skip a slow writer) and
 * reloads those products. Written by the statement triggers of migration 0021 when a
 * product is added, removed or changes something a list filters, sorts or searches on (stock moving
 * between 0 and more, not every movement; prices never). Rows older than a day are deleted by the
 * prune job; an index that fell that far behind builds itself again.
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    seq: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: integer().notNull(),
    /** The writing transaction: a reader takes every row from transactions not yet finished at its last read. */
    xid: xid8().notNull().default(sql`pg_current_xact_id()`),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.xid), index().on(t.changedAt)],
);
