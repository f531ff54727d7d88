import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants';
import { ORDER_STATUSES } from '../orders/status-machine';
import { IdSchema, PageQuerySchema } from './common';
import { OrderRowSchema } from './orders';

/**
 * The customer's area on their orders (SPEC §2 profile children, §7; DESIGN §6 rules 11, 12, 14):
 * order list, open rows, rows being shipped, shipping requests and backorders.
 */

/** GET /api/customer/{id}/orders: newest first, optionally of one status. */
export const CustomerOrdersQuerySchema = PageQuerySchema.extend({
  status: z.enum(ORDER_STATUSES).optional(),
});
export type CustomerOrdersQuery = z.infer<typeof CustomerOrdersQuerySchema>;

/** One order in the customer's list (SPEC §3 Order, without its rows). */
export const CustomerOrderSummarySchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  date: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  total: z.number().int(),
  total_without_taxes: z.number().int(),
  /** DESIGN §6 rule 10: 1 processed, 2 in transit, 3 delivered; null once cancelled or declined. */
  tracking_step: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  rows_count: z.number().int(),
  /** Issue 19 point 4: the e-mail of the user who placed it; null when staff did, or before it was kept. */
  placed_by: z.string().nullable().optional(),
});
export type CustomerOrderSummary = z.infer<typeof CustomerOrderSummarySchema>;

/** A query-string flag: only 'true' and 'false' are accepted ('0', 'yes' are a 422). */
const FlagSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

/** GET /api/customers/{id}/order-rows: `ready=true` keeps the rows with a ready quantity. */
export const OrderRowsQuerySchema = PageQuerySchema.extend({ ready: FlagSchema.optional() });
export type OrderRowsQuery = z.infer<typeof OrderRowsQuerySchema>;

/** An order row seen from the customer's area: the SPEC §3 row with its order and shipping request. */
export const CustomerOrderRowSchema = OrderRowSchema.pick({
  id: true,
  product_id: true,
  product_sku: true,
  description: true,
  quantities: true,
  status: true,
  is_preorder: true,
}).extend({
  orderNo: z.string(),
  order_date: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  /** The day its shipping request is processed; null while the row is in none. */
  processing_date: z.iso.date().nullable(),
});
export type CustomerOrderRow = z.infer<typeof CustomerOrderRowSchema>;

/** POST /api/customers/{id}/shipping-requests, with an optional `Idempotency-Key` header. */
export const ShippingRequestInputSchema = z.strictObject({
  row_ids: z.array(IdSchema).min(1).max(500),
});
export type ShippingRequestInput = z.infer<typeof ShippingRequestInputSchema>;

export const ShippingRequestSchema = z.object({
  id: z.number().int(),
  processing_date: z.iso.date(),
  /** Issue 19 point 4: the e-mail of the user who asked; null for requests from before it was kept. */
  requested_by: z.string().nullable().optional(),
  rows: z.array(CustomerOrderRowSchema),
});
export type ShippingRequest = z.infer<typeof ShippingRequestSchema>;

/** GET /api/customers/{id}/shipping-requests/processing-date: the day a request made now is processed. */
export const ProcessingDateSchema = z.object({ processing_date: z.iso.date() });
export type ProcessingDate = z.infer<typeof ProcessingDateSchema>;

/** GET /api/customers/{id}/backorders: `up_to` keeps rows of orders dated up to that day (Europe/Rome). */
export const BackordersQuerySchema = PageQuerySchema.extend({ up_to: z.iso.date().optional() });
export type BackordersQuery = z.infer<typeof BackordersQuerySchema>;

/** A row's not-ready residual (DESIGN §6 rule 14). */
export const BackorderRowSchema = CustomerOrderRowSchema.pick({
  id: true,
  product_id: true,
  product_sku: true,
  description: true,
  quantities: true,
  status: true,
  is_preorder: true,
  orderNo: true,
  order_date: true,
  order_status: true,
}).extend({ backorder: z.number().int() });
export type BackorderRow = z.infer<typeof BackorderRowSchema>;

/** The list envelope of DESIGN §5 plus the units in backorder over every matching row (all pages). */
export const BackorderPageSchema = z.object({
  data: z.array(BackorderRowSchema),
  meta: z.object({
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    quantity: z.number().int(),
  }),
});
export type BackorderPage = z.infer<typeof BackorderPageSchema>;

/** POST /api/customers/{id}/cancel-backorder: every order dated up to and including `date` (SPEC §9). */
export const CancelBackorderInputSchema = z.strictObject({ date: z.iso.date() });
export type CancelBackorderInput = z.infer<typeof CancelBackorderInputSchema>;

/** What was cancelled: rows touched and units. */
export const CancelBackorderResultSchema = z.object({
  rows: z.number().int(),
  quantity: z.number().int(),
});
export type CancelBackorderResult = z.infer<typeof CancelBackorderResultSchema>;
