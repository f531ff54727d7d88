import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import * as schema from '../schema';
import { auditLog, users } from '../schema';

/** The database around the demo data: whether it is still empty, and emptying it again. */

/** True when no user exists yet: the signal to load the demo data on first start. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

/**
 * Empties every table of the schema in one TRUNCATE … RESTART IDENTITY CASCADE, except the audit log:
 * it is append-only (issue 17), so the trail of who did what survives a reset of the data.
 */
export async function resetDatabase(db: Db): Promise<void> {
  const names = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable) && value !== auditLog)
    .map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`TRUNCATE TABLE ${names.join(', ')} RESTART IDENTITY CASCADE`));
}
