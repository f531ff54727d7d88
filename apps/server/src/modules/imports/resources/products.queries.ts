import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/** What writing variants does to their products (issue 3: variants import). */

/** The products gain has_variants; those without a default variant get their first one. */
export async function markParents(db: Db, parentIds: number[]) {
  if (parentIds.length === 0) return;
  const ids = sql`string_to_array(${parentIds.join(',')}, ',')::int[]`;
  await db.execute(sql`update products set has_variants = true where id = any(${ids}) and not has_variants`);
  await db.execute(sql`update products v set is_default_variant = true
    where v.id in (select distinct on (x.parent_id) x.id from products x where x.parent_id = any(${ids})
                   order by x.parent_id, x.variant_value, x.id)
      and not exists (select 1 from products d where d.parent_id = v.parent_id and d.is_default_variant)`);
}

/** These variants become their products' only default variant. */
export async function makeDefault(db: Db, variantIds: number[]) {
  if (variantIds.length === 0) return;
  const ids = sql`string_to_array(${variantIds.join(',')}, ',')::int[]`;
  await db.execute(sql`update products p set is_default_variant = (p.id = any(${ids}))
    where p.parent_id in (select x.parent_id from products x where x.id = any(${ids}))`);
}

export const variantIdsBySku = async (db: Db, skus: string[]) =>
  skus.length === 0
    ? []
    : (
        (await db.execute(
          sql`select id from products where sku = any(string_to_array(${skus.join('\u001f')}, E'\\x1f'))`,
        )) as unknown as { rows: { id: number }[] }
      ).rows.map((r) => r.id);
