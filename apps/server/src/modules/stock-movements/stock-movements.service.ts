import { messages, type StockMovementInputSchema, type StockMovementResult } from '@shop/domain';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { applyStockChanges, type StockChange } from '../backoffice-products/product-stock.service';
import { allocateProductStock } from './stock-allocation.service';
import * as q from './stock-movements.queries';
import { toTransactionDto } from './warehouse-transactions.service';

/**
 * Stock movements recorded by staff (SPEC §1 warehouse movements; DESIGN §4): a load, unload, transfer
 * or counted adjustment changes on hand and writes its warehouse transactions with the previous and
 * resulting stock; stock that arrives goes to waiting order rows (DESIGN §6 rule 11).
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

/**
 * POST /api/warehouse-transactions: one database transaction locks the product's stock rows (creating
 * the receiving one when missing), refuses to go below zero on hand (422, nothing written), writes the
 * new on hand and one transaction per warehouse changed, then allocates arriving stock to order rows.
 */
export async function recordMovement(ctx: Writer, input: Input): Promise<StockMovementResult> {
  return inTransaction(ctx, async (tx) => {
    const { product, from, to } = await resolve(tx, input);
    // The open rows first, as cancelling a backorder locks them, then the stock rows.
    const mayAllocate = input.operation !== 'unload';
    if (mayAllocate) await q.lockAllocatableRows(tx.db, product.id);
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
    const allocated =
      mayAllocate && arrived
        ? await allocateProductStock(tx, {
            id: product.id,
            releaseDate: product.releaseDate ?? product.availableFrom,
          })
        : [];
    const transactions = await q.listTransactionsByIds(tx.db, transactionIds);
    return { transactions: transactions.map(toTransactionDto), allocated };
  });
}
