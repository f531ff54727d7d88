import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared';

/**
 * The search vocabulary's reads (db/schema/search.ts): words known or nearest by trigram similarity,
 * authors and labels by prefix, substring or typo, categories by name. Every value is a bound
 * parameter; the words reaching here are letters and digits only (no LIKE wildcard among them).
 */

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type WordMatch = { i: number; known: boolean; best: string | null };

/**
 * For each word (lower-case): whether the vocabulary has it (the last one: as a prefix too, as the
 * list searches it), and else its nearest word by trigram similarity (pg_trgm's `%`, similarity ≥ 0.3,
 * through the GIN index), most similar first; null for a known word.
 */
export function matchWords(db: Db, words: { i: number; word: string; prefix: boolean }[]) {
  // The nearest word is looked for only when the word is unknown: a CASE runs its sub-select only
  // when reached, and most searches are of known words.
  const selects = words.map(
    ({ i, word, prefix }) => sql`select k.i, k.known,
      case when k.known then null else (select s.norm from search_terms s where s.kind = 'w' and s.norm % ${word}
        order by similarity(s.norm, ${word}) desc, s.norm limit 1) end as best
      from (select ${i}::integer as i,
        (exists (select 1 from search_terms s where s.kind = 'w' and s.norm = ${word})
          ${prefix ? sql`or exists (select 1 from search_terms s where s.kind = 'w' and s.norm like ${`${word}%`})` : sql``}
        ) as known) k`,
  );
  return rows<WordMatch>(db, sql.join(selects, sql` union all `));
}

const NAME_COLUMN = { a: 'author', l: 'label' } as const;
type NameKind = keyof typeof NAME_COLUMN;

/**
 * Prepared (issue 22 bench: planning these took ~9 ms, more than running them): per kind, the prefix
 * form (under three characters, a trigram needs three) and the full one.
 */
function nameStatements(kind: NameKind) {
  const column = sql.raw(`p.${NAME_COLUMN[kind]}`);
  const k = sql.raw(`'${kind}'`);
  const text = sql.placeholder('text');
  const prefix = sql.placeholder('prefix');
  const contains = sql.placeholder('contains');
  const limit = sql.placeholder('limit');
  const listed = sql`exists (select 1 from products p where ${column} = s.term and p.parent_id is null and p.available)`;
  return {
    short: preparedSql<{ name: string }>(
      `suggest_${kind}_prefix`,
      () => sql`select s.term as name from search_terms s
      where s.kind = ${k} and s.norm like ${prefix} and ${listed}
      order by s.norm limit ${limit}`,
    ),
    full: preparedSql<{ name: string }>(
      `suggest_${kind}`,
      () => sql`select s.term as name from search_terms s
      where s.kind = ${k} and s.kind <> 'w' and (s.norm like ${contains} or ${text} <% s.norm or s.norm % ${text}) and ${listed}
      order by s.norm like ${prefix} desc, s.norm like ${contains} desc,
        word_similarity(${text}, s.norm) desc, similarity(${text}, s.norm) desc, s.norm
      limit ${limit}`,
    ),
  };
}
const NAME_STATEMENTS = { a: nameStatements('a'), l: nameStatements('l') };

/**
 * Authors ('a') or labels ('l') of listed products matching `text` (lower-case words joined by a
 * space): those starting with it first, then containing it, then near it (pg_trgm's word similarity
 * `<%` ≥ 0.6 for a part of the name, similarity `%` ≥ 0.3 for the whole name: typos).
 * Under three characters only the prefix. Each candidate is checked against the products through the
 * list's (author|label, …) index, so a name whose products are gone or hidden is not offered.
 */
export function matchNames(db: Db, kind: NameKind, text: string, limit: number) {
  const values = { text, prefix: `${text}%`, contains: `%${text}%`, limit };
  const statements = NAME_STATEMENTS[kind];
  return text.length < 3 ? statements.short(db, values) : statements.full(db, values);
}

export type CategoryMatch = { code: string; description: string; category: string | null };

const categoriesStatement = preparedSql<CategoryMatch>(
  'suggest_categories',
  () => sql`select code, description, category from (
      select c.code, c.description, null::text as category, 0 as grp from categories c
      where lower(c.description) like ${sql.placeholder('contains')} or lower(c.code) like ${sql.placeholder('contains')}
      union all
      select s.code, s.description, c.code, 1 from subcategories s join categories c on c.id = s.category_id
      where lower(s.description) like ${sql.placeholder('contains')} or lower(s.code) like ${sql.placeholder('contains')}
    ) m
    order by grp, lower(description) like ${sql.placeholder('prefix')} desc, description, code
    limit ${sql.placeholder('limit')}`,
);

/** Categories, then subcategories, whose name or code contains `text` (tiny tables). */
export function matchCategories(db: Db, text: string, limit: number) {
  return categoriesStatement(db, { contains: `%${text}%`, prefix: `${text}%`, limit });
}
