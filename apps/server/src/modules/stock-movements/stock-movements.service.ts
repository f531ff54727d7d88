import {
  messages,
  type StockMovementInput,
  StockMovementInputSchema,
  type StockMovementResult,
} from '@shop/domain';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { applyStockChanges, type StockChange } from '../backoffice-products/product-stock.service';
import { lockOpenRows, settleProductStock } from './stock-allocation.service';
import * as q from './stock-movements.queries';
import { toTransactionDto } from './warehouse-transactions.service';

/**
 * Stock movements recorded by staff (SPEC §1 warehouse movements; DESIGN §4): a load, unload, transfer
 * or counted adjustment changes on hand and writes its warehouse transactions with the previous and
 * resulting stock; stock that arrives goes to waiting order rows (DESIGN §6 rule 11), and ready units
 * over what is left on hand go back, newest order first.
 */

type Input = z.output<typeof StockMovementInputSchema>;
type Writer = Pick<Ctx, 'db' | 'now' | 'actor'>;

const unknown = (field: string) => ValidationError.field(field, messages.importUnknownReference);

/** A variant's code: its SKU after its product's (ME-1-S → S); the whole SKU when it does not extend it. */
function variantCodeOf(product: { sku: string; parentSku: string | null }): string | null {
  if (product.parentSku === null) return null;
  const rest = product.sku.startsWith(product.parentSku) ? product.sku.slice(product.parentSku.length) : '';
  return rest.replace(/^[-_/.\s]+/, '') || product.sku;
}

async function resolve(ctx: Writer, input: Input) {
  const product = await q.findProductBySku(ctx.db, input.sku);
  if (!product) throw unknown('sku');
  // Stock is kept per variant: the product itself holds none.
  if (product.hasVariants) throw ValidationError.field('sku', messages.invalidValue);
  const from = await q.findWarehouse(ctx.db, input.warehouse);
  if (!from) throw unknown('warehouse');
  if (input.operation !== 'transfer') return { product, from, to: null };
  const to = await q.findWarehouse(ctx.db, input.to_warehouse!);
  if (!to) throw unknown('to_warehouse');
  if (to.id === from.id) throw ValidationError.field('to_warehouse', messages.invalidValue);
  return { product, from, to };
}

/** The new on hand of each warehouse the movement touches, refusing to take more than is on hand. */
function newOnHand(input: Input, onHandIn: (warehouseId: number) => number, from: number, to: number | null) {
  const take = (warehouseId: number) => {
    const current = onHandIn(warehouseId);
    if (current < input.quantity)
      throw ValidationError.field('quantity', messages.stockBelowZero.replace(':quantity', String(current)));
    return current - input.quantity;
  };
  switch (input.operation) {
    case 'load':
      return [{ warehouseId: from, onHand: onHandIn(from) + input.quantity }];
    case 'unload':
      return [{ warehouseId: from, onHand: take(from) }];
    case 'adjustment':
      return [{ warehouseId: from, onHand: input.quantity }];
    case 'transfer':
      return [
        { warehouseId: from, onHand: take(from) },
        { warehouseId: to!, onHand: onHandIn(to!) + input.quantity },
      ];
  }
}

type Resolved = Awaited<ReturnType<typeof resolve>>;

/**
 * Records a resolved movement in the caller's transaction: locks the product's open rows and then its
 * stock rows (creating the receiving one when missing), refuses to go below zero on hand (422), writes
 * the new on hand and one transaction per warehouse changed, then settles the open rows: arriving stock
 * is allocated to them, ready units over what is left on hand are taken back.
 */
async function move(tx: Writer, { product, from, to }: Resolved, input: Input): Promise<StockMovementResult> {
  // The open rows first, as cancelling a backorder locks them, then the stock rows.
  await lockOpenRows(tx, product.id);
  const receiving = input.operation === 'unload' ? [] : [to?.id ?? from.id];
  await q.ensureStockRows(tx.db, product.id, receiving);
  const stock = await q.lockProductStocks(tx.db, product.id);
  const onHandIn = (warehouseId: number) => stock.find((s) => s.warehouseId === warehouseId)?.onHand ?? 0;
  const targets = newOnHand(input, onHandIn, from.id, to?.id ?? null);
  const changes: StockChange[] = targets.map((t) => ({
    productId: product.id,
    sku: product.sku,
    variantCode: variantCodeOf(product),
    warehouseId: t.warehouseId,
    onHand: t.onHand,
    onOrder: null,
  }));
  const { transactionIds } = await applyStockChanges(tx, changes, {
    operation: input.operation,
    number: input.document_number,
    date: input.document_date,
  });
  const arrived = targets.some((t) => t.onHand > onHandIn(t.warehouseId));
  const settled = await settleProductStock(tx, product.id, {
    allocate: input.operation !== 'unload' && arrived,
  });
  const transactions = await q.listTransactionsByIds(tx.db, transactionIds);
  return { transactions: transactions.map(toTransactionDto), ...settled };
}

/** POST /api/warehouse-transactions: one movement, all of it in one database transaction. */
export async function recordMovement(ctx: Writer, input: Input): Promise<StockMovementResult> {
  return inTransaction(ctx, async (tx) => move(tx, await resolve(tx, input), input));
}

/**
 * A movement of an import, in the import's transaction: the same rules as POST (a 422 names the field
 * the row fails on).
 */
export async function recordImportedMovement(tx: Writer, input: StockMovementInput) {
  const parsed = StockMovementInputSchema.parse(input);
  return move(tx, await resolve(tx, parsed), parsed);
}

/**
 * On hand of these products per warehouse (`productId:warehouseId`), and those that have variants (and
 * so hold no stock): what an import checks its movements against before it runs them.
 */
export async function stockForMovements(ctx: Pick<Ctx, 'db'>, productIds: number[]) {
  // One after the other: inside an import's transaction the connection runs one query at a time.
  const onHand = await q.listOnHand(ctx.db, productIds);
  const withVariants = await q.listProductsWithVariants(ctx.db, productIds);
  return {
    onHand: new Map(onHand.map((s) => [`${s.productId}:${s.warehouseId}`, s.onHand])),
    withVariants: new Set(withVariants),
  };
}

/** The variants of these products by `productId:variant code` (ME-1 and S name ME-1-S). */
export async function variantsByCode(ctx: Pick<Ctx, 'db'>, productIds: number[]) {
  const variants = await q.listVariantsOf(ctx.db, productIds);
  return new Map(variants.map((v) => [`${v.parentId}:${variantCodeOf(v)}`, { id: v.id, sku: v.sku }]));
}
