import type { StockMovementInput, StockMovementResult, WarehouseTransaction } from '@shop/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { ACCOUNTS } from '../../db/seed/demo';
import {
  type CustomerShop,
  openCustomerShop,
  orderAt,
  storedRows,
} from '../customer-orders/customer-orders.fixtures';
import { addProduct, rowsOf, stockOf } from '../orders/checkout.fixtures';

/** Warehouse transactions and stock movements (SPEC §3, §7; DESIGN §4 and §6 rule 11). */

let shop: CustomerShop;
let main: number;
let ext: number;

beforeAll(async () => {
  shop = await openCustomerShop();
  const ids = await rowsOf<{ code: string; id: number }>(shop.t.db, sql`select code, id from warehouses`);
  main = ids.find((w) => w.code === 'MAIN')!.id;
  ext = ids.find((w) => w.code === 'EXT')!.id;
});
afterAll(() => shop.t.close());

const admin = () => shop.clients.admin;

function movement(body: Partial<StockMovementInput> & Pick<StockMovementInput, 'sku'>) {
  return admin().post('/api/warehouse-transactions', {
    operation: 'load',
    warehouse: 'MAIN',
    quantity: 1,
    document_date: '2026-11-20',
    document_number: 'DDT-F-1',
    ...body,
  });
}

