import type { WarehouseTransaction } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import {
  type CustomerShop,
  openCustomerShop,
  orderAt,
  storedRows,
} from '../customer-orders/customer-orders.fixtures';
import { addProduct, rowsOf } from '../orders/checkout.fixtures';
import { type Cell, preview, readXlsx, run, type Shop, xlsx } from './imports.fixtures';

/**
 * Stock movements as a sheet (SPEC §1 warehouse movements): every bad cell in the preview, then each row
 * recorded by the rules of POST /api/warehouse-transactions in the import's batch transactions, arriving
 * stock allocated to waiting order rows oldest first.
 */

const HEADER: Cell[] = [
  'sku',
  'variant_code',
  'warehouse',
  'operation',
  'quantity',
  'to_warehouse',
  'document_date',
  'document_number',
];

let shop: CustomerShop;
let imports: Shop;
let main: number;
let ext: number;

beforeAll(async () => {
  shop = await openCustomerShop();
  imports = { t: shop.t, admin: shop.clients.admin } as Shop;
  const ids = await rowsOf<{ code: string; id: number }>(shop.t.db, sql`select code, id from warehouses`);
  main = ids.find((w) => w.code === 'MAIN')!.id;
  ext = ids.find((w) => w.code === 'EXT')!.id;
});
afterAll(() => shop.t.close());

async function previewMovements(rows: Cell[][]) {
  const p = await preview(imports, 'stock-movements', 'movements.xlsx', await xlsx([HEADER, ...rows]));
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  return p.body;
}

/** On hand of a product in MAIN and EXT (null without a stock row). */
async function onHand(productId: number) {
  const [row] = await rowsOf<{ main: number | null; ext: number | null }>(
    shop.t.db,
    sql`select
      (select on_hand from stocks where product_id = ${productId} and warehouse_id = ${main}) as main,
      (select on_hand from stocks where product_id = ${productId} and warehouse_id = ${ext}) as ext`,
  );
  return row!;
}

async function transactionsOf(sku: string) {
  const res = await shop.clients.admin.get(`/api/warehouse-transactions?sku=${sku}&per_page=100`);
  return (res.json().data as WarehouseTransaction[])
    .reverse()
    .map((t) => [
      t.document_number,
      t.operation,
      t.warehouse_code,
      t.quantity,
      t.previous_stock,
      t.result_stock,
    ]);
}

describe('the template', () => {
  it('has the movement columns', async () => {
    const res = await shop.clients.admin.get('/api/imports/stock-movements/template');
    expect(res.statusCode).toBe(200);
    expect((await readXlsx(res.rawPayload))[0]).toEqual(HEADER);
  });
});

