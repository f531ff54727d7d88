import type { CachedSession } from '../../lib/context';
import { TtlLruCache } from '../../lib/lru-cache';

/**
 * Signed-in actors by session token hash, kept SESSION_CACHE_MS by each server instance (Deps.sessions):
 * every signed-in request would otherwise read its session first (docs/decisions.md, "Session lookups
 * cached 2 s"). Signing out, a password change or a reset drop this instance's entries at once; another
 * instance stops accepting a revoked session within SESSION_CACHE_MS. Expiry is checked on every hit.
 */
export const SESSION_CACHE_MS = 2_000;

export function createSessionCache(now: () => Date): TtlLruCache<CachedSession> {
  return new TtlLruCache<CachedSession>(10_000, SESSION_CACHE_MS, () => now().getTime());
}

/** Forgets the cached sessions of a user (all of them, or all but one). */
export function forgetUserSessions(
  cache: TtlLruCache<CachedSession>,
  userId: number,
  exceptSessionId?: number | null,
): void {
  cache.deleteWhere((s) => s.actor.userId === userId && s.actor.sessionId !== exceptSessionId);
}
