import { z } from 'zod';
import { DOCUMENT_TYPES, E_INVOICE_STATES, ORDER_CHANNELS, PAYMENT_METHODS } from '../constants';
import { messages } from '../messages';
import { ORDER_STATUSES, ROW_STATUSES } from '../orders/status-machine';
import { IdSchema, IdTextSchema } from './common';
import { OrderApprovalSchema, OrderPlacedBySchema } from './company-accounts';
import { ERP_SYNC_FILTERS } from './erp';
import { OrderAddressSchema } from './orders';
import { InvoiceDueDateSchema, InvoicePaymentStatusSchema } from './payment-terms';

/**
 * The back office's orders (SPEC §2 orders, orders/{orderNo}; §3 Order, Order row; §4 actions; DESIGN
 * §6 rules 10, 11, 15): the list with its filters, the detail, status changes, row cancels and shipments.
 */

export const BACKOFFICE_ORDER_SORTS = ['date', 'order_no', 'customer', 'total', 'status'] as const;
export type BackofficeOrderSort = (typeof BACKOFFICE_ORDER_SORTS)[number];

/** GET /api/orders: filters, search by order number or customer, sort and page; newest first by default. */
export const BackofficeOrderListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
  /** One status or several, comma-separated (`registered,confirmed`). */
  status: z
    .string()
    .trim()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.enum(ORDER_STATUSES)).min(1).max(ORDER_STATUSES.length))
    .optional(),
  /** Business dates (Europe/Rome), both included. */
  date_from: z.iso.date().optional(),
  date_to: z.iso.date().optional(),
  customer_id: IdTextSchema.optional(),
  channel: z.enum(ORDER_CHANNELS).optional(),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  erp_sync: z.enum(ERP_SYNC_FILTERS).optional(),
  sort: z.enum(BACKOFFICE_ORDER_SORTS).default('date'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type BackofficeOrderListQuery = z.infer<typeof BackofficeOrderListQuerySchema>;

export const OrderCustomerRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** One line of the order list; money in cents. */
export const BackofficeOrderListItemSchema = z.object({
  order_no: z.string(),
  date: z.string(),
  customer: OrderCustomerRefSchema,
  channel: z.enum(ORDER_CHANNELS),
  payment_method: z.enum(PAYMENT_METHODS),
  status: z.enum(ORDER_STATUSES),
  total: z.number().int(),
  /** The newest ERP sync's state, or 'not_sent' when the order was never queued. */
  erp_sync: z.enum(ERP_SYNC_FILTERS),
});
export type BackofficeOrderListItem = z.infer<typeof BackofficeOrderListItemSchema>;

/** A row of the detail: SPEC §3 Order row quantities, residual = ordered − shipped − cancelled. */
export const BackofficeOrderRowSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  description: z.string(),
  ordered: z.number().int(),
  shipped: z.number().int(),
  cancelled: z.number().int(),
  residual: z.number().int(),
  ready: z.number().int(),
  /** Basis points off the list price. */
  discount: z.number().int(),
  /** Unit price without VAT, cents. */
  price: z.number().int(),
  subtotal: z.number().int(),
  vat_rate: z.number().int(),
  status: z.enum(ROW_STATUSES),
});
export type BackofficeOrderRow = z.infer<typeof BackofficeOrderRowSchema>;

export const OrderPaymentSchema = z.object({
  id: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  gateway: z.string(),
  /** `voided`: opened for an earlier version of the order (DESIGN §6 rule 16). */
  status: z.string(),
  /** The amount asked when the attempt was opened. */
  amount: z.number().int(),
  /** What the gateway reported taking, when it differs from or confirms the amount asked. */
  amount_paid: z.number().int().nullable(),
  refunded_amount: z.number().int(),
  date: z.string(),
});

/** A document of the order; `amount` and `vat` in cents, `id` for GET /api/documents/{id}/pdf. */
export const OrderDocumentSchema = z.object({
  id: z.number().int(),
  type: z.enum(DOCUMENT_TYPES),
  number: z.string(),
  date: z.string(),
  quantity: z.number().int(),
  amount: z.number().int(),
  vat: z.number().int(),
  /** An invoice's due dates and where it stands today (issue 20 point 2), in the order's detail. */
  payment_terms_name: z.string().nullable().optional(),
  due_dates: z.array(InvoiceDueDateSchema).optional(),
  payment_status: InvoicePaymentStatusSchema.nullable().optional(),
  /** An invoice's or credit note's FatturaPA file state (issue 21); null for a delivery note or without a file. */
  e_invoice_state: z.enum(E_INVOICE_STATES).nullable().optional(),
});
export type OrderDocument = z.infer<typeof OrderDocumentSchema>;

