import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recoveryCodes, users } from '../../db/schema';

export async function findTwoFactorUser(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      isSuperAdmin: users.isSuperAdmin,
      customerId: users.customerId,
      customerRole: users.customerRole,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
      totpLastStep: users.totpLastStep,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function isTotpEnabled(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: sql<boolean>`${users.totpEnabledAt} is not null` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.on ?? false;
}

/** A new secret waiting for its first code; the second factor stays off until then. */
export function setPendingTotpSecret(db: Db, userId: number, secret: string) {
  return db
    .update(users)
    .set({ totpSecret: secret, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
}

export function enableTotp(db: Db, userId: number, at: Date, step: number) {
  return db.update(users).set({ totpEnabledAt: at, totpLastStep: step }).where(eq(users.id, userId));
}

export function disableTotp(db: Db, userId: number) {
  return db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
}

/**
 * Records `step` as the last accepted one only when it is later than the last: false when a code of
 * that step (or a later one) was already accepted, also by a concurrent request.
 */
export async function acceptTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[], at: Date) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: at, updatedAt: at })));
}

export function deleteRecoveryCodes(db: Db, userId: number) {
  return db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Marks an unused code used; false when there is no such unused code (also under concurrency). */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: at, updatedAt: at })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodeExists(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash)))
    .limit(1);
  return row !== undefined;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
