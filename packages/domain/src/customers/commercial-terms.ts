import { PAYMENT_METHODS, type PaymentMethod } from '../constants';

/**
 * Issue 20: a customer's commercial terms. Payment methods come from the customer's override, else
 * his group's, else this default: every method but 'as per agreement', which staff grant.
 */
export const DEFAULT_PAYMENT_METHODS: readonly PaymentMethod[] = PAYMENT_METHODS.filter(
  (m) => m !== 'as_agreed',
);

/** What an order over the credit limit, or with invoices overdue past the grace days, does. */
export const CREDIT_ACTIONS = ['approval', 'refuse'] as const;
export type CreditAction = (typeof CREDIT_ACTIONS)[number];

/** The methods a customer may pay with: his own list, else his group's, else the default. */
export function allowedPaymentMethods(
  customerMethods: readonly PaymentMethod[] | null,
  groupMethods: readonly PaymentMethod[] | null,
): readonly PaymentMethod[] {
  return customerMethods ?? groupMethods ?? DEFAULT_PAYMENT_METHODS;
}
