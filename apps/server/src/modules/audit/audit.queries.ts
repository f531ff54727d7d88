import { and, count, desc, eq, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export async function insertAuditEntry(db: Db, values: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(values);
}

export type AuditFilter = {
  /** A user id (digits) or a part of the e-mail. */
  user?: string;
  entity?: string;
  entityId?: string;
  action?: string;
  /** Business dates (Europe/Rome), both included. */
  dateFrom?: string;
  dateTo?: string;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const businessDate = sql`(${auditLog.at} at time zone 'Europe/Rome')::date`;

function filterWhere(filter: AuditFilter): SQL | undefined {
  const user = filter.user
    ? /^\d{1,9}$/.test(filter.user)
      ? or(eq(auditLog.userId, Number(filter.user)), ilike(auditLog.userEmail, `%${filter.user}%`))
      : ilike(auditLog.userEmail, `%${escapeLike(filter.user)}%`)
    : undefined;
  return and(
    user,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.dateFrom ? sql`${businessDate} >= ${filter.dateFrom}::date` : undefined,
    filter.dateTo ? sql`${businessDate} <= ${filter.dateTo}::date` : undefined,
  );
}

/** A page of entries, newest first, and how many match. */
export async function listAuditEntries(db: Db, filter: AuditFilter, page: { limit: number; offset: number }) {
  const where = filterWhere(filter);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The next batch of an export, newest first: entries older than `beforeId` (all when null). */
export function listAuditEntriesBefore(db: Db, filter: AuditFilter, beforeId: number | null, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(filterWhere(filter), beforeId === null ? undefined : lt(auditLog.id, beforeId)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

export type AuditRecord = typeof auditLog.$inferSelect;
