import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { apiTokens, passwordResets, sessions, systemSettings, users } from '../../db/schema';

export function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function findSpendingLimits(db: Db, userId: number) {
  const [row] = await db
    .select({ orderLimit: users.orderLimit, monthlyLimit: users.monthlyLimit })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export function updateUserPassword(db: Db, userId: number, passwordHash: string) {
  return db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * The live session behind a cookie, with its user: every signed-in request asks this, so it is
 * prepared once per database (no query building per request; a named statement on PostgreSQL).
 */
export async function findSessionByTokenHash(db: Db, tokenHash: string, now: Date) {
  let statement = sessionLookups.get(db);
  if (!statement) {
    statement = prepareSessionLookup(db);
    sessionLookups.set(db, statement);
  }
  const [row] = await statement.execute({ tokenHash, now: now.toISOString() });
  return row;
}

const impersonators = alias(users, 'impersonator');

function prepareSessionLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      user: {
        id: users.id,
        email: users.email,
        isSuperAdmin: users.isSuperAdmin,
        customerId: users.customerId,
        customerRole: users.customerRole,
        disabledAt: users.disabledAt,
      },
      impersonator: { id: impersonators.id, email: impersonators.email },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_by_token_hash');
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

export async function insertSession(db: Db, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export function touchSession(db: Db, id: number, expiresAt: Date, now: Date) {
  return db.update(sessions).set({ expiresAt, lastSeenAt: now }).where(eq(sessions.id, id));
}

export function deleteSession(db: Db, id: number) {
  return db.delete(sessions).where(eq(sessions.id, id));
}

export function deleteSessionByTokenHash(db: Db, tokenHash: string) {
  return db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * A user's live sessions, the most recently seen first. A staff member's session as him (issue 19
 * point 5) is left out: it is not one of his browsers, it ends by itself within the hour, and the audit
 * trail records it.
 */
export function listUserSessions(db: Db, userId: number, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), isNull(sessions.impersonatorId)))
    .orderBy(sql`${sessions.lastSeenAt} desc`);
}

/** Ends one of a user's sessions; the number ended (0 when it is not theirs or already over). */
export async function deleteUserSession(db: Db, userId: number, sessionId: number) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Signs a user out everywhere but, optionally, the session they act from. */
export function deleteUserSessions(db: Db, userId: number, exceptSessionId?: number | null) {
  const except = exceptSessionId ? sql`and ${sessions.id} <> ${exceptSessionId}` : sql``;
  return db.delete(sessions).where(sql`${sessions.userId} = ${userId} ${except}`);
}

export async function findApiTokenByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export function touchApiToken(db: Db, id: number, now: Date) {
  return db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, id));
}

export async function insertPasswordReset(db: Db, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

export async function findUsablePasswordReset(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

export async function findLatestPasswordReset(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.userId, userId))
    .orderBy(sql`${passwordResets.createdAt} desc`)
    .limit(1);
  return row;
}

export function markPasswordResetUsed(db: Db, id: number, now: Date) {
  return db.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, id));
}

/** Reads a setting, creating it with `initial` when absent; every instance ends with the same value. */
export async function getOrCreateSetting(db: Db, key: string, initial: string): Promise<string> {
  await db.insert(systemSettings).values({ key, value: initial }).onConflictDoNothing();
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, key));
  return row!.value;
}
