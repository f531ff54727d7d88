import { messages } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { hashPassword, randomToken } from '../../lib/crypto';
import { ValidationError } from '../../lib/errors';
import { createSetPasswordLink } from '../auth/auth.service';
import * as q from './users.queries';

/** An invitation's link stays usable for a week: staff may be on leave when it arrives. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

export type StaffInvitation = { user: { id: number; email: string; is_super_admin: boolean }; link: string };

/**
 * Creates a staff account without a usable password and a one-time link to set it (issue 18: the
 * staff screen's invitation and the first admin of setup). Runs in the caller's transaction; the
 * caller mails the link after commit with `mailInvitation`. The audit trail records it from the route
 * (audit.targets.ts), or setup records its own entry.
 */
export async function inviteStaff(
  tx: Ctx,
  input: { email: string; is_super_admin: boolean },
): Promise<StaffInvitation> {
  if (await q.findUserByEmail(tx.db, input.email)) throw ValidationError.field('email', messages.emailTaken);
  // Nobody knows this password: the account signs in only after its link has set one.
  const passwordHash = await hashPassword(randomToken());
  const user = await q.insertUser(tx.db, {
    email: input.email,
    passwordHash,
    customerId: null,
    isSuperAdmin: input.is_super_admin,
  });
  const link = await createSetPasswordLink(tx, user, INVITATION_TTL_MS);
  return { user: { id: user.id, email: user.email, is_super_admin: user.isSuperAdmin }, link };
}

/** The invitation mail, in both languages like the password-reset mail. */
export async function mailInvitation(
  ctx: Pick<Ctx, 'mailer'>,
  invitation: StaffInvitation,
  shopName: string,
) {
  await ctx.mailer.send({
    to: invitation.user.email,
    subject: `${shopName}: imposta la password / set your password`,
    text: [
      `Ti è stato creato un accesso al back office di ${shopName}. Imposta la password entro 7 giorni:`,
      `An account on the ${shopName} back office was created for you. Set your password within 7 days:`,
      '',
      invitation.link,
    ].join('\n'),
  });
}
