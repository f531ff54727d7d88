import { messages, type UserSession } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { NotFoundError, UnauthenticatedError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { recordAudit } from '../audit/audit.service';
import * as q from './auth.queries';
import { signOutOtherSessions } from './auth.service';
import { describeUserAgent } from './user-agent';

function signedIn(ctx: Ctx) {
  if (!ctx.actor) throw new UnauthenticatedError();
  return ctx.actor;
}

/** GET /api/user/sessions: the account's signed-in browsers, the most recently seen first. */
export async function listSessions(ctx: Ctx): Promise<UserSession[]> {
  const actor = signedIn(ctx);
  const rows = await q.listUserSessions(ctx.db, actor.userId, ctx.now());
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
    started_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.id === actor.sessionId,
  }));
}

/** DELETE /api/user/sessions/{id}: signs one of the account's browsers out (404 when not its own). */
export async function endSession(ctx: Ctx, sessionId: number): Promise<void> {
  const actor = signedIn(ctx);
  await inTransaction(ctx, async (tx) => {
    if ((await q.deleteUserSession(tx.db, actor.userId, sessionId)) === 0) {
      throw new NotFoundError(messages.sessionNotFound);
    }
    await recordAudit(tx, { action: 'session-ended', entity: 'session', entityId: sessionId });
  });
  ctx.sessions.deleteWhere((s) => s.actor.sessionId === sessionId);
}

/** DELETE /api/user/other-sessions: every browser but this one signed out. */
export async function endOtherSessions(ctx: Ctx): Promise<void> {
  const actor = signedIn(ctx);
  await inTransaction(ctx, async (tx) => {
    await signOutOtherSessions(tx, actor.userId, actor.sessionId);
    await recordAudit(tx, { action: 'session-ended', entity: 'session', entityId: 'all-others' });
  });
}
