import { z } from 'zod';
import { ADDRESS_TYPES, CUSTOMER_TYPES, LANGUAGES, PAYMENT_METHODS, TAX_RULES } from '../constants';
import { CUSTOMER_ROLES } from '../customers/company-roles';
import { ImpersonationSchema } from './company-accounts';

export const CustomerAddressSchema = z.object({
  id: z.number().int(),
  type: z.enum(ADDRESS_TYPES),
  company: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  co: z.string().nullable(),
  address: z.string(),
  postcode: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
  is_default: z.boolean(),
});
export type CustomerAddress = z.infer<typeof CustomerAddressSchema>;

/** SPEC §3 Customer, in the API's field names; money in cents, rates in basis points. */
export const CustomerSchema = z.object({
  id: z.number().int(),
  type: z.enum(CUSTOMER_TYPES),
  company: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  email: z.string(),
  sdi_code: z.string().nullable(),
  pec: z.string().nullable(),
  birthday: z.string().nullable(),
  job: z.string().nullable(),
  vat_id: z.string().nullable(),
  tax_number: z.string().nullable(),
  discount: z.number().int(),
  currency: z.string(),
  tax_rule: z.enum(TAX_RULES),
  preorder_days: z.number().int(),
  newsletter: z.boolean(),
  newsletter_option: z.string().nullable(),
  newsletter_date: z.string().nullable(),
  /** The language of the customer's mail and documents (profile settings). */
  language: z.enum(LANGUAGES),
  customer_group_id: z.number().int().nullable(),
  orders_state: z.string().nullable(),
  erp_code: z.string().nullable(),
  erp_connected: z.boolean(),
  external_erp_code: z.string().nullable(),
  country: z.string(),
  available_from: z.string().nullable(),
  extra_cee: z.boolean(),
  /** Issue 20: the customer's own payment methods and terms (null: the group's), credit limit in cents (null: none), block. */
  payment_methods: z.array(z.enum(PAYMENT_METHODS)).nullable(),
  payment_terms_id: z.number().int().nullable(),
  credit_limit: z.number().int().nullable(),
  blocked: z.boolean(),
  /** Issue 22: a new company waiting for staff approval; its orders wait too. */
  awaiting_approval: z.boolean(),
  addresses: z.array(CustomerAddressSchema),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** A customer in GET /api/customers: what a list or the back-office customer picker shows. */
export const CustomerSummarySchema = CustomerSchema.pick({
  id: true,
  type: true,
  company: true,
  firstname: true,
  lastname: true,
  email: true,
  country: true,
  vat_id: true,
  customer_group_id: true,
});
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;

/** GET /api/user (SPEC §3 User). */
export const CurrentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  is_super_admin: z.boolean(),
  customer: CustomerSchema.nullable(),
  /** Issue 17: the second factor is on; when required and off, the back office sends to its set-up. */
  two_factor_enabled: z.boolean().optional(),
  two_factor_required: z.boolean().optional(),
  /** Issue 19: the user's role in his company (null for staff) and his spending limits, net cents. */
  customer_role: z.enum(CUSTOMER_ROLES).nullable().optional(),
  order_limit: z.number().int().nullable().optional(),
  monthly_limit: z.number().int().nullable().optional(),
  /** Issue 20 point 3: why the customer cannot order (his account is blocked), naming who to call; else null. */
  ordering_blocked: z.string().nullable().optional(),
  /** Present when a staff member signed in as this user (issue 19 point 5): the banner's data. */
  impersonation: ImpersonationSchema.nullable().optional(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** Issue 17: a 'read' token is refused on every state-changing route; 'read-write' acts as the user. */
export const API_TOKEN_SCOPES = ['read', 'read-write'] as const;
export const ApiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);
export type ApiTokenScope = z.infer<typeof ApiTokenScopeSchema>;

/** How long a new token lasts, in days: 90 unless chosen, at most a year. */
export const API_TOKEN_EXPIRY_DAYS = { default: 90, max: 365 } as const;

export const ApiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: ApiTokenScopeSchema,
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** POST /api/users/{id}/request-token: the plain token, shown this once only. */
export const CreatedApiTokenSchema = z.object({ id: z.number().int(), name: z.string(), token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;
