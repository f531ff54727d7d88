import { z } from 'zod';
import { messages } from '../messages';
import { CustomerAddressInputSchema } from './addresses';
import { MAX_LINE_QUANTITY } from './cart';
import { IdSchema } from './common';

/**
 * Editing an order in the back office (SPEC §2 orders edit, §3 Order, §7 PUT /api/orders/{orderNo},
 * POST /api/order/{id}/rows; DESIGN §6 rules 9–11).
 */

/** SPEC §3 "ERP order reason (preset)": why the ERP books the order. */
export const ERP_ORDER_REASONS = [
  'standard',
  'replacement',
  'sample',
  'promotion',
  'return_replacement',
] as const;
export type ErpOrderReason = (typeof ERP_ORDER_REASONS)[number];

/** Statuses in which an order may still be edited: nothing of it is being picked or shipped yet. */
export const EDITABLE_ORDER_STATUSES = [
  'registered',
  'pending',
  'failed_payment',
  'confirmed',
  'in_work',
] as const;

/** Whether staff may still edit an order in this status. */
export function isOrderEditable(status: string): boolean {
  return (EDITABLE_ORDER_STATUSES as readonly string[]).includes(status);
}

/** Whether an order row's quantity may still change: not shipped, nothing of it shipped yet. */
export function isRowQuantityEditable(row: { status: string; quantities: { shipped: number } }): boolean {
  return row.status === 'not_shipped' && row.quantities.shipped === 0;
}

/** The fields of an order's address snapshot (SPEC §3 Order: shipping and billing addresses). */
export const ORDER_ADDRESS_FIELDS = [
  'company',
  'firstname',
  'lastname',
  'co',
  'address',
  'postcode',
  'city',
  'state',
  'country',
  'phone',
] as const;

/**
 * An order's address as staff edit it: exactly the snapshot's fields, checked by the address book's
 * rules (a name, an ISO country, five-digit postcodes in Italy, San Marino and the Vatican).
 */
export const OrderAddressInputSchema = z
  .strictObject(Object.fromEntries(ORDER_ADDRESS_FIELDS.map((field) => [field, z.unknown().optional()])))
  .pipe(z.preprocess((value) => ({ ...(value as object), type: 'S' }), CustomerAddressInputSchema))
  .transform(({ type: _type, note: _note, is_default: _default, ...address }) => address);
export type OrderAddressValues = z.output<typeof OrderAddressInputSchema>;

/** A changed quantity of one of the order's rows. */
export const OrderRowQuantitySchema = z.strictObject({
  id: IdSchema,
  quantity: z.number().int().min(1, messages.mustBePositive).max(MAX_LINE_QUANTITY, messages.invalidValue),
});

/** PUT /api/orders/{orderNo}: what is given changes, what is absent stays; null clears a text. */
export const OrderEditInputSchema = z.strictObject({
  shipping_address: OrderAddressInputSchema.optional(),
  billing_address: OrderAddressInputSchema.optional(),
  customer_reference: z
    .string()
    .trim()
    .max(100, messages.invalidLength)
    .transform((v) => v || null)
    .nullable()
    .optional(),
  customer_reference_date: z.iso.date(messages.invalidValue).nullable().optional(),
  erp_order_reason: z.enum(ERP_ORDER_REASONS, messages.invalidValue).nullable().optional(),
  rows: z.array(OrderRowQuantitySchema).max(500, messages.invalidLength).optional(),
});
export type OrderEditInput = z.input<typeof OrderEditInputSchema>;
export type OrderEditValues = z.output<typeof OrderEditInputSchema>;

/** Most rows one POST /api/order/{id}/rows adds. */
export const MAX_ADDED_ROWS = 50;

/** A row to add: the product by id or by SKU, and how many. */
export const AddOrderRowSchema = z
  .strictObject({
    product_id: IdSchema.optional(),
    sku: z.string().trim().min(1, messages.required).max(64, messages.invalidLength).optional(),
    quantity: z.number().int().min(1, messages.mustBePositive).max(MAX_LINE_QUANTITY, messages.invalidValue),
  })
  .refine((row) => row.product_id !== undefined || row.sku !== undefined, {
    message: messages.required,
    path: ['sku'],
  });

/** POST /api/order/{id}/rows. */
export const AddOrderRowsInputSchema = z.strictObject({
  rows: z.array(AddOrderRowSchema).min(1, messages.required).max(MAX_ADDED_ROWS, messages.invalidLength),
});
export type AddOrderRowsInput = z.infer<typeof AddOrderRowsInputSchema>;
