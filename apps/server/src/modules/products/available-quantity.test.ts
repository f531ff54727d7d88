import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stocks, vats, warehouses } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * products.available_qty is the storefront's stock figure (on hand − ordered over all warehouses; a
 * product with variants sums them). The stock triggers of migration 0002 keep it right whichever code
 * writes `stocks`.
 */

let t: TestApp;
let ids: { cd: number; shirt: number; small: number; large: number; main: number; ext: number };

const availableOf = async (id: number) =>
  (await t.db.select({ q: products.availableQty }).from(products).where(eq(products.id, id)))[0]!.q;

beforeAll(async () => {
  t = await createTestApp();
  const [vat] = await t.db.insert(vats).values({ rate: 2200, description: 'IVA 22%' }).returning();
  const [main, ext] = await t.db
    .insert(warehouses)
    .values([
      { code: 'MAIN', description: 'Main' },
      { code: 'EXT', description: 'External' },
    ])
    .returning();
  const base = { vatId: vat!.id, price: 1000 };
  const [cd, shirt] = await t.db
    .insert(products)
    .values([
      { ...base, sku: 'MU-900001', description: 'A CD' },
      { ...base, sku: 'ME-900001', description: 'A shirt', hasVariants: true },
    ])
    .returning();
  const [small, large] = await t.db
    .insert(products)
    .values([
      { ...base, sku: 'ME-900001-S', description: 'A shirt – S', parentId: shirt!.id },
      { ...base, sku: 'ME-900001-L', description: 'A shirt – L', parentId: shirt!.id },
    ])
    .returning();
  ids = { cd: cd!.id, shirt: shirt!.id, small: small!.id, large: large!.id, main: main!.id, ext: ext!.id };
});
afterAll(() => t.close());

describe('products.available_qty follows the stock', () => {
  it('sums on hand − ordered over warehouses when stock rows are inserted', async () => {
    await t.db.insert(stocks).values([
      { productId: ids.cd, warehouseId: ids.main, onHand: 10, ordered: 3 },
      { productId: ids.cd, warehouseId: ids.ext, onHand: 4, ordered: 0 },
      { productId: ids.small, warehouseId: ids.main, onHand: 5, ordered: 1 },
      { productId: ids.large, warehouseId: ids.main, onHand: 2, ordered: 0 },
    ]);
    expect(await availableOf(ids.cd)).toBe(11);
    expect(await availableOf(ids.small)).toBe(4);
    expect(await availableOf(ids.shirt)).toBe(6);
  });

  it('follows updates of on hand and reservations, also below zero', async () => {
    await t.db.update(stocks).set({ ordered: 9 }).where(eq(stocks.productId, ids.small));
    expect(await availableOf(ids.small)).toBe(-4);
    expect(await availableOf(ids.shirt)).toBe(-2);
    await t.db
      .update(stocks)
      .set({ onHand: 20 })
      .where(inArray(stocks.productId, [ids.cd, ids.large]));
    expect(await availableOf(ids.cd)).toBe(37);
    expect(await availableOf(ids.large)).toBe(20);
    expect(await availableOf(ids.shirt)).toBe(16);
  });

  it('drops a deleted stock row and a deleted variant from the totals', async () => {
    await t.db.delete(stocks).where(eq(stocks.warehouseId, ids.ext));
    expect(await availableOf(ids.cd)).toBe(17);
    await t.db.delete(products).where(eq(products.id, ids.large));
    expect(await availableOf(ids.shirt)).toBe(-4);
  });
});
