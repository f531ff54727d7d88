import { z } from 'zod';
import { ORDER_STATUSES } from '../orders/status-machine';
import { IdSchema, MAX_INTEGER } from './common';
import { OrderSchema } from './orders';

/**
 * The ERP synchronisation as the back office sees it (SPEC §1, DESIGN §8). Each order or customer
 * change queues one sync in the outbox; its attempts record the ERP's answers.
 */
export const ERP_ENTITIES = ['order', 'customer', 'return'] as const;
export type ErpEntity = (typeof ERP_ENTITIES)[number];

/** queued: waiting to be sent (failed attempts are retried with backoff); sent: the ERP took it; failed: every retry failed, until a re-send. */
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

/**
 * The ERP protocol (docs/erp-protocol.md). The shop pushes an order as its API shows it, with the
 * customer's ERP identity; the ERP deduplicates on the order number (the Idempotency-Key).
 */
export const ErpOrderPushSchema = OrderSchema.extend({
  customer: z.object({
    id: z.number().int(),
    erp_code: z.string().nullable(),
    email: z.string(),
    name: z.string(),
    vat_id: z.string().nullable(),
  }),
});
export type ErpOrderPush = z.infer<typeof ErpOrderPushSchema>;

/** A customer's record as the shop sends it: created or updated in the ERP by the shop's id. */
export const ErpCustomerPushSchema = z.object({
  id: z.number().int(),
  erp_code: z.string().nullable(),
  type: z.string(),
  company: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  email: z.string(),
  vat_id: z.string().nullable(),
  tax_number: z.string().nullable(),
  sdi_code: z.string().nullable(),
  pec: z.string().nullable(),
  country: z.string().nullable(),
});
export type ErpCustomerPush = z.infer<typeof ErpCustomerPushSchema>;

/** The ERP's answer to a push: its own number for an order, its code for a customer. */
export const ErpOrderPushAnswerSchema = z.object({ erp_order_no: z.string(), duplicate: z.boolean() });
export type ErpOrderPushAnswer = z.infer<typeof ErpOrderPushAnswerSchema>;
export const ErpCustomerPushAnswerSchema = z.object({ code: z.string() });
export type ErpCustomerPushAnswer = z.infer<typeof ErpCustomerPushAnswerSchema>;

/** Callbacks are signed within this window; an older (or future) timestamp is a replay. */
export const ERP_CALLBACK_TOLERANCE_SECONDS = 300;

const orderNo = z.string().trim().min(1).max(40);
const shippedRows = z
  .array(z.object({ row_id: IdSchema, quantity: z.number().int().positive().max(MAX_INTEGER) }))
  .min(1)
  .max(1000);

/** What the ERP tells the shop (POST /api/erp/callbacks), each with an id unique to the callback. */
export const ErpCallbackSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.string().min(1).max(100),
    type: z.literal('order.status'),
    data: z.object({ order_no: orderNo, status: z.enum(ORDER_STATUSES) }),
  }),
  z.object({
    id: z.string().min(1).max(100),
    type: z.literal('order.shipment'),
    data: z.object({
      order_no: orderNo,
      warehouse_id: IdSchema.optional(),
      rows: shippedRows,
    }),
  }),
  z.object({
    id: z.string().min(1).max(100),
    type: z.literal('credit_note'),
    data: z.object({ order_no: orderNo, rows: shippedRows }),
  }),
  z.object({
    id: z.string().min(1).max(100),
    type: z.literal('stock'),
    data: z.object({
      items: z
        .array(
          z.object({
            sku: z.string().trim().min(1).max(60),
            warehouse_id: IdSchema,
            on_hand: z.number().int().min(0).max(MAX_INTEGER),
          }),
        )
        .min(1)
        .max(5000),
    }),
  }),
  z.object({
    id: z.string().min(1).max(100),
    type: z.literal('invoice.paid'),
    /** The whole invoice is paid (every instalment), at `paid_at` or when the shop receives it. */
    data: z.object({
      number: z.string().trim().min(1).max(40),
      paid_at: z.iso.datetime({ offset: true }).optional(),
    }),
  }),
]);
export type ErpCallback = z.infer<typeof ErpCallbackSchema>;
export type ErpCallbackType = ErpCallback['type'];

export const ErpCallbackAnswerSchema = z.object({ received: z.string(), type: z.string() });
