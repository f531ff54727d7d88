import { z } from 'zod';
import { EmailSchema } from './common';

/**
 * Issue 18 point 4: the back office's staff, the sign-in accounts without a customer. 'invited' has
 * not used its set-password link yet; 'disabled' cannot sign in and its sessions and tokens are refused.
 */
export const STAFF_STATUSES = ['active', 'invited', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** A row of GET /api/staff. */
export const StaffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  is_super_admin: z.boolean(),
  status: z.enum(STAFF_STATUSES),
  two_factor: z.boolean(),
  created_at: z.string(),
  /** The last successful sign-in, from the audit trail; null when there has been none. */
  last_sign_in_at: z.string().nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** POST /api/staff: the back office has one role today, so every invited member is a super admin. */
export const InviteStaffInputSchema = z.strictObject({ email: EmailSchema });
export type InviteStaffInput = z.infer<typeof InviteStaffInputSchema>;

/**
 * The staff routes' refusals. Kept out of `messages` (whose Italian ships with the storefront): only the
 * back office shows them, translated from its own strings.
 */
export const staffMessages = {
  lastSuperAdmin: 'This is the last active super admin: enable or invite another one first.',
  disableSelf: 'You cannot disable your own account.',
  resetOwnSecondFactor: 'Turn off your own two-factor sign-in from your account page.',
} as const;
