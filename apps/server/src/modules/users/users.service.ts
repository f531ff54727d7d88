import type { ChangePasswordInput, CreateUserInput } from '@shop/domain';
import { messages } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { recordAudit } from '../audit/audit.service';
import { revokeAllApiTokens, sendApiTokensRevokedMail } from '../auth/api-tokens.service';
import { signOutOtherSessions, updatePassword } from '../auth/auth.service';
import { assertPasswordNotGuessable } from '../auth/password-strength.service';
import * as q from './users.queries';

/** POST /api/users (admin): a sign-in account, for a customer or for staff. */
export async function createUser(ctx: Ctx, input: CreateUserInput) {
  const account = { email: input.email, customerId: input.customer_id };
  await assertPasswordNotGuessable(ctx, input.password, account);
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
      customerRole: input.customer_id ? 'admin' : null,
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

/**
 * PUT /api/users/{id}/password: users changing their own password confirm the current one; an
 * administrator resetting someone else's does not. Other sessions of that user are signed out, and
 * every API token is revoked with a mail saying so (issue 17).
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
  await assertPasswordNotGuessable(ctx, input.password, user);
  const passwordHash = await hashPassword(input.password);
  const revoked = await inTransaction(ctx, async (tx) => {
    await updatePassword(tx, userId, passwordHash);
    await signOutOtherSessions(tx, userId, self ? ctx.actor?.sessionId : null);
    await recordAudit(tx, { action: 'password-changed', entity: 'user', entityId: userId });
    return revokeAllApiTokens(tx, user);
  });
  sendApiTokensRevokedMail(ctx, user.email, 'password-changed', revoked);
}