/** Who moved the order from which status to which, and when (null `from` is the order's first status). */
export const OrderStatusChangeSchema = z.object({
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  by: z.string().nullable(),
  at: z.string(),
});
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;

/** GET /api/backoffice/orders/{orderNo}: everything the detail page shows. */
export const BackofficeOrderDetailSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  erp_order_no: z.string().nullable(),
  date: z.string(),
  status: z.enum(ORDER_STATUSES),
  channel: z.enum(ORDER_CHANNELS),
  payment_method: z.enum(PAYMENT_METHODS),
  shipping_method_id: z.number().int().nullable(),
  customer_reference: z.string().nullable(),
  customer_reference_date: z.string().nullable(),
  erp_order_reason: z.string().nullable(),
  /** Issue 19 point 4: who placed it, and who decided on it when it needed approval. */
  placed_by: OrderPlacedBySchema.optional(),
  approval: OrderApprovalSchema.nullable().optional(),
  coupon_code: z.string().nullable(),
  billing_company: z.string().nullable(),
  billing_address: OrderAddressSchema,
  shipping_address: OrderAddressSchema,
  total: z.number().int(),
  total_without_taxes: z.number().int(),
  vat: z.number().int(),
  shipping_costs: z.number().int(),
  payment_fee: z.number().int(),
  customer: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    type: z.string(),
    vat_id: z.string().nullable(),
    erp_code: z.string().nullable(),
  }),
  rows: z.array(BackofficeOrderRowSchema),
  payments: z.array(OrderPaymentSchema),
  /** Approved payments less refunds, what is still owed, and what is to be given back. */
  balance: z.object({ paid: z.number().int(), due: z.number().int(), refund_due: z.number().int() }),
  documents: z.array(OrderDocumentSchema),
  history: z.array(OrderStatusChangeSchema),
  /** The statuses the machine allows next (DESIGN §6 rule 10). */
  next_statuses: z.array(z.enum(ORDER_STATUSES)),
  erp_sync: z.enum(ERP_SYNC_FILTERS),
});
export type BackofficeOrderDetail = z.infer<typeof BackofficeOrderDetailSchema>;

/** POST /api/orders/{orderNo}/status. */
export const OrderStatusRequestSchema = z.strictObject({ status: z.enum(ORDER_STATUSES) });
export type OrderStatusRequest = z.infer<typeof OrderStatusRequestSchema>;

const quantity = z.number().int().min(1).max(1_000_000);

/** POST /api/order-rows/{id}/cancel: `quantity` of the residual, the whole residual when absent. */
export const OrderRowCancelRequestSchema = z.strictObject({ quantity: quantity.optional() });
export type OrderRowCancelRequest = z.infer<typeof OrderRowCancelRequestSchema>;

/** At most this many rows in one shipment. */
export const MAX_SHIPMENT_ROWS = 500;

/**
 * POST /api/orders/{orderNo}/shipments: rows shipped now, each 1..residual, from one warehouse (when
 * absent, each row from the warehouse holding most of its product).
 */
export const ShipmentRequestSchema = z.strictObject({
  rows: z
    .array(z.strictObject({ id: IdSchema, quantity }))
    .min(1)
    .max(MAX_SHIPMENT_ROWS)
    .refine((rows) => new Set(rows.map((r) => r.id)).size === rows.length, messages.invalidValue),
  warehouse_id: IdSchema.optional(),
});
export type ShipmentRequest = z.infer<typeof ShipmentRequestSchema>;

/** What a shipment wrote: the delivery note and the invoice, and the order's new status. */
export const ShipmentResultSchema = z.object({
  delivery_note: OrderDocumentSchema,
  invoice: OrderDocumentSchema,
  status: z.enum(ORDER_STATUSES),
});
export type ShipmentResult = z.infer<typeof ShipmentResultSchema>;