describe('the preview', () => {
  it('flags every bad cell with its message, following the stock the earlier rows leave', async () => {
    const p = await addProduct(shop.t.db, { stock: 3 });
    const [vat] = await rowsOf<{ id: number }>(shop.t.db, sql`select id from vats limit 1`);
    const [shirt] = await shop.t.db
      .insert(products)
      .values({ sku: 'IMV-1', description: 'T-shirt', price: 1500, vatId: vat!.id, hasVariants: true })
      .returning();
    await shop.t.db
      .insert(products)
      .values({ sku: 'IMV-1-M', parentId: shirt!.id, description: 'M', price: 1500, vatId: vat!.id });
    const body = await previewMovements([
      ['NOPE-1', null, 'MAIN', 'load', 1, null, '2026-11-20', 'D-1'],
      [p.sku, null, 'NOWHERE', 'load', 1, null, '2026-11-20', 'D-1'],
      [p.sku, null, 'MAIN', 'borrow', 1, null, '2026-11-20', 'D-1'],
      [p.sku, null, 'MAIN', 'load', 0, null, '2026-11-20', 'D-1'],
      [p.sku, null, 'MAIN', 'load', -2, null, '2026-11-20', 'D-1'],
      [p.sku, null, 'MAIN', 'load', 2.5, null, '2026-11-20', 'D-1'],
      [p.sku, null, 'MAIN', 'transfer', 1, null, '2026-11-20', 'D-1'],
      [p.sku, null, 'MAIN', 'transfer', 1, 'MAIN', '2026-11-20', 'D-1'],
      [p.sku, null, 'MAIN', 'load', 1, null, '31/02/2026', 'D-1'],
      [p.sku, null, 'MAIN', 'load', 1, null, 'tomorrow', 'D-1'],
      [p.sku, null, 'MAIN', 'load', 1, null, '2026-11-20', null],
      // 3 on hand: the first unload takes 2, the second finds 1.
      [p.sku, null, 'MAIN', 'unload', 2, null, '2026-11-20', 'D-2'],
      [p.sku, null, 'MAIN', 'unload', 2, null, '2026-11-20', 'D-3'],
      [p.sku, null, 'EXT', 'unload', 1, null, '2026-11-20', 'D-4'],
      ['IMV-1', null, 'MAIN', 'load', 1, null, '2026-11-20', 'D-5'],
      ['IMV-1', 'XL', 'MAIN', 'load', 1, null, '2026-11-20', 'D-5'],
      ['IMV-1', 'M', 'MAIN', 'load', 1, null, '2026-11-20', 'D-5'],
    ]);
    expect(body.errors).toEqual([
      { row: 2, column: 'sku', message: 'Does not exist' },
      { row: 3, column: 'warehouse', message: 'Does not exist' },
      { row: 4, column: 'operation', message: 'Invalid value' },
      { row: 5, column: 'quantity', message: 'Must be greather than 0' },
      { row: 6, column: 'quantity', message: 'Must be greather than 0' },
      { row: 7, column: 'quantity', message: 'Invalid value' },
      { row: 8, column: 'to_warehouse', message: 'Required' },
      { row: 9, column: 'to_warehouse', message: 'Invalid value' },
      { row: 10, column: 'document_date', message: 'Invalid value' },
      { row: 11, column: 'document_date', message: 'Invalid value' },
      { row: 12, column: 'document_number', message: 'Required' },
      { row: 14, column: 'quantity', message: 'Only 1 on hand in this warehouse' },
      { row: 15, column: 'quantity', message: 'Only 0 on hand in this warehouse' },
      { row: 16, column: 'sku', message: 'Invalid value' },
      { row: 17, column: 'variant_code', message: 'Does not exist' },
    ]);
    expect(body).toMatchObject({ total_rows: 17, invalid_rows: 15, to_create: 2, to_update: 0 });
    // A preview writes nothing.
    expect(await onHand(p.id)).toEqual({ main: 3, ext: null });
  });
});

