import { z } from 'zod';
import type { CustomerType } from '../constants';
import { PageQuerySchema } from '../schemas/common';

/**
 * Issue 22, DESIGN §6 rule 18: new companies may need staff approval (a shop setting, off by default).
 * While an account waits, its orders are written like any order, stock reserved, in `awaiting_approval`
 * with the reason `new_account`; staff approving the account release them.
 */

export const accountApprovalMessages = {
  sdiOrPecRequired: 'Enter the SDI code or the PEC address where the company receives its e-invoices.',
  notAwaitingApproval: 'This account is not waiting for approval.',
} as const;

/** Whether a new customer of `type` waits for staff: only companies, only when the shop asks for it. */
export function signUpNeedsApproval(type: CustomerType, newCompanyApproval: boolean): boolean {
  return type === 'G' && newCompanyApproval;
}

/** An account waits while its approval was requested and not yet given. */
export function awaitsAccountApproval(customer: {
  approvalRequestedAt: Date | null;
  approvedAt: Date | null;
}): boolean {
  return customer.approvalRequestedAt !== null && customer.approvedAt === null;
}

/** A row of GET /api/backoffice/account-approvals: a company waiting, with its orders held for it. */
export const AccountApprovalSchema = z.object({
  customer_id: z.number().int(),
  company: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  country: z.string(),
  vat_id: z.string().nullable(),
  sdi_code: z.string().nullable(),
  pec: z.string().nullable(),
  requested_at: z.string(),
  /** Orders waiting for the approval, and their total (EUR cents, VAT included). */
  orders_waiting: z.number().int(),
  orders_total: z.number().int(),
});
export type AccountApproval = z.infer<typeof AccountApprovalSchema>;

/** The list's page, and a search on the company, the name, the e-mail or the VAT number. */
export const AccountApprovalListQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
});
export type AccountApprovalListQuery = z.infer<typeof AccountApprovalListQuerySchema>;

/** POST /api/backoffice/account-approvals/{id}/approve: the customer approved, with his released orders. */
export const AccountApprovedSchema = z.object({
  customer_id: z.number().int(),
  approved_at: z.string(),
  released_orders: z.array(z.string()),
});
export type AccountApproved = z.infer<typeof AccountApprovedSchema>;
