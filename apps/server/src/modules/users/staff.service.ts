import { type InviteStaffInput, type StaffMember, staffMessages } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { signOutOtherSessions } from '../auth/auth.service';
import { resetSecondFactor } from '../auth/two-factor.service';
import { getShop } from '../shop/shop.service';
import * as q from './staff.queries';
import { inviteStaff, mailInvitation } from './staff-invite.service';

function toStaffMember(row: q.StaffRow): StaffMember {
  const invited = row.hasPasswordLink && !row.passwordLinkUsed && !row.lastSignInAt;
  return {
    id: row.id,
    email: row.email,
    is_super_admin: row.isSuperAdmin,
    status: row.disabledAt ? 'disabled' : invited ? 'invited' : 'active',
    two_factor: row.totpEnabledAt !== null,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** GET /api/staff (issue 18 point 4): every account without a customer, by e-mail. */
export async function listStaff(ctx: Pick<Ctx, 'db'>): Promise<StaffMember[]> {
  return (await q.listStaff(ctx.db)).map(toStaffMember);
}

/** One member, as the list shows it; a customer's account is not staff and answers 404. */
export async function getStaffMember(ctx: Pick<Ctx, 'db'>, id: number): Promise<StaffMember> {
  const row = await q.findStaffMember(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toStaffMember(row);
}

/**
 * POST /api/staff: a super admin (the back office's one role) without a password, mailed a link to set
 * one after the commit; an e-mail already in use is refused with 422 on the field.
 */
export async function invite(ctx: Ctx, input: InviteStaffInput): Promise<StaffMember> {
  const invitation = await inTransaction(ctx, (tx) =>
    inviteStaff(tx, { email: input.email, is_super_admin: true }),
  );
  const shop = await getShop(ctx).catch(() => null);
  await mailInvitation(ctx, invitation, shop?.name ?? 'Sonora');
  return getStaffMember(ctx, invitation.user.id);
}

/**
 * POST /api/staff/{id}/disable: the member can no longer sign in; their sessions end at once (on every
 * instance within the session cache's window) and their API tokens are refused while disabled. The
 * last active super admin cannot be disabled (409), nor can administrators disable themselves.
 */
export async function disable(ctx: Ctx, id: number): Promise<StaffMember> {
  await inTransaction(ctx, async (tx) => {
    const member = await q.findStaffMember(tx.db, id);
    if (!member) throw new NotFoundError();
    if (member.disabledAt) return;
    const active = await q.lockActiveSuperAdmins(tx.db);
    // Checked before the self rule, so a sole administrator hears why their own account must stay.
    if (active.length === 1 && active[0] === id) throw new ConflictError(staffMessages.lastSuperAdmin);
    if (ctx.actor?.userId === id) throw new ConflictError(staffMessages.disableSelf);
    await q.setDisabledAt(tx.db, id, tx.now());
    await signOutOtherSessions(tx, id);
  });
  return getStaffMember(ctx, id);
}

/** POST /api/staff/{id}/enable: sign-in, and the member's unexpired API tokens, work again. */
export async function enable(ctx: Ctx, id: number): Promise<StaffMember> {
  await inTransaction(ctx, async (tx) => {
    if (!(await q.findStaffMember(tx.db, id))) throw new NotFoundError();
    await q.setDisabledAt(tx.db, id, null);
  });
  return getStaffMember(ctx, id);
}

/**
 * DELETE /api/staff/{id}/two-factor: for a member who lost their authenticator. Not for one's own
 * account, whose second factor is turned off from the account page with a code (issue 17).
 */
export async function resetTwoFactor(ctx: Ctx, id: number): Promise<StaffMember> {
  await getStaffMember(ctx, id);
  if (ctx.actor?.userId === id) throw new ConflictError(staffMessages.resetOwnSecondFactor);
  await inTransaction(ctx, (tx) => resetSecondFactor(tx, id));
  return getStaffMember(ctx, id);
}
