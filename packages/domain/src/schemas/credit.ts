import { z } from 'zod';
import { CREDIT_APPROVAL_REASONS } from '../customers/credit';
import { messages } from '../messages';
import { PageQuerySchema } from './common';

/**
 * Issue 20 point 3: a customer's credit as staff and his company admin see it, the refusals of credit
 * control, and the back office's queue of orders held for credit (DESIGN §6 rule 18).
 */

export const creditMessages = {
  orderingBlocked: 'Ordering is blocked for your account: please call :contact.',
  overCreditLimit:
    'This order exceeds your credit limit (available credit: EUR :available): please call :contact.',
  overdueInvoices: 'Your account has overdue invoices: please pay them or call :contact before ordering.',
  decidedByShop: "This order waits for the shop's approval of your credit: the shop decides it.",
} as const;

/** GET /api/backoffice/customers/{id}/credit and /api/customers/{id}/credit: EUR cents, VAT included. */
export const CreditStatusSchema = z.object({
  /** null: no credit control. */
  credit_limit: z.number().int().nullable(),
  /** unpaid_invoices + open_orders. */
  exposure: z.number().int(),
  unpaid_invoices: z.number().int(),
  /** Open orders' part not yet invoiced, orders awaiting approval included. */
  open_orders: z.number().int(),
  /** Invoices with an instalment unpaid past its due date, and the oldest such due date. */
  overdue_invoices: z.number().int(),
  oldest_overdue: z.string().nullable(),
  /** credit_limit − exposure (negative when over); null without a limit. */
  available: z.number().int().nullable(),
  blocked: z.boolean(),
});
export type CreditStatus = z.infer<typeof CreditStatusSchema>;

/** A row of GET /api/backoffice/approvals: an order held for credit, with its customer's figures. */
export const CreditApprovalSchema = z.object({
  order_no: z.string(),
  date: z.string(),
  customer_id: z.number().int(),
  customer: z.string(),
  placed_by: z.string().nullable(),
  reason: z.enum(CREDIT_APPROVAL_REASONS),
  total: z.number().int(),
  /** The customer's exposure now, this order included. */
  exposure: z.number().int(),
  credit_limit: z.number().int().nullable(),
  overdue_invoices: z.number().int(),
});
export type CreditApproval = z.infer<typeof CreditApprovalSchema>;

/** The queue's page, and a search on the order number or the customer's name or e-mail. */
export const CreditApprovalListQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
});
export type CreditApprovalListQuery = z.infer<typeof CreditApprovalListQuerySchema>;

/** POST /api/backoffice/orders/{orderNo}/reject: staff say why; the buyer reads it in the mail. */
export const RejectionInputSchema = z.strictObject({
  note: z.string().trim().min(1, messages.required).max(1000),
});
