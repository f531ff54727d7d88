import type { ApiToken, ChangePasswordInput, CreateUserInput } from '@shop/domain';
import { messages } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { signOutOtherSessions, updatePassword } from '../auth/auth.service';
import * as q from './users.queries';

/** POST /api/users (admin): a sign-in account, for a customer or for staff. */
export async function createUser(ctx: Ctx, input: CreateUserInput) {
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx, async (tx) => {
    if (await q.findUserByEmail(tx.db, input.email))
      throw ValidationError.field('email', messages.emailTaken);
    if (input.customer_id && !(await q.customerExists(tx.db, input.customer_id))) {
      throw ValidationError.field('customer_id', 'Customer not found');
    }
    const user = await q.insertUser(tx.db, {
      email: input.email,
      passwordHash,
      customerId: input.customer_id ?? null,
      isSuperAdmin: input.is_super_admin,
    });
    return {
      id: user.id,
      email: user.email,
      is_super_admin: user.isSuperAdmin,
      customer_id: user.customerId,
    };
  });
}

async function requireUser(ctx: Ctx, userId: number) {
  const user = await q.findUserById(ctx.db, userId);
  if (!user) throw new NotFoundError();
  return user;
}

/** POST /api/users/{id}/request-token: the plain token is returned once and stored only hashed. */
export async function requestToken(ctx: Ctx, userId: number, name: string) {
  await requireUser(ctx, userId);
  const secret = randomToken(40);
  const expiresAt = new Date(ctx.now().getTime() + 90 * 86_400_000);
  const row = await q.insertApiToken(ctx.db, { userId, name, tokenHash: sha256(secret), expiresAt });
  return { id: row.id, name: row.name, token: secret };
}

export async function listTokens(ctx: Ctx, userId: number): Promise<ApiToken[]> {
  await requireUser(ctx, userId);
  const rows = await q.listApiTokens(ctx.db, userId);
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    last_used_at: t.lastUsedAt?.toISOString() ?? null,
    created_at: t.createdAt.toISOString(),
  }));
}

export async function revokeToken(ctx: Ctx, userId: number, tokenId: number): Promise<void> {
  if ((await q.deleteApiToken(ctx.db, userId, tokenId)) === 0) throw new NotFoundError();
}

/**
 * PUT /api/users/{id}/password: users changing their own password confirm the current one; an
 * administrator resetting someone else's does not. Other sessions of that user are signed out.
 */
export async function changePassword(ctx: Ctx, userId: number, input: ChangePasswordInput): Promise<void> {
  const user = await requireUser(ctx, userId);
  const self = ctx.actor?.userId === userId;
  if (self) {
    const ok =
      input.current_password !== undefined &&
      (await verifyPassword(user.passwordHash, input.current_password));
    if (!ok) throw ValidationError.field('current_password', messages.wrongPassword);
  }
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx, async (tx) => {
    await updatePassword(tx, userId, passwordHash);
    await signOutOtherSessions(tx, userId, self ? ctx.actor?.sessionId : null);
  });
}
