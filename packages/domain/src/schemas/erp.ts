import { z } from 'zod';

/**
 * The ERP synchronisation as the back office sees it (SPEC §1, DESIGN §8). Each order or customer
 * change queues one sync in the outbox; its attempts record the ERP's answers.
 */
export const ERP_ENTITIES = ['order', 'customer'] as const;
export type ErpEntity = (typeof ERP_ENTITIES)[number];

/** queued: waiting to be sent; sent: the ERP took it; failed: the last attempt failed, retried later. */
export const ERP_SYNC_STATES = ['queued', 'sent', 'failed'] as const;
export type ErpSyncState = (typeof ERP_SYNC_STATES)[number];

/** The order list's filter: a sync state, or never queued. */
export const ERP_SYNC_FILTERS = ['not_sent', ...ERP_SYNC_STATES] as const;
export type ErpSyncFilter = (typeof ERP_SYNC_FILTERS)[number];

export const ErpSyncAttemptSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  answer: z.string(),
});

export const ErpSyncSchema = z.object({
  id: z.number().int(),
  entity: z.enum(ERP_ENTITIES),
  status: z.enum(ERP_SYNC_STATES),
  /** Who asked for it: null when the shop queued it by itself (an order placed, a customer changed). */
  requested_by: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  attempts: z.array(ErpSyncAttemptSchema),
});
export type ErpSync = z.infer<typeof ErpSyncSchema>;

export const ErpStatusSchema = z.object({ enabled: z.boolean() });
export type ErpStatus = z.infer<typeof ErpStatusSchema>;

/** A customer record of the ERP, offered for linking. */
export const ErpCustomerSchema = z.object({
  code: z.string(),
  name: z.string(),
  vat_id: z.string().nullable(),
  tax_number: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
});
export type ErpCustomer = z.infer<typeof ErpCustomerSchema>;

export const ErpCustomerSearchQuerySchema = z.object({ q: z.string().trim().min(2).max(100) });
export const ErpCustomerListSchema = z.object({ data: z.array(ErpCustomerSchema) });

export const ErpLinkRequestSchema = z.object({ erp_code: z.string().trim().min(1).max(60) });
