import { and, count, eq, gte, max, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts, rateLimitHits } from '../../db/schema';

export function insertLoginFailure(db: Db, email: string, ip: string, at: Date) {
  return db.insert(loginAttempts).values({ email, ip, createdAt: at, updatedAt: at });
}

export function clearLoginFailures(db: Db, email: string, ip: string) {
  return db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)));
}

/** Failed sign-ins since a moment for an e-mail, an IP or both, with the oldest and latest of them. */
export async function countLoginFailures(db: Db, since: Date, by: { email?: string; ip?: string }) {
  const [row] = await db
    .select({ failures: count(), oldest: min(loginAttempts.createdAt), latest: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(
      and(
        by.email === undefined ? undefined : eq(loginAttempts.email, by.email),
        by.ip === undefined ? undefined : eq(loginAttempts.ip, by.ip),
        gte(loginAttempts.createdAt, since),
      ),
    );
  return {
    failures: row?.failures ?? 0,
    oldest: row?.oldest ? new Date(row.oldest) : null,
    latest: row?.latest ? new Date(row.latest) : null,
  };
}

export async function countRateLimitHits(db: Db, bucket: string, key: string, since: Date) {
  const [row] = await db
    .select({ hits: count(), oldest: min(rateLimitHits.createdAt) })
    .from(rateLimitHits)
    .where(
      and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key), gte(rateLimitHits.createdAt, since)),
    );
  return { hits: row?.hits ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export function insertRateLimitHit(db: Db, bucket: string, key: string, at: Date) {
  return db.insert(rateLimitHits).values({ bucket, key, createdAt: at, updatedAt: at });
}
