import { z } from 'zod';
import { RETURN_REASONS, RETURN_REFUND_METHODS, RETURN_STATUSES } from '../constants';
import { messages } from '../messages';
import { IdSchema, IdTextSchema, MAX_INTEGER } from './common';

/**
 * Returns (issue 21 point 5; DESIGN §6 rule 19): the customer's request from the order page, the back
 * office's list, detail and actions (authorise, refuse, cancel, receive, credit, refund) and what the ERP
 * receives of a return.
 */

export const returnMessages = {
  rowNotFound: 'Row :row_id is not a row of this order.',
  rowNotShipped: 'Row :row_id (:sku) has nothing shipped that can be returned.',
  beyondReturnable: 'Row :row_id (:sku) can be returned for at most :quantity.',
  noteRequired: 'Tell us what is wrong with the item.',
  duplicateRow: 'Each row can be named once.',
  transitionRefused: 'The return is :from: it cannot become :to.',
  receiveNothing: 'Record at least one unit received.',
  receiveBeyondAsked: 'Row :row_id (:sku): the customer asked to return :quantity.',
  receiveRowsMissing: 'Record the received quantity of every row of the return.',
  warehouseNotFound: 'There is no such warehouse.',
  notCredited: 'The refund follows the credit note: issue it first.',
  alreadyRefunded: 'This return was already refunded.',
  refundChanged: "The order's payments changed while refunding: try again.",
  photosTooMany: 'A return can have at most :max photos.',
  photoRefused: 'Photos must be JPEG or PNG images of at most 5 MB.',
  photosClosed: 'Photos can be added only while the return waits for authorisation.',
} as const;

/** Photos of a return: at most this many, each a JPEG or PNG of at most 5 MB. */
export const RETURN_MAX_PHOTOS = 3;
export const RETURN_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

const quantity = z.number().int().min(1).max(MAX_INTEGER);
const text = (max: number) => z.string().trim().min(1).max(max);

/** One row the customer asks to return; 'other' comes with his words. */
export const ReturnRowRequestSchema = z
  .strictObject({
    row_id: IdSchema,
    quantity,
    reason: z.enum(RETURN_REASONS),
    note: z.string().trim().max(500).optional(),
  })
  .superRefine((row, ctx) => {
    if (row.reason === 'other' && !row.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: returnMessages.noteRequired });
  });
export type ReturnRowRequest = z.infer<typeof ReturnRowRequestSchema>;

/** POST /api/orders/{orderNo}/returns; photos follow with POST /api/returns/{id}/photos. */
export const CreateReturnRequestSchema = z.strictObject({
  rows: z
    .array(ReturnRowRequestSchema)
    .min(1)
    .max(500)
    .superRefine((rows, ctx) => {
      const seen = new Set<number>();
      rows.forEach((row, index) => {
        if (seen.has(row.row_id))
          ctx.addIssue({ code: 'custom', path: [index, 'row_id'], message: returnMessages.duplicateRow });
        seen.add(row.row_id);
      });
    }),
});
export type CreateReturnRequest = z.infer<typeof CreateReturnRequestSchema>;

export const ReturnRowSchema = z.object({
  id: z.number().int(),
  order_row_id: z.number().int(),
  sku: z.string(),
  description: z.string(),
  /** What of the order row was shipped. */
  shipped: z.number().int(),
  /** What the customer asked to return. */
  quantity: z.number().int(),
  /** What came back; null until received. */
  received_qty: z.number().int().nullable(),
  reason: z.enum(RETURN_REASONS),
  note: z.string().nullable(),
});
export type ReturnRow = z.infer<typeof ReturnRowSchema>;

export const ReturnCreditNoteSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  date: z.string(),
  /** Net cents, and its VAT. */
  amount: z.number().int(),
  vat: z.number().int(),
});

export const ReturnRefundSchema = z.object({
  method: z.enum(RETURN_REFUND_METHODS),
  /** Cents given back: the credit note's amount + VAT. */
  amount: z.number().int(),
  /** The provider's refund id(s) for a refund through it; null for a bank transfer. */
  reference: z.string().nullable(),
  refunded_at: z.string(),
});

/** A return as its customer sees it on the order page. */
export const CustomerReturnSchema = z.object({
  id: z.number().int(),
  /** RMA-2026-000001 once authorised; null while requested or refused before it. */
  number: z.string().nullable(),
  status: z.enum(RETURN_STATUSES),
  created_at: z.string(),
  rows: z.array(ReturnRowSchema),
  photos: z.number().int(),
  instructions: z.string().nullable(),
  /** Why it was refused or cancelled. */
  staff_note: z.string().nullable(),
  credit_note: ReturnCreditNoteSchema.nullable(),
  refund: ReturnRefundSchema.nullable(),
});
export type CustomerReturn = z.infer<typeof CustomerReturnSchema>;

