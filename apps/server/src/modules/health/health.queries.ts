import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The smallest round trip: a pooled connection, one statement, its answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
