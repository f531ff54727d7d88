import { type ApiToken, messages, type RequestTokenInput } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { randomToken, sha256 } from '../../lib/crypto';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { recordAudit } from '../audit/audit.service';
import * as q from './api-tokens.queries';

const DAY_MS = 86_400_000;

async function requireUser(ctx: Pick<Ctx, 'db'>, userId: number) {
  const user = await q.findUserById(ctx.db, userId);
  if (!user) throw new NotFoundError();
  return user;
}

/**
 * POST /api/users/{id}/request-token (SPEC §7, issue 17): a named token with a scope and an expiry of
 * 1 to 365 days; the plain token is returned once and stored only hashed. Only a signed-in session
 * may create one: a token minting tokens could outlive its own expiry, so a Bearer caller gets 403.
 */
export async function requestToken(ctx: Ctx, userId: number, input: RequestTokenInput) {
  if (ctx.actor?.tokenId) throw new ForbiddenError(messages.apiTokenFromToken);
  const secret = randomToken(40);
  const expiresAt = new Date(ctx.now().getTime() + input.expires_in_days * DAY_MS);
  return inTransaction(ctx, async (tx) => {
    await requireUser(tx, userId);
    const row = await q.insertApiToken(tx.db, {
      userId,
      name: input.name,
      scope: input.scope,
      tokenHash: sha256(secret),
      expiresAt,
    });
    await recordAudit(tx, {
      action: 'token-created',
      entity: 'api-token',
      entityId: row.id,
      changes: {
        scope: { from: null, to: row.scope },
        expires_at: { from: null, to: expiresAt.toISOString() },
      },
    });
    return { id: row.id, name: row.name, token: secret };
  });
}

/** GET /api/users/{id}/tokens: never the secrets; expired tokens stay listed until revoked. */
export async function listTokens(ctx: Ctx, userId: number): Promise<ApiToken[]> {
  await requireUser(ctx, userId);
  const rows = await q.listApiTokens(ctx.db, userId);
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    scope: t.scope,
    expires_at: t.expiresAt.toISOString(),
    last_used_at: t.lastUsedAt?.toISOString() ?? null,
    created_at: t.createdAt.toISOString(),
  }));
}

/** DELETE /api/users/{id}/{tokenId}/revoke. */
export async function revokeToken(ctx: Ctx, userId: number, tokenId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if ((await q.deleteApiToken(tx.db, userId, tokenId)) === 0) throw new NotFoundError();
    await recordAudit(tx, { action: 'token-revoked', entity: 'api-token', entityId: tokenId });
  });
}

export type PasswordEvent = 'password-changed' | 'password-reset';

/**
 * Issue 17: a password change or reset revokes every API token of the user. Call it inside the
 * transaction of the password change; it records one 'token-revoked' entry per token and returns
 * how many went, for `sendApiTokensRevokedMail` once the transaction has committed.
 */
export async function revokeAllApiTokens(
  ctx: Pick<Ctx, 'db' | 'actor' | 'now' | 'ip'>,
  owner: { id: number; email: string },
): Promise<number> {
  const ids = await q.deleteUserApiTokens(ctx.db, owner.id);
  // A reset has no signed-in actor: the owner is who acted.
  const user = ctx.actor ? undefined : { id: owner.id, email: owner.email };
  for (const id of ids) {
    await recordAudit(ctx, { action: 'token-revoked', user, entity: 'api-token', entityId: id });
  }
  return ids.length;
}

/** The bilingual notice that the tokens were revoked (SPEC mails are Italian first, then English). */
export function apiTokensRevokedText(
  event: PasswordEvent,
  count: number,
  appUrl: string,
): { subject: string; text: string } {
  const reset = event === 'password-reset';
  const it =
    count === 1 ? 'il tuo token API è stato revocato' : `i tuoi ${count} token API sono stati revocati`;
  const en = count === 1 ? 'your API token was revoked' : `your ${count} API tokens were revoked`;
  return {
    subject: 'I tuoi token API sono stati revocati / Your API tokens were revoked',
    text: [
      `La password del tuo account è stata ${reset ? 'reimpostata' : 'cambiata'}, quindi ${it}.`,
      'Il software che li usava non ha più accesso: crea nuovi token dal tuo profilo.',
      '',
      `The password of your account was ${reset ? 'reset' : 'changed'}, so ${en}.`,
      'Software that used them no longer has access: create new tokens from your profile.',
      '',
      `${appUrl}/profile?tab=api-tokens`,
      '',
      'Se non sei stato tu, contattaci subito. / If it was not you, contact us at once.',
    ].join('\n'),
  };
}

/** Mailed after the password change committed, only when tokens were revoked; a failure is logged. */
export function sendApiTokensRevokedMail(
  ctx: Pick<Ctx, 'mailer' | 'log' | 'config'>,
  to: string,
  event: PasswordEvent,
  count: number,
): void {
  if (count === 0) return;
  ctx.mailer
    .send({ to, ...apiTokensRevokedText(event, count, ctx.config.appUrl) })
    .catch((error: unknown) => ctx.log.error({ err: error }, 'API tokens revoked mail not sent'));
}