async function record(body: Partial<StockMovementInput> & Pick<StockMovementInput, 'sku'>) {
  const res = await movement(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as StockMovementResult;
}

/** On hand per warehouse code, and how many transactions the product has. */
async function stockState(productId: number) {
  const [row] = await rowsOf<{ main: number | null; ext: number | null; transactions: number }>(
    shop.t.db,
    sql`select
      (select on_hand from stocks where product_id = ${productId} and warehouse_id = ${main}) as main,
      (select on_hand from stocks where product_id = ${productId} and warehouse_id = ${ext}) as ext,
      (select count(*)::integer from warehouse_transactions where product_id = ${productId}) as transactions`,
  );
  return row!;
}

const essentials = (t: WarehouseTransaction) => [
  t.operation,
  t.warehouse_code,
  t.quantity,
  t.previous_stock,
  t.result_stock,
];

describe('recording a movement', () => {
  it('a load adds to on hand and writes one transaction with the previous and resulting stock', async () => {
    const p = await addProduct(shop.t.db, { stock: 7 });
    const result = await record({ sku: p.sku, quantity: 5, document_number: 'CAR-2026-0042' });
    expect(result.transactions).toHaveLength(1);
    expect(result.transactions[0]).toMatchObject({
      operation: 'load',
      sku: p.sku,
      variant_code: null,
      warehouse_code: 'MAIN',
      quantity: 5,
      previous_stock: 7,
      result_stock: 12,
      document_date: '2026-11-20',
      document_number: 'CAR-2026-0042',
      user: ACCOUNTS.admin,
    });
    expect(await stockState(p.id)).toEqual({ main: 12, ext: null, transactions: 1 });
    expect((await stockOf(shop.t.db, p.id)).listed).toBe(12);
  });

  it('a load into a warehouse without a stock row creates it (the warehouse given by id)', async () => {
    const p = await addProduct(shop.t.db, { stock: 2 });
    const result = await record({ sku: p.sku, warehouse: ext, quantity: 4 });
    expect(result.transactions.map(essentials)).toEqual([['load', 'EXT', 4, 0, 4]]);
    expect(await stockState(p.id)).toEqual({ main: 2, ext: 4, transactions: 1 });
  });

  it('an unload takes from on hand; the transaction records a negative quantity', async () => {
    const p = await addProduct(shop.t.db, { stock: 10 });
    const result = await record({ sku: p.sku, operation: 'unload', quantity: 4 });
    expect(result.transactions.map(essentials)).toEqual([['unload', 'MAIN', -4, 10, 6]]);
    expect(await stockState(p.id)).toEqual({ main: 6, ext: null, transactions: 1 });
  });

  it('an unload of exactly what is on hand leaves zero', async () => {
    const p = await addProduct(shop.t.db, { stock: 3 });
    const result = await record({ sku: p.sku, operation: 'unload', quantity: 3 });
    expect(result.transactions.map(essentials)).toEqual([['unload', 'MAIN', -3, 3, 0]]);
  });

  it('refuses an unload below zero on hand with 422 on quantity, writing nothing', async () => {
    const p = await addProduct(shop.t.db, { stock: 10 });
    const res = await movement({ sku: p.sku, operation: 'unload', quantity: 11 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ quantity: ['Only 10 on hand in this warehouse'] });
    expect(await stockState(p.id)).toEqual({ main: 10, ext: null, transactions: 0 });
  });

  it('refuses an unload from a warehouse holding none, without creating a stock row', async () => {
    const p = await addProduct(shop.t.db, { stock: 10 });
    const res = await movement({ sku: p.sku, operation: 'unload', warehouse: 'EXT', quantity: 1 });
    expect(res.json().errors).toEqual({ quantity: ['Only 0 on hand in this warehouse'] });
    expect(await stockState(p.id)).toEqual({ main: 10, ext: null, transactions: 0 });
  });

  it('a transfer writes an out and an in transaction and keeps the total', async () => {
    const p = await addProduct(shop.t.db, { stock: 10, ext: 1 });
    const result = await record({ sku: p.sku, operation: 'transfer', to_warehouse: 'EXT', quantity: 6 });
    expect(result.transactions.map(essentials)).toEqual([
      ['transfer', 'MAIN', -6, 10, 4],
      ['transfer', 'EXT', 6, 1, 7],
    ]);
    expect(await stockState(p.id)).toEqual({ main: 4, ext: 7, transactions: 2 });
    expect((await stockOf(shop.t.db, p.id)).available).toBe(11);
  });

  it('refuses a transfer of more than is on hand, and one to the same warehouse', async () => {
    const p = await addProduct(shop.t.db, { stock: 5 });
    const tooMany = await movement({ sku: p.sku, operation: 'transfer', to_warehouse: 'EXT', quantity: 6 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ quantity: ['Only 5 on hand in this warehouse'] });
    const same = await movement({
      sku: p.sku,
      operation: 'transfer',
      to_warehouse: String(main),
      quantity: 1,
    });
    expect(same.json().errors).toEqual({ to_warehouse: ['Invalid value'] });
    const missing = await movement({ sku: p.sku, operation: 'transfer', quantity: 1 });
    expect(missing.json().errors).toEqual({ to_warehouse: ['Required'] });
    expect(await stockState(p.id)).toEqual({ main: 5, ext: null, transactions: 0 });
  });

  it('an adjustment sets the counted on hand, up or down; the same count writes nothing', async () => {
    const p = await addProduct(shop.t.db, { stock: 10 });
    const down = await record({ sku: p.sku, operation: 'adjustment', quantity: 8 });
    expect(down.transactions.map(essentials)).toEqual([['adjustment', 'MAIN', -2, 10, 8]]);
    const up = await record({ sku: p.sku, operation: 'adjustment', quantity: 15 });
    expect(up.transactions.map(essentials)).toEqual([['adjustment', 'MAIN', 7, 8, 15]]);
    const same = await record({ sku: p.sku, operation: 'adjustment', quantity: 15 });
    expect(same.transactions).toEqual([]);
    const zero = await record({ sku: p.sku, operation: 'adjustment', quantity: 0 });
    expect(zero.transactions.map(essentials)).toEqual([['adjustment', 'MAIN', -15, 15, 0]]);
    expect(await stockState(p.id)).toEqual({ main: 0, ext: null, transactions: 3 });
  });

  it('refuses an unknown SKU or warehouse with 422 on that field', async () => {
    const p = await addProduct(shop.t.db, { stock: 1 });
    expect((await movement({ sku: 'NOPE-0000' })).json().errors).toEqual({ sku: ['Does not exist'] });
    expect((await movement({ sku: p.sku, warehouse: 'NOWHERE' })).json().errors).toEqual({
      warehouse: ['Does not exist'],
    });
    expect((await movement({ sku: p.sku, warehouse: 999999 })).json().errors).toEqual({
      warehouse: ['Does not exist'],
    });
    const to = await movement({ sku: p.sku, operation: 'transfer', to_warehouse: 'NOWHERE' });
    expect(to.statusCode).toBe(422);
    expect(to.json().errors).toEqual({ to_warehouse: ['Does not exist'] });
    expect(await stockState(p.id)).toEqual({ main: 1, ext: null, transactions: 0 });
  });

  it('refuses a zero or negative quantity for a load, a bad date and unknown fields', async () => {
    const p = await addProduct(shop.t.db, { stock: 1 });
    expect((await movement({ sku: p.sku, quantity: 0 })).json().errors).toEqual({
      quantity: ['Must be greather than 0'],
    });
    expect((await movement({ sku: p.sku, quantity: -3 })).json().errors).toEqual({
      quantity: ['Invalid value'],
    });
    expect((await movement({ sku: p.sku, document_date: '2026-13-40' })).json().errors).toEqual({
      document_date: ['Invalid value'],
    });
    const extra = await admin().post('/api/warehouse-transactions', {
      operation: 'sale',
      sku: p.sku,
      warehouse: 'MAIN',
      quantity: 1,
      document_date: '2026-11-20',
      document_number: 'X',
    });
    expect(extra.json().errors).toEqual({ operation: ['Invalid value'] });
    expect(await stockState(p.id)).toEqual({ main: 1, ext: null, transactions: 0 });
  });

  it("a variant's transactions carry its variant code; its product, which holds no stock, is refused", async () => {
    const [vat] = await rowsOf<{ id: number }>(shop.t.db, sql`select id from vats limit 1`);
    const [parent] = await shop.t.db
      .insert(products)
      .values({ sku: 'MV-100', description: 'T-shirt', price: 1500, vatId: vat!.id, hasVariants: true })
      .returning();
    await shop.t.db.insert(products).values({
      sku: 'MV-100-XL',
      parentId: parent!.id,
      description: 'T-shirt XL',
      price: 1500,
      vatId: vat!.id,
      variantValue: 4,
    });
    const result = await record({ sku: 'MV-100-XL', quantity: 2 });
    expect(result.transactions[0]).toMatchObject({ sku: 'MV-100-XL', variant_code: 'XL', result_stock: 2 });
    expect((await movement({ sku: 'MV-100' })).json().errors).toEqual({ sku: ['Invalid value'] });
  });
});

describe('allocation of arriving stock to order rows (DESIGN §6 rule 11)', () => {
  it('a load fills backorder rows oldest order first, to the unit, and leaves newer ones when it runs out', async () => {
    const p = await addProduct(shop.t.db, { stock: 0, onRequest: true });
    const first = await orderAt(shop, 'bob', '2026-11-02T09:00:00Z', [[p.id, 3]]);
    const second = await orderAt(shop, 'alice', '2026-11-03T09:00:00Z', [[p.id, 4]]);
    const third = await orderAt(shop, 'bob', '2026-11-04T09:00:00Z', [[p.id, 2]]);
    const ids = [first, second, third].map((o) => o.rows[0]!.id);
    const reserved = (await stockOf(shop.t.db, p.id)).ordered;
    expect(reserved).toBe(9);

    const result = await record({ sku: p.sku, quantity: 5 });
    expect(result.allocated).toEqual([
      { order_row_id: ids[0], orderNo: first.orderNo, quantity: 3 },
      { order_row_id: ids[1], orderNo: second.orderNo, quantity: 2 },
    ]);
    expect((await storedRows(shop, ids)).map((r) => r.ready_qty)).toEqual([3, 2, 0]);

    // The next load tops up the second row and fills the third; 6 units stay free.
    const next = await record({ sku: p.sku, quantity: 10 });
    expect(next.allocated.map((a) => [a.order_row_id, a.quantity])).toEqual([
      [ids[1], 2],
      [ids[2], 2],
    ]);
    expect((await storedRows(shop, ids)).map((r) => r.ready_qty)).toEqual([3, 4, 2]);
    // Every residual was reserved when ordered: allocating changes ready quantities, not `ordered`.
    expect(await stockOf(shop.t.db, p.id)).toMatchObject({ ordered: 9, available: 6 });
  });

  it("a positive adjustment and the product tab's stock edit allocate arriving stock; an unload of free stock allocates nothing", async () => {
    const p = await addProduct(shop.t.db, { stock: 0, ext: 2, onRequest: true });
    // The 2 units in EXT go to the order as it is placed; 3 wait.
    const order = await orderAt(shop, 'alice', '2026-11-05T09:00:00Z', [[p.id, 5]]);
    const id = order.rows[0]!.id;
    const ready = async () => (await storedRows(shop, [id]))[0]!.ready_qty;
    expect(await ready()).toBe(2);
    const adjusted = await record({ sku: p.sku, operation: 'adjustment', quantity: 1 });
    expect(adjusted.allocated).toEqual([{ order_row_id: id, orderNo: order.orderNo, quantity: 1 }]);
    expect(await ready()).toBe(3);
    // The product tab's stock edit (EXT 2 → 6) fills the row and leaves 2 units free.
    const tab = await admin().put(`/api/products/${p.id}/stocks/${ext}`, { on_hand: 6, on_order: 0 });
    expect(tab.statusCode).toBe(200);
    expect(await ready()).toBe(5);
    const unloaded = await record({ sku: p.sku, warehouse: 'EXT', operation: 'unload', quantity: 2 });
    expect([unloaded.allocated, unloaded.deallocated]).toEqual([[], []]);
    expect(await ready()).toBe(5);
  });

  it('stock leaving below the ready units takes them back from the newest order first; a transfer keeps them', async () => {
    const p = await addProduct(shop.t.db, { stock: 0, onRequest: true });
    const first = await orderAt(shop, 'bob', '2026-11-02T09:00:00Z', [[p.id, 3]]);
    const second = await orderAt(shop, 'alice', '2026-11-03T09:00:00Z', [[p.id, 4]]);
    const third = await orderAt(shop, 'bob', '2026-11-04T09:00:00Z', [[p.id, 2]]);
    const ids = [first, second, third].map((o) => o.rows[0]!.id);
    const readyOf = async () => (await storedRows(shop, ids)).map((r) => r.ready_qty);
    await record({ sku: p.sku, quantity: 9 });
    expect(await readyOf()).toEqual([3, 4, 2]);

    // Moving stock between warehouses keeps the product's on hand: nothing is taken back.
    const moved = await record({ sku: p.sku, operation: 'transfer', to_warehouse: 'EXT', quantity: 4 });
    expect([moved.allocated, moved.deallocated]).toEqual([[], []]);
    expect(await readyOf()).toEqual([3, 4, 2]);

    // 9 ready, 5 left on hand: the newest order gives its 2, the one before it 2 of its 4.
    const unloaded = await record({ sku: p.sku, warehouse: 'EXT', operation: 'unload', quantity: 4 });
    expect(unloaded.transactions.map(essentials)).toEqual([['unload', 'EXT', -4, 4, 0]]);
    expect(unloaded.deallocated).toEqual([
      { order_row_id: ids[2], orderNo: third.orderNo, quantity: 2 },
      { order_row_id: ids[1], orderNo: second.orderNo, quantity: 2 },
    ]);
    expect(await readyOf()).toEqual([3, 2, 0]);

    // A count below what is ready (MAIN 5 → 1) takes back the rest of the second and 2 of the first.
    const counted = await record({ sku: p.sku, operation: 'adjustment', quantity: 1 });
    expect(counted.deallocated.map((d) => [d.order_row_id, d.quantity])).toEqual([
      [ids[1], 2],
      [ids[0], 2],
    ]);
    expect(await readyOf()).toEqual([1, 0, 0]);
    // Every residual stays reserved: only the ready quantities went back.
    expect(await stockOf(shop.t.db, p.id)).toMatchObject({ ordered: 9, available: -8 });
  });

  it("the product tab's stock edit allocates more on hand to waiting rows and takes ready units back when lowered", async () => {
    const p = await addProduct(shop.t.db, { stock: 0, onRequest: true });
    const older = await orderAt(shop, 'bob', '2026-11-06T09:00:00Z', [[p.id, 2]]);
    const newer = await orderAt(shop, 'alice', '2026-11-07T09:00:00Z', [[p.id, 3]]);
    const ids = [older.rows[0]!.id, newer.rows[0]!.id];
    const readyOf = async () => (await storedRows(shop, ids)).map((r) => r.ready_qty);
    const edit = (on_hand: number) =>
      admin().put(`/api/products/${p.id}/stocks/${main}`, { on_hand, on_order: 0 });

    const raised = await edit(4);
    expect(raised.statusCode).toBe(200);
    expect(raised.json().data.find((s: { warehouse_id: number }) => s.warehouse_id === main)).toMatchObject({
      on_hand: 4,
    });
    expect(await readyOf()).toEqual([2, 2]);
    expect((await edit(1)).statusCode).toBe(200);
    expect(await readyOf()).toEqual([1, 0]);
    const [t] = (await admin().get(`/api/warehouse-transactions?sku=${p.sku}`)).json().data;
    expect(essentials(t)).toEqual(['adjustment', 'MAIN', -3, 4, 1]);
  });

  it("pre-order rows take stock only within the customer's pre-order days before the release", async () => {
    // Released 2027-03-01, 100 days after today (2026-11-21).
    const p = await addProduct(shop.t.db, { stock: 0, preorder: true });
    await shop.t.db.execute(
      sql`update customers set preorder_days = case id when ${shop.buyers.alice.customerId} then 100 else 30 end
        where id in (${shop.buyers.alice.customerId}, ${shop.buyers.bob.customerId})`,
    );
    const bobs = await orderAt(shop, 'bob', '2026-11-01T09:00:00Z', [[p.id, 2]]);
    const alices = await orderAt(shop, 'alice', '2026-11-02T09:00:00Z', [[p.id, 2]]);
    const ids = [bobs.rows[0]!.id, alices.rows[0]!.id];

    const result = await record({ sku: p.sku, quantity: 5 });
    // Bob's order is older, but his window (30 days) is not open yet; Alice's (100 days) opens today.
    expect(result.allocated.map((a) => [a.order_row_id, a.quantity])).toEqual([[ids[1], 2]]);
    expect((await storedRows(shop, ids)).map((r) => r.ready_qty)).toEqual([0, 2]);
  });
});

describe('GET /api/warehouse-transactions', () => {
  let a: { id: number; sku: string };
  let b: { id: number; sku: string };

  beforeAll(async () => {
    a = await addProduct(shop.t.db, { stock: 1 });
    b = await addProduct(shop.t.db, { stock: 1 });
    await record({ sku: a.sku, quantity: 1, document_number: 'A-1' });
    await record({ sku: a.sku, warehouse: 'EXT', quantity: 2, document_number: 'A-2' });
    await record({ sku: b.sku, warehouse: 'EXT', quantity: 3, document_number: 'B-1' });
  });

  it('filters by SKU, newest first, with the list envelope', async () => {
    const res = await admin().get(`/api/warehouse-transactions?sku=${a.sku}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((t: WarehouseTransaction) => t.document_number)).toEqual(['A-2', 'A-1']);
    expect(res.json().meta).toEqual({ total: 2, page: 1, per_page: 25 });
  });

  it('filters by warehouse code or id, together with the SKU', async () => {
    const byCode = await admin().get(`/api/warehouse-transactions?sku=${a.sku}&warehouse=EXT`);
    expect(byCode.json().data.map(essentials)).toEqual([['load', 'EXT', 2, 0, 2]]);
    const byId = await admin().get(`/api/warehouse-transactions?warehouse=${ext}&per_page=100`);
    const numbers = byId.json().data.map((t: WarehouseTransaction) => t.document_number);
    expect(numbers).toContain('B-1');
    expect(numbers).not.toContain('A-1');
    expect(byId.json().data.every((t: WarehouseTransaction) => t.warehouse_code === 'EXT')).toBe(true);
    const none = await admin().get('/api/warehouse-transactions?warehouse=NOWHERE');
    expect(none.json()).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 25 } });
  });

  it('pages', async () => {
    const second = await admin().get(`/api/warehouse-transactions?sku=${a.sku}&page=2&per_page=1`);
    expect(second.json().data.map((t: WarehouseTransaction) => t.document_number)).toEqual(['A-1']);
    expect(second.json().meta).toEqual({ total: 2, page: 2, per_page: 1 });
    expect((await admin().get('/api/warehouse-transactions?per_page=101')).statusCode).toBe(422);
  });

  it('reads one transaction; an unknown id is 404', async () => {
    const [first] = (await admin().get(`/api/warehouse-transactions?sku=${b.sku}`)).json().data;
    const res = await admin().get(`/api/warehouse-transactions/${first.id}`);
    expect(res.json()).toEqual(first);
    expect(res.json()).toMatchObject({
      sku: b.sku,
      warehouse_code: 'EXT',
      quantity: 3,
      user: ACCOUNTS.admin,
    });
    expect((await admin().get('/api/warehouse-transactions/99999999')).statusCode).toBe(404);
  });

  it('exports the filtered list as a spreadsheet', async () => {
    const res = await admin().get(`/api/warehouse-transactions/export?sku=${a.sku}`);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = workbook.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    expect(values.map((row) => row.slice(1, 8))).toEqual([
      ['document_date', 'document_number', 'operation', 'warehouse_code', 'sku', 'variant_code', 'quantity'],
      ['2026-11-20', 'A-2', 'load', 'EXT', a.sku, undefined, 2],
      ['2026-11-20', 'A-1', 'load', 'MAIN', a.sku, undefined, 1],
    ]);
  });
});

describe('access', () => {
  it('is for administrators only: a customer gets 403, a visitor 401, and nothing is written', async () => {
    const p = await addProduct(shop.t.db, { stock: 1 });
    const body = {
      operation: 'load',
      sku: p.sku,
      warehouse: 'MAIN',
      quantity: 1,
      document_date: '2026-11-20',
      document_number: 'X',
    };
    const customer = shop.buyers.alice.client;
    await shop.visitor.get('/sanctum/csrf-cookie');
    for (const [client, status] of [
      [customer, 403],
      [shop.visitor, 401],
    ] as const) {
      expect((await client.get('/api/warehouse-transactions')).statusCode).toBe(status);
      expect((await client.get('/api/warehouse-transactions/1')).statusCode).toBe(status);
      expect((await client.get('/api/warehouse-transactions/export')).statusCode).toBe(status);
      expect((await client.post('/api/warehouse-transactions', body)).statusCode).toBe(status);
    }
    expect(await stockState(p.id)).toEqual({ main: 1, ext: null, transactions: 0 });
  });
});
