import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { images, products } from '../../db/schema';

/** Product images (SPEC §3 'images with a cover'), in their display order. */

export const productExists = async (db: Db, id: number) =>
  (await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1)).length > 0;

export const listImages = (db: Db, productId: number) =>
  db
    .select()
    .from(images)
    .where(eq(images.productId, productId))
    .orderBy(asc(images.position), asc(images.id));

export async function insertImages(db: Db, values: (typeof images.$inferInsert)[]) {
  if (values.length > 0) await db.insert(images).values(values);
}

/** Sets each image's position to its index in `ids`. */
export async function reorder(db: Db, productId: number, ids: number[]) {
  await db
    .update(images)
    .set({
      position: sql`array_position(string_to_array(${ids.join(',')}, ',')::integer[], ${images.id}) - 1`,
    })
    .where(eq(images.productId, productId));
}

/** Makes `imageId` the product's only cover. */
export const setCover = (db: Db, productId: number, imageId: number) =>
  db
    .update(images)
    .set({ isCover: sql`${images.id} = ${imageId}` })
    .where(eq(images.productId, productId));

export const deleteImage = async (db: Db, productId: number, imageId: number) =>
  (
    await db
      .delete(images)
      .where(and(eq(images.productId, productId), eq(images.id, imageId)))
      .returning()
  )[0];
