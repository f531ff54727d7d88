import { z } from 'zod';
import { CUSTOMER_ROLES } from '../customers/company-roles';
import { APPROVAL_REASONS } from '../orders/spending-limits';
import { EmailSchema, MAX_INTEGER } from './common';

/**
 * Issue 19: a customer's users (the 'Team' profile page and the back-office customer page), their
 * roles and spending limits, and the approval of orders over a limit (DESIGN §6 rule 18).
 */

/** 'invited' has not set its password yet; 'disabled' cannot sign in. */
export const TEAM_MEMBER_STATUSES = ['active', 'invited', 'disabled'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

/** A limit in net EUR cents: absent (null) or at least one cent; zero or negative is refused (422). */
export const SpendingLimitSchema = z.number().int().positive().max(MAX_INTEGER).nullable();

export const TeamMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(CUSTOMER_ROLES),
  status: z.enum(TEAM_MEMBER_STATUSES),
  /** Net EUR cents per order and per calendar month; null when the user has none. */
  order_limit: z.number().int().nullable(),
  monthly_limit: z.number().int().nullable(),
  /** Net of this calendar month's orders that count toward the monthly limit. */
  spent_this_month: z.number().int(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** POST /api/customers/{id}/users: the colleague is mailed a link to set his password. */
export const InviteTeamMemberInputSchema = z.strictObject({
  email: EmailSchema,
  role: z.enum(CUSTOMER_ROLES),
  order_limit: SpendingLimitSchema.optional(),
  monthly_limit: SpendingLimitSchema.optional(),
});
export type InviteTeamMemberInput = z.infer<typeof InviteTeamMemberInputSchema>;

/** PUT /api/customers/{id}/users/{userId}: role and limits; fields left out stay as they are. */
export const UpdateTeamMemberInputSchema = z.strictObject({
  role: z.enum(CUSTOMER_ROLES).optional(),
  order_limit: SpendingLimitSchema.optional(),
  monthly_limit: SpendingLimitSchema.optional(),
});
export type UpdateTeamMemberInput = z.infer<typeof UpdateTeamMemberInputSchema>;

/** POST /api/orders/{orderNo}/approve, /reject, /withdraw: an optional note the buyer reads. */
export const ApprovalDecisionInputSchema = z.strictObject({
  note: z.string().trim().max(1000).optional(),
});
export type ApprovalDecisionInput = z.infer<typeof ApprovalDecisionInputSchema>;

export const APPROVAL_OUTCOMES = ['approved', 'rejected', 'withdrawn'] as const;
export type ApprovalOutcome = (typeof APPROVAL_OUTCOMES)[number];

/** Who placed an order: the customer's user, and the staff member when staff signed in as him. */
export const OrderPlacedBySchema = z.object({
  email: z.string().nullable(),
  staff_email: z.string().nullable(),
});
export type OrderPlacedBy = z.infer<typeof OrderPlacedBySchema>;

/** An order that needed approval: why, and who decided what (null while it waits). */
export const OrderApprovalSchema = z.object({
  reason: z.enum(APPROVAL_REASONS),
  outcome: z.enum(APPROVAL_OUTCOMES).nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  note: z.string().nullable(),
});
export type OrderApproval = z.infer<typeof OrderApprovalSchema>;

/** A row of GET /api/customers/{id}/approvals: an order waiting for a decision. */
export const OrderToApproveSchema = z.object({
  order_no: z.string(),
  date: z.string(),
  placed_by: z.string().nullable(),
  reason: z.enum(APPROVAL_REASONS),
  total: z.number().int(),
  total_without_taxes: z.number().int(),
  rows: z.number().int(),
});
export type OrderToApprove = z.infer<typeof OrderToApproveSchema>;

/**
 * Issue 19 point 5: the storefront session a staff member opened as one of the customer's users; the
 * banner names him and offers the way back. Absent from every other session.
 */
export const ImpersonationSchema = z.object({
  staff_email: z.string(),
  expires_at: z.string(),
});
export type Impersonation = z.infer<typeof ImpersonationSchema>;

/**
 * The refusals of company accounts. Shown by the storefront (Team, To approve, order pages) and the back
 * office; translated from the server message files.
 */
export const companyMessages = {
  emailHasAccount: 'This e-mail already has an account: ask its owner to use it, or invite another address.',
  lastCompanyAdmin: 'This is the last active company admin: make another user company admin first.',
  ownOrderApproval: 'You cannot approve or reject an order you placed: another approver must decide.',
  notAwaitingApproval: 'This order is not waiting for approval.',
  erpAfterApproval: 'This order waits for approval: the ERP receives it once approved.',
  awaitingApprovalPayment: "This order waits for your company's approval: it can be paid once approved.",
  decidedByApprovers:
    "Decided by the company's approvers: this order can only be cancelled until they decide.",
  roleForbidden: 'Your role does not allow this: ask your company admin.',
  notWhileImpersonating:
    'Not available while signed in as a customer: the password, tokens and second factor stay his.',
  userDisabled: 'This user is disabled: enable him first.',
  limitsNotForRole: 'Spending limits apply to buyers and approvers only.',
  notInvited: 'This user has already set his password: there is no invitation to resend.',
  invitationResent: 'A new invitation link has been sent.',
  disableSelf: 'You cannot disable your own account.',
  removeSelf: 'You cannot remove your own account.',
  notImpersonating: 'This session is not a staff member signed in as a customer.',
} as const;
