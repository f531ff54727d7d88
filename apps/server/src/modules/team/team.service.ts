import {
  type CustomerRole,
  companyMessages,
  type InviteTeamMemberInput,
  roleHasLimits,
  shopMonthOf,
  type TeamMember,
  type UpdateTeamMemberInput,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { hashPassword, randomToken } from '../../lib/crypto';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { createSetPasswordLink, signOutOtherSessions } from '../auth/auth.service';
import { forgetUserSessions } from '../auth/session-cache';
import { getCustomer } from '../customers/customers.service';
import { getShop } from '../shop/shop.service';
import * as q from './team.queries';

/** An invitation's link stays usable for a week, like a staff invitation's. */
const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * Net (cents) of the user's orders in the shop month of `at` (Europe/Rome) that count toward his monthly
 * limit: neither cancelled nor still waiting for approval. Checkout calls it to decide on approval.
 */
export async function monthlySpent(ctx: Pick<Ctx, 'db'>, userId: number, at: Date): Promise<number> {
  return q.sumSpentInMonth(ctx.db, userId, shopMonthOf(at));
}

function toTeamMember(row: q.MemberRow): TeamMember {
  const invited = row.hasPasswordLink && !row.passwordLinkUsed && !row.lastSignInAt;
  return {
    id: row.id,
    email: row.email,
    // Every customer user got a role in migration 0013; a missing one reads as the admin it was.
    role: row.role ?? 'admin',
    status: row.disabledAt ? 'disabled' : invited ? 'invited' : 'active',
    order_limit: row.orderLimit,
    monthly_limit: row.monthlyLimit,
    spent_this_month: row.spentThisMonth,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** GET /api/customers/{id}/users: the customer's users, company admins first, then by e-mail. */
export async function listTeam(ctx: Pick<Ctx, 'db' | 'now'>, customerId: number): Promise<TeamMember[]> {
  await getCustomer(ctx, customerId);
  return (await q.listMembers(ctx.db, customerId, shopMonthOf(ctx.now()))).map(toTeamMember);
}

/** One user of the customer; a user of another customer (or staff) answers 404. */
export async function getTeamMember(
  ctx: Pick<Ctx, 'db' | 'now'>,
  customerId: number,
  userId: number,
): Promise<TeamMember> {
  const row = await q.findMember(ctx.db, customerId, userId, shopMonthOf(ctx.now()));
  if (!row) throw new NotFoundError();
  return toTeamMember(row);
}

/** A user of any customer by id, for the audit trail's snapshots of the team routes. */
export async function getCustomerUserById(ctx: Pick<Ctx, 'db' | 'now'>, userId: number): Promise<TeamMember> {
  const row = await q.findCustomerUser(ctx.db, userId, shopMonthOf(ctx.now()));
  if (!row) throw new NotFoundError();
  return toTeamMember(row);
}

/** Limits only for the roles that have them: a limit sent with another role is refused on its field. */
function assertLimitsFitRole(
  role: CustomerRole,
  limits: { order_limit?: number | null; monthly_limit?: number | null },
) {
  if (roleHasLimits(role)) return;
  for (const field of ['order_limit', 'monthly_limit'] as const) {
    if (limits[field] != null) throw ValidationError.field(field, companyMessages.limitsNotForRole);
  }
}

/**
 * POST /api/customers/{id}/users: a user of the customer whose password nobody knows, with his role and
 * limits, mailed after the commit a link to set his password (7 days). An e-mail that already signs in
 * anywhere (another customer, staff) is refused on the field: one e-mail, one account.
 */
export async function invite(
  ctx: Ctx,
  customerId: number,
  input: InviteTeamMemberInput,
): Promise<TeamMember> {
  await getCustomer(ctx, customerId);
  assertLimitsFitRole(input.role, input);
  const passwordHash = await hashPassword(randomToken());
  const invitation = await inTransaction(ctx, async (tx) => {
    if (await q.emailHasAccount(tx.db, input.email)) {
      throw ValidationError.field('email', companyMessages.emailHasAccount);
    }
    const user = await q.insertMember(tx.db, {
      email: input.email,
      passwordHash,
      customerId,
      customerRole: input.role,
      orderLimit: input.order_limit ?? null,
      monthlyLimit: input.monthly_limit ?? null,
    });
    return { user, link: await createSetPasswordLink(tx, user, INVITATION_TTL_MS) };
  });
  await mailInvitation(ctx, customerId, invitation);
  return getTeamMember(ctx, customerId, invitation.user.id);
}

/** POST /api/customers/{id}/users/{userId}/resend: a new link, for a user who never used his. */
export async function resendInvitation(
  ctx: Ctx,
  customerId: number,
  userId: number,
): Promise<{ message: string }> {
  const member = await getTeamMember(ctx, customerId, userId);
  if (member.status === 'disabled') throw new ConflictError(companyMessages.userDisabled);
  if (member.status !== 'invited') throw new ConflictError(companyMessages.notInvited);
  const link = await inTransaction(ctx, (tx) => createSetPasswordLink(tx, member, INVITATION_TTL_MS));
  await mailInvitation(ctx, customerId, { user: member, link });
  return { message: companyMessages.invitationResent };
}

/** The invitation mail, in both languages like the staff invitation. */
async function mailInvitation(
  ctx: Ctx,
  customerId: number,
  invitation: { user: { email: string }; link: string },
) {
  const shop = await getShop(ctx).catch(() => null);
  const shopName = shop?.name ?? 'Sonora';
  const customer = await getCustomer(ctx, customerId);
  const company = customer.company ?? [customer.firstname, customer.lastname].filter(Boolean).join(' ');
  await ctx.mailer.send({
    to: invitation.user.email,
    subject: `${shopName}: imposta la password / set your password`,
    text: [
      `Sei stato invitato a ordinare su ${shopName} per ${company}. Imposta la password entro 7 giorni:`,
      `You were invited to order on ${shopName} for ${company}. Set your password within 7 days:`,
      '',
      invitation.link,
    ].join('\n'),
  });
}

/**
 * Refuses to leave the customer without an active company admin when `userId` stops being one. The
 * admins are locked until the transaction ends, so two admins demoting each other at once cannot both
 * pass: the second waits and then sees he is the last.
 */
async function assertNotLastAdmin(tx: Ctx, customerId: number, userId: number) {
  const admins = await q.lockActiveAdmins(tx.db, customerId);
  if (admins.length === 1 && admins[0] === userId) throw new ConflictError(companyMessages.lastCompanyAdmin);
}

/**
 * PUT /api/customers/{id}/users/{userId}: role and limits. A role without limits (admin, viewer) clears
 * them; the last active company admin keeps his role (409). His cached sessions re-read the new role.
 */
export async function updateMember(
  ctx: Ctx,
  customerId: number,
  userId: number,
  input: UpdateTeamMemberInput,
): Promise<TeamMember> {
  await inTransaction(ctx, async (tx) => {
    const member = await q.findMember(tx.db, customerId, userId, shopMonthOf(tx.now()));
    if (!member) throw new NotFoundError();
    const current = member.role ?? 'admin';
    const role = input.role ?? current;
    assertLimitsFitRole(role, input);
    if (current === 'admin' && role !== 'admin') await assertNotLastAdmin(tx, customerId, userId);
    await q.updateMember(
      tx.db,
      userId,
      roleHasLimits(role)
        ? { customerRole: role, orderLimit: input.order_limit, monthlyLimit: input.monthly_limit }
        : { customerRole: role, orderLimit: null, monthlyLimit: null },
    );
  });
  forgetUserSessions(ctx.sessions, userId);
  return getTeamMember(ctx, customerId, userId);
}

/**
 * POST /api/customers/{id}/users/{userId}/disable: he can no longer sign in and his sessions end at
 * once. Not the last active company admin, not oneself (409).
 */
export async function disableMember(ctx: Ctx, customerId: number, userId: number): Promise<TeamMember> {
  await inTransaction(ctx, async (tx) => {
    const member = await q.findMember(tx.db, customerId, userId, shopMonthOf(tx.now()));
    if (!member) throw new NotFoundError();
    if (member.disabledAt) return;
    // Checked before the self rule, so a sole admin hears why his own account must stay.
    if ((member.role ?? 'admin') === 'admin') await assertNotLastAdmin(tx, customerId, userId);
    if (ctx.actor?.userId === userId) throw new ConflictError(companyMessages.disableSelf);
    await q.setDisabledAt(tx.db, userId, tx.now());
    await signOutOtherSessions(tx, userId);
  });
  return getTeamMember(ctx, customerId, userId);
}

/** POST /api/customers/{id}/users/{userId}/enable: he signs in again. */
export async function enableMember(ctx: Ctx, customerId: number, userId: number): Promise<TeamMember> {
  await inTransaction(ctx, async (tx) => {
    if (!(await q.findMember(tx.db, customerId, userId, shopMonthOf(tx.now())))) throw new NotFoundError();
    await q.setDisabledAt(tx.db, userId, null);
  });
  return getTeamMember(ctx, customerId, userId);
}

/**
 * DELETE /api/customers/{id}/users/{userId}: the account goes with its sessions, tokens and links; his
 * orders stay, naming him by the e-mail they recorded. Not the last active company admin, not oneself.
 */
export async function removeMember(ctx: Ctx, customerId: number, userId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const member = await q.findMember(tx.db, customerId, userId, shopMonthOf(tx.now()));
    if (!member) throw new NotFoundError();
    if ((member.role ?? 'admin') === 'admin' && !member.disabledAt)
      await assertNotLastAdmin(tx, customerId, userId);
    if (ctx.actor?.userId === userId) throw new ConflictError(companyMessages.removeSelf);
    await q.deleteUser(tx.db, userId);
  });
  forgetUserSessions(ctx.sessions, userId);
}
