import { z } from 'zod';
import { INVOICE_PAYMENT_STATUSES } from '../documents/due-dates';
import { PageQuerySchema } from './common';

/**
 * Payment terms (issue 20 point 2): named instalments ('30 days end of month', '30/60/90 days') set on
 * a customer group or a customer; each invoice takes its due dates from them. Shares are basis points.
 */

export const paymentTermsMessages = {
  sharesSum: 'The shares must add up to 100%',
} as const;

export const MAX_TERMS_INSTALMENTS = 12;

export const PaymentTermsInstalmentSchema = z.strictObject({
  /** Days after the invoice date. */
  days: z.number().int().min(0).max(365),
  /** Moves the due date to the last day of its month. */
  end_of_month: z.boolean().default(false),
  /** The instalment's part of the invoice total, in basis points (10000 = 100%). */
  share: z.number().int().min(1).max(10_000),
});
export type PaymentTermsInstalment = z.output<typeof PaymentTermsInstalmentSchema>;

/** POST /api/payment-terms, PUT /api/payment-terms/{id}: a name used by other terms is 'already exist'. */
export const PaymentTermsInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  instalments: z
    .array(PaymentTermsInstalmentSchema)
    .min(1)
    .max(MAX_TERMS_INSTALMENTS)
    .refine((rows) => rows.reduce((sum, r) => sum + r.share, 0) === 10_000, paymentTermsMessages.sharesSum),
});
export type PaymentTermsInput = z.input<typeof PaymentTermsInputSchema>;

export const PaymentTermsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  instalments: z.array(
    z.object({ days: z.number().int(), end_of_month: z.boolean(), share: z.number().int() }),
  ),
});
export type PaymentTerms = z.infer<typeof PaymentTermsSchema>;

export const PAYMENT_TERMS_SORTS = ['name', 'id'] as const;

/** GET /api/payment-terms: `text` in the name, sort and page. */
export const PaymentTermsQuerySchema = PageQuerySchema.extend({
  text: z
    .string()
    .trim()
    .max(100)
    .refine((text) => !text.includes('\u0000'))
    .optional(),
  sort: z.enum(PAYMENT_TERMS_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
}).strict();
export type PaymentTermsQuery = z.infer<typeof PaymentTermsQuerySchema>;

/** One instalment of an invoice as the customer and staff see it. */
export const InvoiceDueDateSchema = z.object({
  /** YYYY-MM-DD (Europe/Rome). */
  due_date: z.string(),
  amount: z.number().int(),
  paid: z.boolean(),
});
export type InvoiceDueDate = z.infer<typeof InvoiceDueDateSchema>;

export const InvoicePaymentStatusSchema = z.enum(INVOICE_PAYMENT_STATUSES);
