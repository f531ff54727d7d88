import { sql } from 'drizzle-orm';
import { char, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
