import type { Ctx } from '../../lib/context';
import * as q from './audit.queries';

/** What the audit log records besides back-office writes (issue 17 point 7). */
export type AccountAction =
  | 'sign-in'
  | 'sign-in-failed'
  | 'second-factor-enabled'
  | 'second-factor-disabled'
  | 'recovery-codes-regenerated'
  | 'token-created'
  | 'token-revoked'
  | 'password-changed'
  | 'password-reset'
  | 'session-ended';

export type AuditEntry = {
  action: AccountAction | 'create' | 'update' | 'delete';
  /** Who acted; defaults to the request's actor. A failed sign-in names the e-mail tried. */
  user?: { id: number | null; email: string | null };
  entity?: string;
  entityId?: string | number;
  changes?: Record<string, { from: unknown; to: unknown }>;
  /** Defaults to the request's client address. */
  ip?: string | null;
};

/**
 * Appends one entry to the audit log. Call it inside the transaction of the change it records, so
 * the trail and the change commit or roll back together.
 */
export async function recordAudit(
  ctx: Pick<Ctx, 'db' | 'actor' | 'now' | 'ip'>,
  entry: AuditEntry,
): Promise<void> {
  const user = entry.user ?? { id: ctx.actor?.userId ?? null, email: ctx.actor?.email ?? null };
  await q.insertAuditEntry(ctx.db, {
    at: ctx.now(),
    userId: user.id,
    userEmail: user.email,
    action: entry.action,
    entity: entry.entity ?? null,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    changes: entry.changes ?? null,
    ip: entry.ip ?? ctx.ip ?? null,
  });
}
