import type { DocumentType } from '@shop/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentSequences, documents, shop } from '../../db/schema';

/** The one shop row the settings live in (the oldest, as GET /api/shop reads it). */
export async function findShopRow(db: Db) {
  const [row] = await db.select().from(shop).orderBy(asc(shop.id)).limit(1);
  return row;
}

export type ShopValues = Omit<typeof shop.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Locks the row for the rest of the transaction: two saves never read the same "before". */
export async function lockShopRow(db: Db) {
  const [row] = await db.select().from(shop).orderBy(asc(shop.id)).limit(1).for('update');
  return row;
}

export async function updateShopRow(db: Db, id: number, values: ShopValues) {
  await db
    .update(shop)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(shop.id, id));
}

export async function insertShopRow(db: Db, values: ShopValues) {
  await db.insert(shop).values(values);
}

/** The last number each document type took in the year. */
export const listDocumentSequences = (db: Db, year: number) =>
  db
    .select({ type: documentSequences.type, lastNumber: documentSequences.lastNumber })
    .from(documentSequences)
    .where(eq(documentSequences.year, year));

/** Whether a document of another type than `type` has a number matching the POSIX `pattern`. */
export async function numberTakenByOtherType(db: Db, type: DocumentType, pattern: string): Promise<boolean> {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(ne(documents.type, type), sql`${documents.number} ~ ${pattern}`))
    .limit(1);
  return row !== undefined;
}
