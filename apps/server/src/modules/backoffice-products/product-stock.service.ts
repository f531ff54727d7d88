import type {
  ProductPurchase,
  ProductSales,
  ProductStock,
  StockInput,
  WarehouseOperation,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { addMonths, shopDate } from '../../lib/dates';
import { NotFoundError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { lockOpenRows, settleProductStock } from '../stock-movements/stock-allocation.service';
import * as products from './admin-products.queries';
import * as q from './product-stock.queries';

/**
 * The product-warehouse, purchase and sales tabs (SPEC §2): stock per warehouse (DESIGN §4: available
 * = on hand − ordered; every change of on hand writes a warehouse transaction in the same database
 * transaction), on-order quantities and receipts, ordered and shipped quantities by month.
 */

type Reader = Pick<Ctx, 'db'>;
type Writer = Pick<Ctx, 'db' | 'now' | 'actor'>;

async function requireProduct(ctx: Reader, id: number) {
  const row = await products.findProductRow(ctx.db, id);
  if (!row) throw new NotFoundError();
  return row;
}

export async function listStocks(ctx: Reader, productId: number): Promise<ProductStock[]> {
  await requireProduct(ctx, productId);
  return (await q.listStockRows(ctx.db, productId)).map((s) => ({ ...s, available: s.on_hand - s.ordered }));
}

/** New on-hand and on-order figures; null keeps the current one (0 for a new stock row). */
export type StockChange = {
  productId: number;
  sku: string;
  warehouseId: number;
  onHand: number | null;
  onOrder: number | null;
  /** A variant's code for its transactions (its size); none for a product without variants. */
  variantCode?: string | null;
};
/** The document of the transactions; its date defaults to today in the shop's zone. */
export type StockDocument = { operation: WarehouseOperation; number: string; date?: string };

/**
 * Writes on hand and on order for each (product, warehouse); where on hand changes, a warehouse
 * transaction records the previous and resulting stock. Runs inside the caller's transaction; the
 * existing rows are locked first (in id order, so concurrent writers cannot deadlock).
 */
export async function applyStockChanges(ctx: Writer, changes: StockChange[], document: StockDocument) {
  const locked = await q.lockStocks(ctx.db, changes);
  const current = new Map(locked.map((s) => [`${s.product_id}:${s.warehouse_id}`, s]));
  const today = shopDate(ctx.now());
  const writes = changes.map((c) => {
    const before = current.get(`${c.productId}:${c.warehouseId}`);
    return {
      change: c,
      before: before?.on_hand ?? 0,
      row: {
        productId: c.productId,
        warehouseId: c.warehouseId,
        onHand: c.onHand ?? before?.on_hand ?? 0,
        onOrder: c.onOrder ?? before?.on_order ?? 0,
      },
    };
  });
  const movements = writes
    .filter((w) => w.row.onHand !== w.before)
    .map((w) => ({
      warehouseId: w.row.warehouseId,
      productId: w.row.productId,
      sku: w.change.sku,
      variantCode: w.change.variantCode ?? null,
      operation: document.operation,
      documentDate: document.date ?? today,
      documentNumber: document.number,
      quantity: w.row.onHand - w.before,
      previousStock: w.before,
      resultStock: w.row.onHand,
      userId: ctx.actor?.userId ?? null,
    }));
  await q.upsertStocks(
    ctx.db,
    writes.map((w) => w.row),
  );
  const transactionIds = await q.insertTransactions(ctx.db, movements);
  return { created: changes.length - locked.length, updated: locked.length, transactionIds };
}

/**
 * PUT /api/products/{id}/stocks/{warehouseId}: an adjustment of on hand and on order. Like a recorded
 * movement, more on hand goes to the order rows waiting for it (DESIGN §6 rule 11) and less takes ready
 * units back from the newest rows, in the same transaction.
 */
export async function setStock(
  ctx: Writer,
  productId: number,
  warehouseId: number,
  input: StockInput,
): Promise<ProductStock[]> {
  await inTransaction(ctx, async (tx) => {
    const product = await requireProduct(tx, productId);
    if (!(await q.warehouseExists(tx.db, warehouseId))) throw new NotFoundError();
    // The open rows before the stock rows, the order every writer of stock takes them in.
    await lockOpenRows(tx, productId);
    const number = `ADJ-${shopDate(ctx.now()).replaceAll('-', '')}`;
    const [before] = await q.lockStocks(tx.db, [{ productId, warehouseId }]);
    await applyStockChanges(
      tx,
      [{ productId, sku: product.sku, warehouseId, onHand: input.on_hand, onOrder: input.on_order }],
      { operation: 'adjustment', number },
    );
    await settleProductStock(tx, productId, { allocate: input.on_hand > (before?.on_hand ?? 0) });
  });
  return listStocks(ctx, productId);
}

export async function getPurchase(ctx: Reader, productId: number): Promise<ProductPurchase> {
  const product = await requireProduct(ctx, productId);
  const [incoming, receipts] = await Promise.all([
    q.listIncoming(ctx.db, productId),
    q.listReceipts(ctx.db, productId, 10),
  ]);
  return {
    supplier_code: product.supplierCode,
    on_order: incoming.reduce((sum, w) => sum + w.on_order, 0),
    incoming,
    last_receipts: receipts,
  };
}

/** The last `months` months up to the current one (shop's zone), months without orders as zeros. */
export async function getSales(ctx: Writer, productId: number, months: number): Promise<ProductSales> {
  await requireProduct(ctx, productId);
  const thisMonth = shopDate(ctx.now()).slice(0, 7);
  const first = addMonths(`${thisMonth}-01`, -(months - 1)).slice(0, 7);
  const found = new Map((await q.salesByMonth(ctx.db, productId, first)).map((m) => [m.month, m]));
  return {
    months: Array.from({ length: months }, (_, i) => {
      const month = addMonths(`${first}-01`, i).slice(0, 7);
      const m = found.get(month);
      return { month, ordered: m?.ordered ?? 0, shipped: m?.shipped ?? 0 };
    }),
  };
}
