import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** One of a customer's users; undefined when the id is not his. */
export async function findUserOfCustomer(db: Db, customerId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, disabledAt: users.disabledAt })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.customerId, customerId)))
    .limit(1);
  return row;
}

export async function insertSession(db: Db, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

export async function findSessionExpiry(db: Db, sessionId: number) {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.expiresAt;
}

export function deleteSession(db: Db, sessionId: number) {
  return db.delete(sessions).where(eq(sessions.id, sessionId));
}
