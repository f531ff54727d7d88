import { z } from 'zod';
import { LANGUAGES, TAX_RULES } from '../constants';
import { messages } from '../messages';
import { CustomerAddressInputSchema } from './addresses';
import { optionalText } from './backoffice-catalog';
import { CustomerTermsInputSchema } from './commercial-terms';
import { EmailSchema, IdSchema, PageQuerySchema } from './common';
import { ERP_SYNC_STATES } from './erp';
import { ProfileInputSchema } from './profile';
import { CustomerSummarySchema } from './user';

/**
 * The back office's customers (SPEC §2 customers, customers/{id} with tabs info, customer-addresses,
 * customer-user; §3 Customer, User; §5; §7 GET, POST /api/customers, GET, PUT /api/customers/{id}).
 * Reads of one customer answer CustomerSchema (./user.ts); addresses use ./addresses.ts.
 */

/** The list's sorts: name (company, else last name), e-mail, company, type, creation. */
export const CUSTOMER_SORTS = ['name', 'email', 'company', 'type', 'created'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** A search text: PostgreSQL text cannot hold NUL, so one is a 422. */
const SearchTextSchema = z
  .string()
  .trim()
  .max(100)
  .refine((text) => !text.includes('\u0000'), messages.invalidValue);

/** GET /api/customers/export: the list's search and sort, the whole list. */
export const CustomerExportQuerySchema = z.object({
  text: SearchTextSchema.optional(),
  sort: z.enum(CUSTOMER_SORTS).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
});
export type CustomerExportQuery = z.infer<typeof CustomerExportQuerySchema>;

/** GET /api/customers (SPEC §7, with `text`): the back office's list and the cart's customer picker. */
export const CustomerListQuerySchema = PageQuerySchema.extend(CustomerExportQuerySchema.shape);
export type CustomerListQuery = z.infer<typeof CustomerListQuerySchema>;

/** A customer in GET /api/customers: the picker's summary plus the list's columns. */
export const CustomerListItemSchema = CustomerSummarySchema.extend({
  tax_number: z.string().nullable(),
  customer_group_code: z.string().nullable(),
  erp_code: z.string().nullable(),
  erp_connected: z.boolean(),
  /** The state of the customer's newest ERP sync; null when none was ever queued. */
  erp_sync_state: z.enum(ERP_SYNC_STATES).nullable(),
  created_at: z.string(),
});
export type CustomerListItem = z.infer<typeof CustomerListItemSchema>;

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
  );
}

/** The fields only administrators set (SPEC §3 Customer): discount in basis points, codes, flags. */
const adminFields = {
  email: EmailSchema,
  discount: z.number().int().min(0).max(10_000),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/),
  tax_rule: z.enum(TAX_RULES),
  /** Pre-order days in advance on shipping. */
  preorder_days: z.number().int().min(0).max(365),
  newsletter: z.boolean(),
  newsletter_option: optionalText(100),
  customer_group_id: IdSchema.nullable(),
  orders_state: optionalText(100),
  external_erp_code: optionalText(64),
  /** YYYY-MM-DD. */
  available_from: z
    .string()
    .trim()
    .refine((value) => value === '' || isCalendarDate(value), messages.invalidValue)
    .nullish()
    .transform((value) => value || null),
  extra_cee: z.boolean(),
  language: z.enum(LANGUAGES),
};

/**
 * PUT /api/customers/{id} by an administrator: the profile's fields ('My data', the same rules through
 * `profileProblems`) and the administrators' ones, commercial terms included (issue 20). A field of the
 * latter left out stays as it is.
 */
export const AdminCustomerUpdateSchema = ProfileInputSchema.extend(
  z.object(adminFields).partial().shape,
).extend(CustomerTermsInputSchema.shape);
export type AdminCustomerUpdate = z.infer<typeof AdminCustomerUpdateSchema>;

/**
 * POST /api/customers: a customer with its sign-in account (the e-mail; the password is set through
 * the mailed link) and optionally its default billing address (type 'B').
 */
export const AdminCustomerCreateSchema = AdminCustomerUpdateSchema.extend({
  email: EmailSchema,
  billing_address: CustomerAddressInputSchema.optional(),
});
export type AdminCustomerCreate = z.infer<typeof AdminCustomerCreateSchema>;

/** GET /api/customers/{id}/user: the sign-in account; `id` null when the customer has none yet. */
export const CustomerUserSchema = z.object({
  id: z.number().int().nullable(),
  email: z.string(),
  is_super_admin: z.boolean(),
  created_at: z.string().nullable(),
  /** When the account last signed in, while that session is kept. */
  last_sign_in_at: z.string().nullable(),
});
export type CustomerUser = z.infer<typeof CustomerUserSchema>;

/** PUT /api/customers/{id}/user: creates the account when missing; the e-mail is also the customer's. */
export const CustomerUserInputSchema = z.strictObject({
  email: EmailSchema,
  is_super_admin: z.boolean(),
});
export type CustomerUserInput = z.infer<typeof CustomerUserInputSchema>;
