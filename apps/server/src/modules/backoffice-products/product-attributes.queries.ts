import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attributeTags, productAttributes } from '../../db/schema';

/** Product and variant attributes by tag code, and the tags that apply (SPEC §3). */

/** The tags of a category and of a subcategory (either may be null). */
export const listTagsFor = (db: Db, categoryId: number | null, subcategoryId: number | null) =>
  db
    .select()
    .from(attributeTags)
    .where(
      or(
        categoryId === null ? sql`false` : eq(attributeTags.categoryId, categoryId),
        subcategoryId === null ? sql`false` : eq(attributeTags.subcategoryId, subcategoryId),
      ),
    )
    .orderBy(asc(attributeTags.categoryId), asc(attributeTags.id));

export const listValues = (db: Db, productId: number) =>
  db
    .select({ code: productAttributes.code, value: productAttributes.value })
    .from(productAttributes)
    .where(eq(productAttributes.productId, productId))
    .orderBy(asc(productAttributes.code));

/** Sets each (product, code) value, inserting or replacing (many rows in one statement). */
export async function upsertValues(db: Db, values: { productId: number; code: string; value: string }[]) {
  if (values.length === 0) return;
  await db
    .insert(productAttributes)
    .values(values)
    .onConflictDoUpdate({
      target: [productAttributes.productId, productAttributes.code],
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
}

export async function deleteValues(db: Db, productId: number, codes: string[]) {
  if (codes.length === 0) return;
  await db
    .delete(productAttributes)
    .where(and(eq(productAttributes.productId, productId), inArray(productAttributes.code, codes)));
}