/** What of each shipped row may still be returned (shipped less what other returns hold). */
export const ReturnableRowSchema = z.object({
  row_id: z.number().int(),
  sku: z.string(),
  description: z.string(),
  shipped: z.number().int(),
  returnable: z.number().int(),
});
export type ReturnableRow = z.infer<typeof ReturnableRowSchema>;

/** GET /api/orders/{orderNo}/returns. */
export const OrderReturnsSchema = z.object({
  data: z.array(CustomerReturnSchema),
  returnable: z.array(ReturnableRowSchema),
});
export type OrderReturns = z.infer<typeof OrderReturnsSchema>;

/** GET /api/backoffice/returns: newest first; `q` finds a return number, #id, order number or customer. */
export const BackofficeReturnListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
  status: z.enum(RETURN_STATUSES).optional(),
  order_no: z.string().trim().min(1).max(40).optional(),
});
export type BackofficeReturnListQuery = z.infer<typeof BackofficeReturnListQuerySchema>;

const CustomerRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const BackofficeReturnListItemSchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  order_no: z.string(),
  customer: CustomerRefSchema,
  created_at: z.string(),
  status: z.enum(RETURN_STATUSES),
  /** Units asked to return. */
  pieces: z.number().int(),
});
export type BackofficeReturnListItem = z.infer<typeof BackofficeReturnListItemSchema>;

export const BackofficeReturnDetailSchema = CustomerReturnSchema.extend({
  order_no: z.string(),
  customer: CustomerRefSchema.extend({ email: z.string().nullable() }),
  /** File names of the photos, fetched from /api/backoffice/returns/{id}/photos/{name}. */
  photo_names: z.array(z.string()),
  warehouse: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  /** How a refund would go now: through the payment provider that took the money, or bank transfer. */
  refund_method: z.enum(RETURN_REFUND_METHODS),
  authorised_at: z.string().nullable(),
  received_at: z.string().nullable(),
  credited_at: z.string().nullable(),
  next_statuses: z.array(z.enum(RETURN_STATUSES)),
});
export type BackofficeReturnDetail = z.infer<typeof BackofficeReturnDetailSchema>;

export const AuthoriseReturnRequestSchema = z.strictObject({ instructions: text(2000) });
export const ReturnNoteRequestSchema = z.strictObject({ note: text(2000) });

/** POST /api/backoffice/returns/{id}/receive: what came back of each row (0..asked), into which warehouse. */
export const ReceiveReturnRequestSchema = z.strictObject({
  warehouse_id: IdSchema,
  rows: z
    .array(z.strictObject({ row_id: IdSchema, quantity: z.number().int().min(0).max(MAX_INTEGER) }))
    .min(1)
    .max(500)
    .refine((rows) => new Set(rows.map((r) => r.row_id)).size === rows.length, messages.invalidValue),
});
export type ReceiveReturnRequest = z.infer<typeof ReceiveReturnRequestSchema>;

export const ReturnIdParamSchema = z.object({ id: IdTextSchema });

/**
 * What the ERP receives of a return (docs/erp-protocol.md), on authorisation, receipt and credit: the
 * rows asked and received, and once credited the credit note with its rows.
 */
export const ErpReturnPushSchema = z.object({
  number: z.string(),
  order_no: z.string(),
  status: z.enum(RETURN_STATUSES),
  customer: z.object({ id: z.number().int(), erp_code: z.string().nullable() }),
  warehouse_id: z.number().int().nullable(),
  rows: z.array(
    z.object({
      order_row_id: z.number().int(),
      sku: z.string(),
      quantity: z.number().int(),
      received_qty: z.number().int().nullable(),
      reason: z.enum(RETURN_REASONS),
      note: z.string().nullable(),
    }),
  ),
  credit_note: z
    .object({
      number: z.string(),
      date: z.string(),
      amount: z.number().int(),
      vat: z.number().int(),
      rows: z.array(
        z.object({
          order_row_id: z.number().int().nullable(),
          sku: z.string(),
          description: z.string(),
          quantity: z.number().int(),
          price: z.number().int(),
          vat_rate: z.number().int(),
          amount: z.number().int(),
          vat: z.number().int(),
        }),
      ),
    })
    .nullable(),
});
export type ErpReturnPush = z.infer<typeof ErpReturnPushSchema>;

/** The ERP keeps one return per number, updated by each push. */
export const ErpReturnPushAnswerSchema = z.object({ number: z.string(), status: z.enum(RETURN_STATUSES) });
export type ErpReturnPushAnswer = z.infer<typeof ErpReturnPushAnswerSchema>;
