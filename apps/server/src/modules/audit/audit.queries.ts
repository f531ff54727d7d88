import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export async function insertAuditEntry(db: Db, values: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(values);
}
