import type { Db } from '../client';
import { stocks, warehouseTransactions } from '../schema';
import type { ProductSeed } from './catalog';
import { bulkInsert, ROW_CHUNK } from './insert';
import type { Refs } from './insert-reference';

/** Writes the stock of the demo products and the warehouse load transactions that put it there. */

/** Inserts the stock rows of every sellable product; returns how many. */
export async function insertStock(
  tx: Db,
  items: ProductSeed[],
  refs: Refs,
  adminId: number,
  today: string,
  now: Date,
): Promise<number> {
  // Stock: every sellable row in MAIN, some in EXT, each load written as a warehouse transaction.
  const mainId = refs.warehouseIdByCode.get('MAIN')!;
  const extId = refs.warehouseIdByCode.get('EXT')!;
  const year = today.slice(0, 4);
  const stockRows: (typeof stocks.$inferInsert)[] = [];
  const loads: (typeof warehouseTransactions.$inferInsert)[] = [];
  const load = (s: ProductSeed, warehouseId: number, documentNumber: string, quantity: number) => {
    if (quantity <= 0) return;
    loads.push({
      warehouseId,
      productId: s.id,
      sku: s.sku,
      variantCode: s.size,
      operation: 'load',
      documentDate: today,
      documentNumber,
      quantity,
      previousStock: 0,
      resultStock: quantity,
      userId: adminId,
      createdAt: now,
      updatedAt: now,
    });
  };
  for (const s of items) {
    const st = s.stock!;
    stockRows.push({
      productId: s.id,
      warehouseId: mainId,
      onHand: st.main,
      onOrder: st.mainOnOrder,
      ordered: st.ordered,
    });
    load(s, mainId, `CAR-${year}-0001`, st.main);
    if (st.ext !== null) {
      stockRows.push({
        productId: s.id,
        warehouseId: extId,
        onHand: st.ext,
        onOrder: st.extOnOrder,
        ordered: 0,
      });
      load(s, extId, `CAR-${year}-0002`, st.ext);
    }
  }
  await bulkInsert(tx, stocks, stockRows, { chunkSize: ROW_CHUNK });
  await bulkInsert(tx, warehouseTransactions, loads, { chunkSize: ROW_CHUNK });
  return stockRows.length;
}
