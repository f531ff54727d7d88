import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';

/**
 * The staff accounts (no customer) with what the staff screen shows. The last sign-in comes from the
 * audit trail (indexed by user and time); a set-password link never used and no sign-in yet is what
 * makes a member 'invited'.
 */
function selectStaff(db: Db) {
  return db
    .select({
      id: users.id,
      email: users.email,
      isSuperAdmin: users.isSuperAdmin,
      disabledAt: users.disabledAt,
      totpEnabledAt: users.totpEnabledAt,
      createdAt: users.createdAt,
      // Written out: inside a one-table select drizzle leaves columns unqualified, and `id` would
      // then name the subquery's own table.
      lastSignInAt: sql<Date | null>`(select max(a.at) from audit_log a
        where a.user_id = users.id and a.action = 'sign-in')`.mapWith(auditLog.at),
      hasPasswordLink: sql<boolean>`exists (select 1 from password_resets r where r.user_id = users.id)`,
      passwordLinkUsed: sql<boolean>`exists (select 1 from password_resets r
        where r.user_id = users.id and r.used_at is not null)`,
    })
    .from(users);
}

export type StaffRow = Awaited<ReturnType<typeof listStaff>>[number];

export function listStaff(db: Db) {
  return selectStaff(db).where(isNull(users.customerId)).orderBy(asc(users.email));
}

export async function findStaffMember(db: Db, id: number): Promise<StaffRow | undefined> {
  const [row] = await selectStaff(db)
    .where(and(eq(users.id, id), isNull(users.customerId)))
    .limit(1);
  return row;
}

/**
 * The ids of the super admins who are not disabled, locked until the transaction ends: two
 * administrators disabling each other at once wait for one another, so one always remains.
 */
export async function lockActiveSuperAdmins(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isSuperAdmin, true), isNull(users.disabledAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

export function setDisabledAt(db: Db, id: number, at: Date | null) {
  return db.update(users).set({ disabledAt: at }).where(eq(users.id, id));
}
