import { companyMessages } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { randomToken, sha256 } from '../../lib/crypto';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { recordAudit } from '../audit/audit.service';
import { actorFromSession } from '../auth/auth.service';
import * as q from './impersonation.queries';

/** A staff member's session as a customer's user ends this long after it began (issue 19 point 5). */
export const IMPERSONATION_MINUTES = 60;

type Browser = { ip: string; userAgent: string | undefined };
type OpenedSession = { token: string; expiresAt: Date };

/**
 * POST /api/backoffice/customers/{id}/users/{userId}/sign-in-as: a storefront session for the
 * customer's user, opened by the staff member and bound to him. The staff member's own session stays
 * alive; the route keeps its cookie aside to give it back at the end.
 */
export async function startImpersonation(
  ctx: Ctx,
  target: { customerId: number; userId: number },
  browser: Browser,
): Promise<{ session: OpenedSession; staffSessionExpiresAt: Date }> {
  const staff = ctx.actor;
  if (!staff) throw new UnauthenticatedError();
  // The staff session must be a browser's: an API token has no cookie to come back to.
  if (!staff.sessionId) throw new ForbiddenError();
  const staffSessionExpiresAt = await q.findSessionExpiry(ctx.db, staff.sessionId);
  if (!staffSessionExpiresAt) throw new UnauthenticatedError();
  return inTransaction(ctx, async (tx) => {
    const user = await q.findUserOfCustomer(tx.db, target.customerId, target.userId);
    if (!user) throw new NotFoundError();
    if (user.disabledAt) throw new ConflictError(companyMessages.userDisabled);
    const token = randomToken();
    const now = tx.now();
    const expiresAt = new Date(now.getTime() + IMPERSONATION_MINUTES * 60_000);
    await q.insertSession(tx.db, {
      tokenHash: sha256(token),
      userId: user.id,
      impersonatorId: staff.userId,
      ip: browser.ip,
      userAgent: browser.userAgent?.slice(0, 500) ?? null,
      expiresAt,
      lastSeenAt: now,
      createdAt: now,
    });
    await recordAudit(tx, {
      action: 'impersonation-start',
      subject: { id: user.id, email: user.email },
      entity: 'customer',
      entityId: target.customerId,
    });
    return { session: { token, expiresAt }, staffSessionExpiresAt };
  });
}

/**
 * POST /api/impersonation/end: ends the session as the customer's user and gives the browser back the
 * staff member's own session when it is still alive (null when it has meanwhile ended).
 */
export async function endImpersonation(
  ctx: Ctx,
  staffToken: string | undefined,
): Promise<{ customerId: number; staffSession: OpenedSession | null }> {
  const actor = ctx.actor;
  if (!actor?.impersonator || !actor.sessionId || actor.customerId === null) {
    throw new ConflictError(companyMessages.notImpersonating);
  }
  const { sessionId, customerId, impersonator } = actor;
  await inTransaction(ctx, async (tx) => {
    await q.deleteSession(tx.db, sessionId);
    await recordAudit(tx, { action: 'impersonation-end', entity: 'customer', entityId: customerId });
  });
  ctx.sessions.deleteWhere((s) => s.actor.sessionId === sessionId);
  const staff = staffToken ? await actorFromSession(ctx, staffToken) : null;
  // Only the session of the staff member who started this one is given back.
  if (!staff?.sessionId || staff.userId !== impersonator.userId || staff.impersonator) {
    return { customerId, staffSession: null };
  }
  const expiresAt = await q.findSessionExpiry(ctx.db, staff.sessionId);
  return { customerId, staffSession: expiresAt ? { token: staffToken!, expiresAt } : null };
}
