import { z } from 'zod';
import { ORDER_CHANNELS, PAYMENT_METHODS } from '../constants';
import { ORDER_STATUSES, ROW_STATUSES } from '../orders/status-machine';
import { AddressChoiceSchema, CartLineInputSchema, MAX_CART_LINES } from './cart';
import { IdSchema, MAX_INTEGER } from './common';
import { OrderApprovalSchema, OrderPlacedBySchema } from './company-accounts';

/** The orders contract (SPEC §3 Order, Order row; DESIGN §6 rules 9–11). */

/** POST /api/orders, with an `Idempotency-Key` header. The server re-prices everything. */
export const PlaceOrderRequestSchema = z.strictObject({
  products: z.array(CartLineInputSchema).min(1).max(MAX_CART_LINES),
  /** Administrators only: the customer ordered for (channel 'backoffice'). */
  customer_id: IdSchema.optional(),
  billing: AddressChoiceSchema,
  shipping: AddressChoiceSchema,
  payment_method: z.enum(PAYMENT_METHODS),
  coupon_code: z.string().trim().min(1).max(64).optional(),
  customer_reference: z.string().trim().max(100).optional(),
  customer_reference_date: z.iso.date().optional(),
  /** The total the customer saw; when the server's differs the order is refused (409) so nobody pays a surprise. */
  expected_total: z.number().int().min(0).max(MAX_INTEGER).optional(),
});
export type PlaceOrderRequest = z.infer<typeof PlaceOrderRequestSchema>;

export const OrderAddressSchema = z.object({
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
});

/** SPEC §3 Order row; residual = ordered − shipped − cancelled. */
export const OrderRowSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_sku: z.string(),
  description: z.string(),
  total_ordered_qty: z.number().int(),
  quantities: z.object({
    ordered: z.number().int(),
    shipped: z.number().int(),
    cancelled: z.number().int(),
    residual: z.number().int(),
    ready: z.number().int(),
  }),
  /** Discount from list price, basis points. */
  discount: z.number().int(),
  /** Unit price paid without VAT, cents. */
  price: z.number().int(),
  vat_rate: z.number().int(),
  /** The row's share of the order's fixed coupon, net cents (DESIGN §6 rule 17); 0 when none. */
  coupon_share: z.number().int().optional(),
  /** price × (ordered − cancelled) − coupon_share. */
  subtotal: z.number().int(),
  status: z.enum(ROW_STATUSES),
  is_preorder: z.boolean(),
  note: z.string().nullable(),
  /*
   * What the order's customer sees (DESIGN §6; issue 16), computed by the server with `shownMoney`:
   * sent when the order is read for its customer (GET and POST /api/orders), absent from back-office
   * and ERP answers, which stay net.
   */
  /** The product's list price without VAT when ordered; null on rows written before it was kept. */
  list_price: z.number().int().nullable().optional(),
  /** The unit price before the order's coupon, without VAT (the price itself when no coupon applied). */
  price_before_coupon: z.number().int().optional(),
  /** The discount figure shown: the effective rate of `shown_price` below the list price shown, basis points. */
  discount_rate: z.number().int().optional(),
  /** The unit price before the coupon as shown: with VAT when the order's `display` is gross. */
  shown_price: z.number().int().optional(),
  /** The row total before the coupon as shown, for the units it charges (ordered − cancelled). */
  shown_total: z.number().int().optional(),
});
export type OrderRow = z.infer<typeof OrderRowSchema>;

/**
 * An order's totals as its customer sees them, in the order's `display` mode (issue 16): subtotal
 * before the coupon − coupon + shipping + payment fee is the total (gross) or the total without taxes
 * (net), to the cent.
 */
export const OrderShownTotalsSchema = z.object({
  subtotal_before_coupon: z.number().int(),
  /** What the coupon took off, 0 without one. */
  coupon: z.number().int(),
  subtotal: z.number().int(),
  shipping: z.number().int(),
  payment_fee: z.number().int(),
});
export type OrderShownTotals = z.infer<typeof OrderShownTotalsSchema>;

/** SPEC §3 Order, with its rows. */
export const OrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  erp_order_no: z.string().nullable(),
  channel: z.enum(ORDER_CHANNELS),
  customer_id: z.number().int(),
  billing_company: z.string().nullable(),
  date: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  shipping_method_id: z.number().int().nullable(),
  shipping_address: OrderAddressSchema,
  billing_address: OrderAddressSchema,
  shipping_costs: z.number().int(),
  payment_fee: z.number().int(),
  coupon_code: z.string().nullable(),
  vat: z.number().int(),
  total: z.number().int(),
  total_without_taxes: z.number().int(),
  customer_reference: z.string().nullable(),
  customer_reference_date: z.string().nullable(),
  erp_order_reason: z.string().nullable(),
  /** When a gateway payment was approved (SEPA orders stay `registered` until then). */
  paid_at: z.string().nullable(),
  /** Issue 19: who placed it, and the approval it needed (null when it needed none). */
  placed_by: OrderPlacedBySchema.optional(),
  approval: OrderApprovalSchema.nullable().optional(),
  rows: z.array(OrderRowSchema),
  /* What the order's customer sees (issue 16); sent as on the rows. */
  /** 'gross' for private persons in the EU, 'net' for companies and extra-EU customers (`priceDisplay`). */
  display: z.enum(['net', 'gross']).optional(),
  /** The coupon's percent when the order was placed, basis points; null without one. */
  coupon_rate: z.number().int().nullable().optional(),
  /** A fixed coupon's net amount as applied (cents, Σ the rows' coupon_share); null without one. */
  coupon_amount: z.number().int().nullable().optional(),
  shipping_costs_with_vat: z.number().int().optional(),
  payment_fee_with_vat: z.number().int().optional(),
  shown: OrderShownTotalsSchema.optional(),
});
export type Order = z.infer<typeof OrderSchema>;

/** POST /api/orders answer: the order, and where to pay when the method goes through a gateway. */
export const PlacedOrderSchema = z.object({
  order: OrderSchema,
  payment: z.object({ redirect_url: z.string() }).nullable(),
});
export type PlacedOrder = z.infer<typeof PlacedOrderSchema>;