describe('the run', () => {
  it('records every movement in file order with previous and resulting stock', async () => {
    const p = await addProduct(shop.t.db, { stock: 4 });
    const body = await previewMovements([
      [p.sku, null, 'MAIN', 'load', 6, null, '2026-11-18', 'CAR-1'],
      [p.sku, null, 'MAIN', 'unload', 3, null, '2026-11-19', 'SCA-1'],
      [p.sku, null, 'MAIN', 'transfer', 2, 'EXT', '19/11/2026', 'TRA-1'],
      [p.sku, null, 'EXT', 'adjustment', 5, null, '2026-11-20', 'INV-1'],
    ]);
    expect(body).toMatchObject({ invalid_rows: 0, to_create: 4 });
    const done = await run(imports, body.id);
    expect([done.status, done.summary]).toEqual(['completed', { created: 4, updated: 0, skipped: 0 }]);
    expect(await onHand(p.id)).toEqual({ main: 5, ext: 5 });
    expect(await transactionsOf(p.sku)).toEqual([
      ['CAR-1', 'load', 'MAIN', 6, 4, 10],
      ['SCA-1', 'unload', 'MAIN', -3, 10, 7],
      ['TRA-1', 'transfer', 'MAIN', -2, 7, 5],
      ['TRA-1', 'transfer', 'EXT', 2, 0, 2],
      ['INV-1', 'adjustment', 'EXT', 3, 2, 5],
    ]);
  });

  it("records a variant's movement under its SKU and variant code", async () => {
    const body = await previewMovements([['IMV-1', 'M', 'MAIN', 'load', 4, null, '2026-11-20', 'CAR-V']]);
    expect(body.errors).toEqual([]);
    expect((await run(imports, body.id)).status).toBe('completed');
    const res = await shop.clients.admin.get('/api/warehouse-transactions?sku=IMV-1-M');
    expect(res.json().data[0]).toMatchObject({
      sku: 'IMV-1-M',
      variant_code: 'M',
      quantity: 4,
      result_stock: 4,
    });
  });

  it('a load allocates to waiting order rows, oldest order first', async () => {
    const p = await addProduct(shop.t.db, { stock: 0, onRequest: true });
    const first = await orderAt(shop, 'bob', '2026-11-02T09:00:00Z', [[p.id, 3]]);
    const second = await orderAt(shop, 'alice', '2026-11-03T09:00:00Z', [[p.id, 4]]);
    const ids = [first.rows[0]!.id, second.rows[0]!.id];
    const body = await previewMovements([
      [p.sku, null, 'EXT', 'load', 2, null, '2026-11-20', 'CAR-2'],
      [p.sku, null, 'MAIN', 'load', 3, null, '2026-11-20', 'CAR-3'],
    ]);
    expect((await run(imports, body.id)).status).toBe('completed');
    expect((await storedRows(shop, ids)).map((r) => r.ready_qty)).toEqual([3, 2]);
  });

  it('skips the invalid rows when told, and writes nothing of them', async () => {
    const p = await addProduct(shop.t.db, { stock: 1 });
    const body = await previewMovements([
      [p.sku, null, 'MAIN', 'unload', 5, null, '2026-11-20', 'SCA-2'],
      [p.sku, null, 'MAIN', 'load', 2, null, '2026-11-20', 'CAR-4'],
      ['NOPE-2', null, 'MAIN', 'load', 2, null, '2026-11-20', 'CAR-4'],
    ]);
    expect(body).toMatchObject({ invalid_rows: 2, to_create: 1 });
    const refused = await shop.clients.admin.post(`/api/imports/${body.id}/run`, { skip_invalid: false });
    expect(refused.statusCode).toBe(422);
    expect(await onHand(p.id)).toEqual({ main: 1, ext: null });

    const done = await run(imports, body.id, true);
    expect(done.summary).toEqual({ created: 1, updated: 0, skipped: 2 });
    expect(await transactionsOf(p.sku)).toEqual([['CAR-4', 'load', 'MAIN', 2, 1, 3]]);
  });
});

describe('the stock import (on hand per warehouse)', () => {
  it('gives more on hand to waiting order rows and takes ready units back when it lowers on hand', async () => {
    const p = await addProduct(shop.t.db, { stock: 0, onRequest: true });
    const older = await orderAt(shop, 'bob', '2026-11-08T09:00:00Z', [[p.id, 2]]);
    const newer = await orderAt(shop, 'alice', '2026-11-09T09:00:00Z', [[p.id, 3]]);
    const ids = [older.rows[0]!.id, newer.rows[0]!.id];
    const importStock = async (units: number) => {
      const sheet = await xlsx([
        ['sku', 'warehouse', 'on_hand'],
        [p.sku, 'MAIN', units],
      ]);
      const body = (await preview(imports, 'stock', 'stock.xlsx', sheet)).body;
      expect((await run(imports, body.id)).status).toBe('completed');
    };
    await importStock(4);
    expect((await storedRows(shop, ids)).map((r) => r.ready_qty)).toEqual([2, 2]);
    await importStock(1);
    expect((await storedRows(shop, ids)).map((r) => r.ready_qty)).toEqual([1, 0]);
  });
});
