import { z } from 'zod';
import { WAREHOUSE_OPERATIONS } from '../constants';
import { messages } from '../messages';
import { IdSchema, PageQuerySchema } from './common';

/**
 * Warehouse transactions (SPEC §3, §7) and the stock movements staff record by hand (DESIGN §4: every
 * change of on hand writes one, with the previous and resulting stock).
 */

/** SPEC §3 Warehouse transaction; `quantity` is the signed change of on hand (an unload is negative). */
export const WarehouseTransactionSchema = z.object({
  id: z.number().int(),
  document_date: z.string(),
  document_number: z.string(),
  operation: z.enum(WAREHOUSE_OPERATIONS),
  product_id: z.number().int(),
  sku: z.string(),
  variant_code: z.string().nullable(),
  warehouse_id: z.number().int(),
  warehouse_code: z.string(),
  quantity: z.number().int(),
  previous_stock: z.number().int(),
  result_stock: z.number().int(),
  /** Who recorded it (the user's e-mail); null for the ERP or a removed user. */
  user: z.string().nullable(),
  created_at: z.string(),
});
export type WarehouseTransaction = z.infer<typeof WarehouseTransactionSchema>;

const filterText = z
  .string()
  .trim()
  .max(100)
  .refine((text) => !text.includes('\u0000'), messages.invalidValue)
  .optional();

/** GET /api/warehouse-transactions: newest first, optionally of one SKU and one warehouse (id or code). */
export const WarehouseTransactionsQuerySchema = PageQuerySchema.extend({
  sku: filterText,
  warehouse: filterText,
});
export type WarehouseTransactionsQuery = z.input<typeof WarehouseTransactionsQuerySchema>;

/** The movements staff record by hand; sales and returns come from orders and documents. */
export const STOCK_MOVEMENT_OPERATIONS = ['load', 'unload', 'transfer', 'adjustment'] as const;
export type StockMovementOperation = (typeof STOCK_MOVEMENT_OPERATIONS)[number];

/** A warehouse named by its id or its code. */
const warehouseRef = z.union([IdSchema, z.string().trim().min(1).max(50)]);

/**
 * POST /api/warehouse-transactions: a load, unload or transfer moves `quantity` (> 0) units; an
 * adjustment sets the counted on hand (≥ 0). A transfer goes from `warehouse` to `to_warehouse`.
 */
export const StockMovementInputSchema = z
  .strictObject({
    operation: z.enum(STOCK_MOVEMENT_OPERATIONS),
    sku: z.string().trim().min(1).max(100),
    warehouse: warehouseRef,
    to_warehouse: warehouseRef.nullish(),
    quantity: z.number().int().min(0).max(100_000_000),
    document_date: z.iso.date(),
    document_number: z.string().trim().min(1).max(50),
  })
  .superRefine((input, ctx) => {
    if (input.operation !== 'adjustment' && input.quantity === 0)
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: messages.mustBePositive });
    if (input.operation === 'transfer' && (input.to_warehouse === undefined || input.to_warehouse === null))
      ctx.addIssue({ code: 'custom', path: ['to_warehouse'], message: messages.required });
  });
export type StockMovementInput = z.input<typeof StockMovementInputSchema>;

const RowAllocationSchema = z.object({
  order_row_id: z.number().int(),
  orderNo: z.string(),
  quantity: z.number().int(),
});

/**
 * What a recorded movement wrote: its transactions, the order rows the arriving stock was allocated to,
 * and the rows whose ready units were taken back when on hand fell below them (newest order first).
 */
export const StockMovementResultSchema = z.object({
  transactions: z.array(WarehouseTransactionSchema),
  allocated: z.array(RowAllocationSchema),
  deallocated: z.array(RowAllocationSchema),
});
export type StockMovementResult = z.infer<typeof StockMovementResultSchema>;
