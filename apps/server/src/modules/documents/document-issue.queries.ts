import type { DocumentType } from '@shop/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentRows, documentSequences, documents } from '../../db/schema';

/** Writes of issued documents: the next number of a type and year, the document and its rows. */

/**
 * Takes the next number of the type and year in one statement: the sequence row is created at 1 or
 * raised by one, and stays locked until the transaction ends, so two issuers never share a number.
 */
export async function takeNextNumber(db: Db, type: DocumentType, year: number): Promise<number> {
  const [row] = await db
    .insert(documentSequences)
    .values({ type, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.type, documentSequences.year],
      set: { lastNumber: sql`${documentSequences.lastNumber} + 1`, updatedAt: sql`now()` },
    })
    .returning({ lastNumber: documentSequences.lastNumber });
  return row!.lastNumber;
}

export async function insertDocument(db: Db, values: typeof documents.$inferInsert) {
  const [row] = await db.insert(documents).values(values).returning();
  return row!;
}

export async function insertDocumentRows(db: Db, values: (typeof documentRows.$inferInsert)[]) {
  if (values.length === 0) return;
  await db.insert(documentRows).values(values);
}
