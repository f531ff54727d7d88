import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants';
import { CREDIT_ACTIONS } from '../customers/commercial-terms';
import { IdSchema, MAX_INTEGER } from './common';

/**
 * Issue 20 points 1–3: the commercial-terms fields staff set on a customer group, a customer and the
 * shop's settings (payment methods, payment terms, credit limit and block, what credit control does).
 */

export const commercialTermsMessages = {
  paymentMethodsEmpty: 'Allow at least one payment method, or leave the choice to the default.',
  paymentMethodsRepeated: 'Each payment method may be listed once.',
  paymentMethodUnknown: "Choose among the shop's payment methods.",
  paymentTermsUnknown: 'Choose payment terms that exist.',
  creditLimitNegative: 'The credit limit cannot be negative: leave it empty for no limit.',
  paymentMethodNotAllowed: 'This payment method is not available for your account.',
} as const;

/** The methods allowed: at least one, each once; null inherits (the customer the group's, the group the default). */
export const AllowedPaymentMethodsSchema = z
  .array(z.enum(PAYMENT_METHODS, commercialTermsMessages.paymentMethodUnknown))
  .min(1, commercialTermsMessages.paymentMethodsEmpty)
  .refine(
    (methods) => new Set(methods).size === methods.length,
    commercialTermsMessages.paymentMethodsRepeated,
  )
  .nullable();

/** Payment terms by id; null inherits. Whether they exist is the server's check (422 paymentTermsUnknown). */
export const PaymentTermsIdSchema = IdSchema.nullable();

/** EUR cents, VAT included; null: no credit control. */
export const CreditLimitSchema = z
  .number()
  .int()
  .min(0, commercialTermsMessages.creditLimitNegative)
  .max(MAX_INTEGER)
  .nullable();

/** The group's fields; left out of a write they stay as they are (a new group: the default, no terms). */
export const CustomerGroupTermsInputSchema = z.object({
  payment_methods: AllowedPaymentMethodsSchema.optional(),
  payment_terms_id: PaymentTermsIdSchema.optional(),
});

/** The customer's fields; left out of a write they stay as they are. */
export const CustomerTermsInputSchema = CustomerGroupTermsInputSchema.extend({
  credit_limit: CreditLimitSchema.optional(),
  blocked: z.boolean().optional(),
});

/** The shop's credit settings; left out of a PUT they stay as they are. */
export const CreditSettingsInputSchema = z.object({
  /** Days an invoice may be overdue before credit control holds the customer's orders. */
  credit_grace_days: z.number().int().min(0).max(365).optional(),
  credit_action: z.enum(CREDIT_ACTIONS).optional(),
  /** Who a blocked customer, or one over his credit, should call; empty: the shop's e-mail and phone. */
  credit_contact: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((contact) => (contact === undefined ? undefined : contact || null)),
});

export const CreditSettingsSchema = z.object({
  credit_grace_days: z.number().int(),
  credit_action: z.enum(CREDIT_ACTIONS),
  credit_contact: z.string().nullable(),
});
