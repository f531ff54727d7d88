import type { BackofficeOrderDetail, OrderStatus, PlacedOrder, ShipmentResult } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages, runFrom } from '../documents/documents.fixtures';
import {
  addProduct,
  line,
  openShop,
  postOrder,
  rowsOf,
  type Shop,
  stockOf,
  type Who,
} from './checkout.fixtures';

/**
 * POST /api/orders/{orderNo}/shipments: the delivery note, the invoice, the stock leaving the warehouse,
 * the rows' quantities and the order's status, all in one transaction; the documents then show in the
 * customer's area and their PDFs render.
 */

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.t.close());

const admin = () => shop.clients.admin;
const detail = async (orderNo: string) =>
  (await admin().get(`/api/backoffice/orders/${orderNo}`)).json() as BackofficeOrderDetail;
const ship = (orderNo: string, body: Record<string, unknown>) =>
  admin().post(`/api/orders/${orderNo}/shipments`, body);

async function placeOnShip(
  lines: ReturnType<typeof line>[],
  steps = true,
  who: Exclude<Who, 'admin'> = 'private',
  body: Record<string, unknown> = {},
) {
  const res = await postOrder(shop, who, { products: lines, ...body });
  expect(res.statusCode, res.body).toBe(201);
  const { orderNo } = (res.json() as PlacedOrder).order;
  const statuses: OrderStatus[] = ['confirmed', 'in_work', 'picking', 'ready_to_ship', 'on_ship'];
  for (const status of steps ? statuses : []) {
    const moved = await admin().post(`/api/orders/${orderNo}/status`, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return detail(orderNo);
}

/** The last number issued of each document type this year (0 when none yet). */
async function lastNumbers() {
  const rows = await rowsOf<{ type: string; n: number }>(
    shop.t.db,
    sql`select type, last_number as n from document_sequences where year = 2026`,
  );
  const of = (type: string) => rows.find((r) => r.type === type)?.n ?? 0;
  return { ddt: of('delivery_note'), inv: of('invoice') };
}
const number = (prefix: string, n: number) => `${prefix}-2026-${String(n).padStart(6, '0')}`;

/** Everything a shipment writes, to prove a refusal wrote none of it. */
async function written() {
  const [row] = await rowsOf<Record<string, number>>(
    shop.t.db,
    sql`select (select count(*) from documents)::int as documents,
      (select count(*) from document_rows)::int as document_rows,
      (select count(*) from warehouse_transactions)::int as transactions,
      (select coalesce(sum(last_number), 0) from document_sequences)::int as numbers,
      (select count(*) from order_status_changes)::int as changes`,
  );
  return row!;
}

async function stockRows(productId: number) {
  return rowsOf<{ code: string; on_hand: number; ordered: number }>(
    shop.t.db,
    sql`select w.code, s.on_hand, s.ordered from stocks s join warehouses w on w.id = s.warehouse_id
      where s.product_id = ${productId} order by w.code`,
  );
}

describe('shipping rows', () => {
  it('ships part, then the rest: documents, stock, rows and status exact', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 10 });
    const book = await addProduct(shop.t.db, { price: 2500, stock: 5, vatRate: 400, category: 'EDITORIA' });
    const order = await placeOnShip([line(cd.id, 3), line(book.id, 2)]);
    const [cdRow, bookRow] = order.rows;
    const last = await lastNumbers();

    const first = await ship(order.order_no, {
      rows: [
        { id: cdRow!.id, quantity: 3 },
        { id: bookRow!.id, quantity: 1 },
      ],
    });
    expect(first.statusCode, first.body).toBe(201);
    const firstResult = first.json() as ShipmentResult;
    const today = firstResult.delivery_note.date;
    // 3 × 10.00 + 1 × 25.00 = 55.00; VAT 22% of 30.00 = 6.60 and 4% of 25.00 = 1.00. The first
    // invoice also charges shipping 6.90 and the cash-on-delivery fee 5.00, both at 22% (1.52, 1.10).
    expect(firstResult).toEqual({
      delivery_note: {
        id: expect.any(Number),
        type: 'delivery_note',
        number: number('DDT', last.ddt + 1),
        date: today,
        quantity: 4,
        amount: 5500,
        vat: 760,
      },
      invoice: {
        id: expect.any(Number),
        type: 'invoice',
        number: number('INV', last.inv + 1),
        date: today,
        quantity: 4,
        amount: 5500 + 690 + 500,
        vat: 760 + 152 + 110,
      },
      status: 'partially_shipped',
    });
    const documentRows = await rowsOf<Record<string, unknown>>(
      shop.t.db,
      sql`select product_sku as sku, quantity, price, vat_rate, amount, order_row_id from document_rows
        where document_id = ${firstResult.invoice.id} order by id`,
    );
    expect(documentRows).toEqual([
      { sku: cd.sku, quantity: 3, price: 1000, vat_rate: 2200, amount: 3000, order_row_id: cdRow!.id },
      { sku: book.sku, quantity: 1, price: 2500, vat_rate: 400, amount: 2500, order_row_id: bookRow!.id },
      { sku: 'SPESE-TRASPORTO', quantity: 1, price: 690, vat_rate: 2200, amount: 690, order_row_id: null },
      { sku: 'CONTRASSEGNO', quantity: 1, price: 500, vat_rate: 2200, amount: 500, order_row_id: null },
    ]);

    const partial = await detail(order.order_no);
    expect(partial.status).toBe('partially_shipped');
    expect(partial.rows.map((r) => [r.shipped, r.residual, r.ready, r.status])).toEqual([
      [3, 0, 0, 'shipped'],
      [1, 1, 1, 'not_shipped'],
    ]);
    expect(partial.documents.map((d) => d.number)).toEqual([
      number('DDT', last.ddt + 1),
      number('INV', last.inv + 1),
    ]);
    expect(partial.history.at(-1)).toMatchObject({
      from: 'on_ship',
      to: 'partially_shipped',
      by: 'admin@example.com',
    });
    expect(await stockRows(cd.id)).toEqual([{ code: 'MAIN', on_hand: 7, ordered: 0 }]);
    expect(await stockRows(book.id)).toEqual([{ code: 'MAIN', on_hand: 4, ordered: 1 }]);
    expect(await stockOf(shop.t.db, book.id)).toMatchObject({ available: 3 });
    const transactions = await rowsOf<Record<string, unknown>>(
      shop.t.db,
      sql`select sku, operation, document_number, document_date::text, quantity, previous_stock, result_stock
        from warehouse_transactions where sku in (${cd.sku}, ${book.sku}) order by id`,
    );
    expect(transactions).toEqual([
      {
        sku: cd.sku,
        operation: 'sale',
        document_number: number('DDT', last.ddt + 1),
        document_date: today,
        quantity: -3,
        previous_stock: 10,
        result_stock: 7,
      },
      {
        sku: book.sku,
        operation: 'sale',
        document_number: number('DDT', last.ddt + 1),
        document_date: today,
        quantity: -1,
        previous_stock: 5,
        result_stock: 4,
      },
    ]);

    // The customer sees both documents in their area and their PDFs render.
    const customer = shop.clients.private;
    const notes = (await customer.get(`/api/customers/${shop.ids.private}/delivery-notes`)).json();
    expect(notes.data[0]).toMatchObject({
      note_no: number('DDT', last.ddt + 1),
      quantity: 4,
      order_no: order.order_no,
    });
    const invoices = (
      await customer.get(`/api/customers/${shop.ids.private}/digital-documents?type=invoice&year=2026`)
    ).json();
    expect(invoices.data[0]).toMatchObject({
      number: number('INV', last.inv + 1),
      amount: 6690,
      vat: 1022,
      total: 7712,
    });
    for (const id of [firstResult.delivery_note.id, firstResult.invoice.id]) {
      const pdf = await customer.get(`/api/documents/${id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }

    // Back on shipping for the rest.
    expect(
      (await admin().post(`/api/orders/${order.order_no}/status`, { status: 'on_ship' })).statusCode,
    ).toBe(200);
    const second = await ship(order.order_no, { rows: [{ id: bookRow!.id, quantity: 1 }] });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({
      delivery_note: { number: number('DDT', last.ddt + 2), quantity: 1, amount: 2500, vat: 100 },
      invoice: { number: number('INV', last.inv + 2), quantity: 1, amount: 2500, vat: 100 },
      status: 'shipped',
    });
    const done = await detail(order.order_no);
    expect(done.status).toBe('shipped');
    expect(done.next_statuses).toEqual(['delivered', 'closed']);
    expect(done.rows.map((r) => [r.shipped, r.residual, r.status])).toEqual([
      [3, 0, 'shipped'],
      [2, 0, 'shipped'],
    ]);
    expect(done.history.slice(-3).map((h) => [h.from, h.to])).toEqual([
      ['on_ship', 'partially_shipped'],
      ['partially_shipped', 'on_ship'],
      ['on_ship', 'shipped'],
    ]);
    expect(await stockRows(book.id)).toEqual([{ code: 'MAIN', on_hand: 3, ordered: 0 }]);
  });

  it('ships row by row while partially shipped, without going back to on_ship', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const book = await addProduct(shop.t.db, { price: 2500, stock: 5, vatRate: 400, category: 'EDITORIA' });
    const order = await placeOnShip([line(cd.id, 2), line(book.id, 1)]);
    const [cdRow, bookRow] = order.rows;
    const first = await ship(order.order_no, { rows: [{ id: cdRow!.id, quantity: 2 }] });
    expect(first.json().status).toBe('partially_shipped');
    const second = await ship(order.order_no, { rows: [{ id: bookRow!.id, quantity: 1 }] });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().status).toBe('shipped');
    const done = await detail(order.order_no);
    expect(done.history.slice(-2).map((h) => [h.from, h.to])).toEqual([
      ['on_ship', 'partially_shipped'],
      ['partially_shipped', 'shipped'],
    ]);
    expect(done.documents.filter((d) => d.type === 'delivery_note')).toHaveLength(2);
  });

  it('ships from the chosen warehouse, taking the reservation there first', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 2, ext: 6 });
    const order = await placeOnShip([line(cd.id, 4)]);
    const ext = await rowsOf<{ id: number }>(shop.t.db, sql`select id from warehouses where code = 'EXT'`);
    const before = await stockRows(cd.id);
    const reserved = before.reduce((sum, s) => sum + s.ordered, 0);
    expect(reserved).toBe(4);
    const res = await ship(order.order_no, {
      rows: [{ id: order.rows[0]!.id, quantity: 4 }],
      warehouse_id: ext[0]!.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await stockRows(cd.id);
    expect(after.find((s) => s.code === 'EXT')!.on_hand).toBe(2);
    expect(after.find((s) => s.code === 'MAIN')!.on_hand).toBe(2);
    expect(after.reduce((sum, s) => sum + s.ordered, 0)).toBe(0);
    expect(await stockOf(shop.t.db, cd.id)).toMatchObject({ available: 4, ordered: 0 });
  });
});

describe('ready units', () => {
  it('takes back ready units of other orders that the shipped stock no longer covers', async () => {
    const lp = await addProduct(shop.t.db, { price: 2000, stock: 2, preorder: true });
    const waiting = await placeOnShip([line(lp.id, 2)], false);
    expect(waiting.rows[0]).toMatchObject({ ready: 2 });
    const backorder = await placeOnShip([line(lp.id, 3)]);
    expect(backorder.rows[0]).toMatchObject({ ready: 0, residual: 3 });
    const res = await ship(backorder.order_no, { rows: [{ id: backorder.rows[0]!.id, quantity: 2 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(await stockRows(lp.id)).toEqual([{ code: 'MAIN', on_hand: 0, ordered: 3 }]);
    expect((await detail(backorder.order_no)).rows[0]).toMatchObject({ shipped: 2, residual: 1, ready: 0 });
    expect((await detail(waiting.order_no)).rows[0]).toMatchObject({ residual: 2, ready: 0 });
  });
});

describe('refused shipments', () => {
  it('refuses an order that is not on_ship with 409', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const order = await placeOnShip([line(cd.id, 1)], false);
    const before = await written();
    const res = await ship(order.order_no, { rows: [{ id: order.rows[0]!.id, quantity: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Rows can be shipped only while the order is on_ship or partially_shipped; it is registered.',
    );
    expect(await written()).toEqual(before);
  });

  it('refuses the whole shipment when one row asks beyond its residual, writing nothing', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 10 });
    const lp = await addProduct(shop.t.db, { price: 2000, stock: 10 });
    const order = await placeOnShip([line(cd.id, 2), line(lp.id, 1)]);
    const before = await written();
    const stock = [await stockRows(cd.id), await stockRows(lp.id)];
    const res = await ship(order.order_no, {
      rows: [
        { id: order.rows[0]!.id, quantity: 2 },
        { id: order.rows[1]!.id, quantity: 2 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: `Row ${lp.sku} has only 1 left to ship.`,
      errors: { 'rows.1.quantity': [`Row ${lp.sku} has only 1 left to ship.`] },
    });
    expect(await written()).toEqual(before);
    expect([await stockRows(cd.id), await stockRows(lp.id)]).toEqual(stock);
    expect(await detail(order.order_no)).toMatchObject({ status: 'on_ship' });
    expect((await detail(order.order_no)).rows.map((r) => r.shipped)).toEqual([0, 0]);
  });

  it('refuses more than is on hand in the warehouse with 422', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 3 });
    const order = await placeOnShip([line(cd.id, 3)]);
    await shop.t.db.execute(sql`update stocks set on_hand = 1 where product_id = ${cd.id}`);
    const before = await written();
    const res = await ship(order.order_no, { rows: [{ id: order.rows[0]!.id, quantity: 2 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'rows.0.quantity': ['Only 1 on hand in this warehouse'] });
    expect(await written()).toEqual(before);
  });

  it('refuses a row of another order, an unknown warehouse and a zero quantity with 422', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 10 });
    const order = await placeOnShip([line(cd.id, 2)]);
    const other = await placeOnShip([line(cd.id, 1)], false);
    const before = await written();
    const foreign = await ship(order.order_no, { rows: [{ id: other.rows[0]!.id, quantity: 1 }] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ 'rows.0.id': ['Invalid value'] });
    const warehouse = await ship(order.order_no, {
      rows: [{ id: order.rows[0]!.id, quantity: 1 }],
      warehouse_id: 999999,
    });
    expect(warehouse.statusCode).toBe(422);
    expect(warehouse.json().errors).toEqual({ warehouse_id: ['Invalid value'] });
    expect((await ship(order.order_no, { rows: [{ id: order.rows[0]!.id, quantity: 0 }] })).statusCode).toBe(
      422,
    );
    expect((await ship(order.order_no, { rows: [] })).statusCode).toBe(422);
    expect(await written()).toEqual(before);
    expect((await ship('1999-000001', { rows: [{ id: 1, quantity: 1 }] })).statusCode).toBe(404);
  });
});

/** Each invoice of the order as [amount, VAT], in the order issued, and their sum with VAT. */
async function invoicesOf(orderNo: string) {
  const invoices = (await detail(orderNo)).documents.filter((d) => d.type === 'invoice');
  return {
    figures: invoices.map((d) => [d.amount, d.vat]),
    total: invoices.reduce((sum, d) => sum + d.amount + d.vat, 0),
  };
}

/** The text of the private customer's PDF of a document, all pages. */
async function invoicePdf(documentId: number) {
  const res = await shop.clients.private.get(`/api/documents/${documentId}/pdf`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return (await pdfPages(res.rawPayload)).flat();
}

/** Each row of a document: its SKU, quantity, net amount and the VAT stored on it. */
async function documentRowsOf(documentId: number) {
  return rowsOf<{ sku: string; quantity: number; amount: number; vat: number }>(
    shop.t.db,
    sql`select product_sku as sku, quantity, amount, vat from document_rows where document_id = ${documentId}
      order by id`,
  );
}

describe('invoices add up to the order (DESIGN §6 rules 5 and 16)', () => {
  it("invoices a private customer's 5 × 10.01 at the order's 75.57, with rule 5's one-cent correction", async () => {
    const p = await addProduct(shop.t.db, { price: 1001, stock: 10 });
    const order = await placeOnShip([line(p.id, 5)]);
    // 5 × 12.21 = 61.05 (not 61.06: rule 5), shipping 6.90 + 1.52 VAT, the fee 5.00 + 1.10 VAT.
    expect([order.total_without_taxes, order.vat, order.total]).toEqual([6195, 1362, 7557]);

    const res = await ship(order.order_no, { rows: [{ id: order.rows[0]!.id, quantity: 5 }] });
    expect(res.statusCode, res.body).toBe(201);
    const { delivery_note, invoice } = res.json() as ShipmentResult;
    expect([invoice.amount, invoice.vat, invoice.amount + invoice.vat]).toEqual([6195, 1362, 7557]);
    expect([delivery_note.amount, delivery_note.vat]).toEqual([5005, 1100]);
    expect(await documentRowsOf(invoice.id)).toEqual([
      { sku: p.sku, quantity: 5, amount: 5005, vat: 1100 },
      { sku: 'SPESE-TRASPORTO', quantity: 1, amount: 690, vat: 152 },
      { sku: 'CONTRASSEGNO', quantity: 1, amount: 500, vat: 110 },
    ]);

    // The customer's PDF: VAT-inclusive prices, and the totals of the stored rows.
    const lines = await invoicePdf(invoice.id);
    expect(lines).toContain('Prezzi IVA inclusa');
    expect(runFrom(lines, p.sku, 6)).toEqual([p.sku, p.description, '5', '12,21 €', '22%', '61,05 €']);
    expect(runFrom(lines, 'Totale imponibile', 6)).toEqual([
      'Totale imponibile',
      '61,95 €',
      'Totale IVA',
      '13,62 €',
      'Totale documento',
      '75,57 €',
    ]);
  });

  it("invoices a company's identical order without the correction, at the order's 75.58", async () => {
    // 10.21 less the company's 2% base discount: 10.01 net, as above; no rule 5 correction for type G.
    const p = await addProduct(shop.t.db, { price: 1021, stock: 10, category: 'HI_FI' });
    const order = await placeOnShip([line(p.id, 5)], true, 'company');
    expect(order.rows[0]!.price).toBe(1001);
    expect([order.total_without_taxes, order.vat, order.total]).toEqual([6195, 1363, 7558]);
    const res = await ship(order.order_no, { rows: [{ id: order.rows[0]!.id, quantity: 5 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(await invoicesOf(order.order_no)).toEqual({ figures: [[6195, 1363]], total: 7558 });
  });

  it('invoices an extra-EU customer exempt of VAT at the order total, international shipping included', async () => {
    const p = await addProduct(shop.t.db, { price: 1001, stock: 10 });
    const order = await placeOnShip([line(p.id, 5)], true, 'extra');
    // 5 × 10.01 + international shipping 19.90 + the fee 5.00, no VAT.
    expect([order.total_without_taxes, order.vat, order.total]).toEqual([7495, 0, 7495]);
    const res = await ship(order.order_no, { rows: [{ id: order.rows[0]!.id, quantity: 5 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(await invoicesOf(order.order_no)).toEqual({ figures: [[7495, 0]], total: 7495 });
  });

  it('shipped in two parts, 3 then 2, the two invoices still sum to 75.57', async () => {
    const p = await addProduct(shop.t.db, { price: 1001, stock: 10 });
    const order = await placeOnShip([line(p.id, 5)]);
    const rowId = order.rows[0]!.id;
    expect(order.total).toBe(7557);
    const first = await ship(order.order_no, { rows: [{ id: rowId, quantity: 3 }] });
    expect(first.statusCode, first.body).toBe(201);
    expect(
      (await admin().post(`/api/orders/${order.order_no}/status`, { status: 'on_ship' })).statusCode,
    ).toBe(200);
    const second = await ship(order.order_no, { rows: [{ id: rowId, quantity: 2 }] });
    expect(second.statusCode, second.body).toBe(201);
    // The row's VAT at 3 units is 6.60 (3 × 12.21 − 30.03, corrected), at 5 units 11.00: the second
    // invoice carries the 4.40 the last two units add. Shipping and fee go on the first.
    expect(await invoicesOf(order.order_no)).toEqual({
      figures: [
        [3003 + 690 + 500, 660 + 152 + 110],
        [2002, 440],
      ],
      total: 7557,
    });
  });

  it("prints a coupon order's invoice at prices before the coupon, then the coupon's line", async () => {
    const p = await addProduct(shop.t.db, { price: 1001, stock: 10 });
    const order = await placeOnShip([line(p.id, 5)], true, 'private', { coupon_code: 'BENVENUTO10' });
    // 10.01 less 10% = 9.01; 5 × 10.99 = 54.95 (corrected), shipping 6.90 + 1.52, the fee 5.00 + 1.10.
    expect(order.rows[0]!.price).toBe(901);
    expect([order.total_without_taxes, order.vat, order.total]).toEqual([5695, 1252, 6947]);
    const res = await ship(order.order_no, { rows: [{ id: order.rows[0]!.id, quantity: 5 }] });
    expect(res.statusCode, res.body).toBe(201);
    const { invoice } = res.json() as ShipmentResult;
    expect([invoice.amount, invoice.vat]).toEqual([5695, 1252]);
    const stored = await rowsOf<{ price: number; price_before_coupon: number | null }>(
      shop.t.db,
      sql`select price, price_before_coupon from document_rows where document_id = ${invoice.id} order by id`,
    );
    expect(stored).toEqual([
      { price: 901, price_before_coupon: 1001 },
      { price: 690, price_before_coupon: null },
      { price: 500, price_before_coupon: null },
    ]);

    const lines = await invoicePdf(invoice.id);
    expect(lines).toContain('Prezzi IVA inclusa');
    // Before the coupon: 5 × 12.21 = 61.05, with shipping 8.42 and the fee 6.10, 75.57; the coupon
    // takes 6.10 off, to the document's 69.47.
    expect(runFrom(lines, p.sku, 6)).toEqual([p.sku, p.description, '5', '12,21 €', '22%', '61,05 €']);
    expect(runFrom(lines, 'Subtotale', 4)).toEqual([
      'Subtotale',
      '75,57 €',
      'Coupon BENVENUTO10 -10%',
      '-6,10 €',
    ]);
    expect(runFrom(lines, 'Totale imponibile', 6)).toEqual([
      'Totale imponibile',
      '56,95 €',
      'Totale IVA',
      '12,52 €',
      'Totale documento',
      '69,47 €',
    ]);
  });
});
