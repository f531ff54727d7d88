import { z } from 'zod';
import { messages } from '../messages';
import { PageQuerySchema } from './common';

/**
 * The audit log (issue 17 point 7): every back-office write and every account event, append-only;
 * the back office lists it by user, entity, action and date and exports it.
 */

/** The account events; the back-office writes are `create`, `update`, `delete` or a named action. */
export const AUDIT_ACCOUNT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'second-factor-enabled',
  'second-factor-disabled',
  'recovery-codes-regenerated',
  'token-created',
  'token-revoked',
  'password-changed',
  'password-reset',
  'session-ended',
  // Issue 19 point 5: a staff member signed in as a customer's user, and each write he made so.
  'impersonation-start',
  'impersonation-end',
  'impersonation-action',
] as const;

/** The back office's writes that are neither a create, an update nor a delete of one record. */
export const AUDIT_WRITE_ACTIONS = [
  'create',
  'update',
  'delete',
  'status-change',
  'add-rows',
  'cancel-row',
  'shipment',
  'refund',
  'erp-sync',
  'approve',
  'reject',
  'erp-link',
  'password-link-sent',
  'import',
  'import-run',
  'upload',
  'stock-movement',
  'job-retry',
  'cancel-backorder',
  'shipping-request',
  'setup',
  'regenerate',
  'sdi-send',
] as const;

/** What an entry can be about: the back office's records and the accounts' sessions and tokens. */
export const AUDIT_ENTITIES = [
  'product',
  'image',
  'category',
  'subcategory',
  'attribute-tag',
  'brand',
  'uom',
  'vat',
  'currency',
  'customer-group',
  'warehouse',
  'shipping-method',
  'settings',
  'discount-rule',
  'payment-terms',
  'price-list',
  'price-list-row',
  'coupon',
  'campaign',
  'campaign-row',
  'customer',
  'customer-user',
  'user',
  'order',
  'order-row',
  'return',
  'e-invoice',
  'stock-movement',
  'import',
  'job',
  'api-token',
  'session',
] as const;

export const AUDIT_ACTIONS = [...AUDIT_WRITE_ACTIONS, ...AUDIT_ACCOUNT_ACTIONS] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** `{ field: { from, to } }`; `from` is absent when the previous value is not known (an action's input). */
export const AuditChangesSchema = z.record(
  z.string(),
  z.object({ from: z.unknown().optional(), to: z.unknown() }),
);
export type AuditChanges = z.infer<typeof AuditChangesSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  user_id: z.number().int().nullable(),
  user_email: z.string().nullable(),
  action: z.string(),
  entity: z.string().nullable(),
  entity_id: z.string().nullable(),
  changes: AuditChangesSchema.nullable(),
  ip: z.string().nullable(),
  /** The customer's user a staff member acted as (issue 19 point 5); null otherwise. */
  subject_email: z.string().nullable().optional(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const filterText = z
  .string()
  .trim()
  .max(100)
  .refine((text) => !text.includes('\u0000'), messages.invalidValue)
  .optional();

/**
 * GET /api/audit-log: newest first; `user` is a user id or a part of the e-mail, the dates are
 * business dates (Europe/Rome), both included.
 */
export const AuditLogQuerySchema = PageQuerySchema.extend({
  user: filterText,
  entity: filterText,
  entity_id: filterText,
  action: filterText,
  date_from: z.iso.date().optional(),
  date_to: z.iso.date().optional(),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;
export const AuditLogExportQuerySchema = AuditLogQuerySchema.omit({ page: true, per_page: true });
export type AuditLogExportQuery = z.infer<typeof AuditLogExportQuerySchema>;
