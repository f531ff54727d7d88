import type { FacetField } from '@shop/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { and, baseConditions, facetConditions, type ProductFilter } from './product-list.queries';
import { rows } from './products.queries';

export type FacetRow = { field: FacetField; value: string; n: number };

const FACET_GROUP_SQL: Record<FacetField, string> = {
  label: 'p.label',
  category: 'cat.code',
  subcategory: 'sub.code',
  author: 'p.author',
  area: 'p.area',
  support: 'p.support',
  distribution: 'p.distribution',
  genre: 'p.genre',
};

/**
 * Facet counts in one pass (GROUPING SETS, one set per field): rows matching every non-facet filter
 * are grouped by each field, and each field counts the rows that match all facet filters but its own
 * (standard facet behaviour). The top `top` values per field, by count then value.
 */
export function facetCounts(
  db: Db,
  filter: ProductFilter,
  fields: readonly FacetField[],
  top: number,
): Promise<FacetRow[]> {
  const columns = fields.map((f) => sql.raw(FACET_GROUP_SQL[f]));
  const sets = sql.join(
    columns.map((c) => sql`(${c})`),
    sql`, `,
  );
  // grouping(a, b, …) is a bit mask with a 1 for every column not grouped in the row's set.
  const mask = sql`grouping(${sql.join(columns, sql`, `)})`;
  const cases = fields.map((field, i) => {
    const bits = (1 << fields.length) - 1 - (1 << (fields.length - 1 - i));
    return sql`when ${sql.raw(String(bits))} then ${sql.raw(`'${field}'`)}`;
  });
  const counts = fields.map((field, i) => {
    const bits = (1 << fields.length) - 1 - (1 << (fields.length - 1 - i));
    return sql`when ${sql.raw(String(bits))} then count(*) filter (where ${and(facetConditions(filter, field))})`;
  });
  return rows<FacetRow>(
    db,
    sql`select field, value, n from (
      select field, value, n, row_number() over (partition by field order by n desc, value) as rn
      from (
        select case ${mask} ${sql.join(cases, sql` `)} end as field,
          coalesce(${sql.join(columns, sql`, `)}) as value,
          (case ${mask} ${sql.join(counts, sql` `)} end)::integer as n
        from products p
        left join categories cat on cat.id = p.category_id
        left join subcategories sub on sub.id = p.subcategory_id
        where ${and(baseConditions(filter))}
        group by grouping sets (${sets})
      ) g
      where value is not null and n > 0
    ) ranked
    where rn <= ${top}
    order by field, rn`,
  );
}
