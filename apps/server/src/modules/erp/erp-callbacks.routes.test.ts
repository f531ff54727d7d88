import type { BackofficeOrderDetail, OrderStatus, PlacedOrder } from '@shop/domain';
import { signCallback } from '@shop/domain/erp-signature';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/app';
import { issueDocument } from '../documents/document-issue.service';
import { addProduct, line, openShop, postOrder, rowsOf, type Shop } from '../orders/checkout.fixtures';

/**
 * POST /api/erp/callbacks (docs/erp-protocol.md): signed callbacks move an order, ship its rows, issue
 * a credit note and set stock, each through the services staff use; an unsigned, stale, replayed,
 * malformed or impossible callback is refused with nothing changed and its id not kept.
 */

const TOKEN = 'erp-callback-test-token';
let shop: Shop;
let main: number;
beforeAll(async () => {
  shop = await openShop({ ERP_TOKEN: TOKEN });
  [{ id: main }] = (await rowsOf<{ id: number }>(
    shop.t.db,
    sql`select id from warehouses where code = 'MAIN'`,
  )) as [{ id: number }];
});
afterAll(() => shop.t.close());

let seq = 0;
const newId = () => `cb-${Date.now()}-${++seq}`;
const nowSeconds = () => Math.floor(shop.t.clock.now.getTime() / 1000);

/** The body and headers the ERP sends: signed with the shared token at `at` (now by default). */
function signed(body: unknown, at = nowSeconds(), token = TOKEN) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'x-erp-timestamp': String(at),
      'x-erp-signature': signCallback(token, at, payload),
    },
  };
}
const send = (request: { payload: string; headers: Record<string, string> }) =>
  shop.t.app.inject({ method: 'POST', url: '/api/erp/callbacks', ...request });
const callback = (type: string, data: Record<string, unknown>, id = newId()) => ({ id, type, data });

const admin = () => shop.clients.admin;
const detail = async (orderNo: string) =>
  (await admin().get(`/api/backoffice/orders/${orderNo}`)).json() as BackofficeOrderDetail;

async function place(lines: ReturnType<typeof line>[], to: OrderStatus[] = []) {
  const res = await postOrder(shop, 'private', { products: lines });
  expect(res.statusCode, res.body).toBe(201);
  const { orderNo } = (res.json() as PlacedOrder).order;
  for (const status of to) {
    const moved = await admin().post(`/api/orders/${orderNo}/status`, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return detail(orderNo);
}
const ON_SHIP: OrderStatus[] = ['confirmed', 'in_work', 'picking', 'ready_to_ship', 'on_ship'];

async function received(id: string) {
  return rowsOf<{ id: string; type: string; order_no: string | null }>(
    shop.t.db,
    sql`select id, type, order_no from erp_callbacks where id = ${id}`,
  );
}

/** Everything a callback may write, to prove a refusal wrote none of it. */
async function written() {
  const [row] = await rowsOf<Record<string, number>>(
    shop.t.db,
    sql`select (select count(*) from documents)::int as documents,
      (select count(*) from warehouse_transactions)::int as transactions,
      (select coalesce(sum(last_number), 0) from document_sequences)::int as numbers,
      (select count(*) from order_status_changes)::int as changes,
      (select coalesce(sum(shipped_qty), 0) from order_rows)::int as shipped,
      (select coalesce(sum(on_hand), 0) from stocks)::int as on_hand,
      (select count(*) from erp_callbacks)::int as callbacks`,
  );
  return row!;
}

const onHand = async (productId: number) =>
  (
    await rowsOf<{ on_hand: number }>(
      shop.t.db,
      sql`select on_hand from stocks where product_id = ${productId} and warehouse_id = ${main}`,
    )
  )[0]?.on_hand;

describe('applied callbacks', () => {
  it('order.status moves the order and its history records the change by no user', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const order = await place([line(cd.id, 1)]);
    expect(order.status).toBe('registered');
    const body = callback('order.status', { order_no: order.order_no, status: 'confirmed' });

    const res = await send(signed(body));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: body.id, type: 'order.status' });
    const after = await detail(order.order_no);
    expect(after.status).toBe('confirmed');
    expect(after.history.at(-1)).toMatchObject({ from: 'registered', to: 'confirmed', by: null });
    expect(await received(body.id)).toEqual([
      { id: body.id, type: 'order.status', order_no: order.order_no },
    ]);
  });

  it('order.shipment issues the delivery note and invoice, ships the rows and takes the stock out', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 10 });
    const book = await addProduct(shop.t.db, { price: 2500, stock: 5, vatRate: 400, category: 'EDITORIA' });
    const order = await place([line(cd.id, 3), line(book.id, 2)], ON_SHIP);
    const [cdRow, bookRow] = order.rows;
    const body = callback('order.shipment', {
      order_no: order.order_no,
      warehouse_id: main,
      rows: [
        { row_id: cdRow!.id, quantity: 3 },
        { row_id: bookRow!.id, quantity: 1 },
      ],
    });

    const res = await send(signed(body));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: body.id, type: 'order.shipment' });
    const after = await detail(order.order_no);
    expect(after.status).toBe('partially_shipped');
    expect(after.history.at(-1)).toMatchObject({ from: 'on_ship', to: 'partially_shipped', by: null });
    expect(after.rows.map((r) => [r.shipped, r.residual, r.status])).toEqual([
      [3, 0, 'shipped'],
      [1, 1, 'not_shipped'],
    ]);
    // 3 × 10.00 + 1 × 25.00; VAT 6.60 + 1.00. The invoice adds shipping 6.90 and the COD fee 5.00 at 22%.
    expect(after.documents.map((d) => [d.type, d.number.slice(0, 8), d.quantity, d.amount, d.vat])).toEqual([
      ['delivery_note', 'DDT-2026', 4, 5500, 760],
      ['invoice', 'INV-2026', 4, 6690, 1022],
    ]);
    expect(await onHand(cd.id)).toBe(7);
    expect(await onHand(book.id)).toBe(4);
  });

  it('credit_note issues a credit note at the rows’ prices and VAT, up to what was shipped', async () => {
    const cd = await addProduct(shop.t.db, { price: 1290, stock: 10 });
    const book = await addProduct(shop.t.db, { price: 2500, stock: 5, vatRate: 400, category: 'EDITORIA' });
    const order = await place([line(cd.id, 3), line(book.id, 2)], ON_SHIP);
    const [cdRow, bookRow] = order.rows;
    const shipped = await send(
      signed(
        callback('order.shipment', {
          order_no: order.order_no,
          rows: [
            { row_id: cdRow!.id, quantity: 3 },
            { row_id: bookRow!.id, quantity: 2 },
          ],
        }),
      ),
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    const body = callback('credit_note', {
      order_no: order.order_no,
      rows: [
        { row_id: cdRow!.id, quantity: 2 },
        { row_id: bookRow!.id, quantity: 1 },
      ],
    });

    const res = await send(signed(body));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: body.id, type: 'credit_note' });
    const credit = (await detail(order.order_no)).documents.find((d) => d.type === 'credit_note')!;
    // 2 × 12.90 + 1 × 25.00 = 50.80; VAT 22%: 8.51 at 3 units − 2.84 at 1 = 5.67 (the unit kept
    // carries its own VAT, rule 5's correction included), 4% of 25.00 = 1.00.
    expect(credit).toMatchObject({ number: expect.stringMatching(/^CN-2026-\d{6}$/), quantity: 3 });
    expect([credit.amount, credit.vat]).toEqual([5080, 667]);
    const creditRows = await rowsOf<Record<string, unknown>>(
      shop.t.db,
      sql`select product_sku as sku, description, quantity, price, vat_rate, order_row_id from document_rows
        where document_id = ${credit.id} order by id`,
    );
    expect(creditRows).toEqual([
      {
        sku: cd.sku,
        description: cd.description,
        quantity: 2,
        price: 1290,
        vat_rate: 2200,
        order_row_id: cdRow!.id,
      },
      {
        sku: book.sku,
        description: book.description,
        quantity: 1,
        price: 2500,
        vat_rate: 400,
        order_row_id: bookRow!.id,
      },
    ]);

    // 3 shipped, 2 credited: one more unit may be credited, not two.
    const before = await written();
    const beyond = callback('credit_note', {
      order_no: order.order_no,
      rows: [{ row_id: cdRow!.id, quantity: 2 }],
    });
    const refused = await send(signed(beyond));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      `Row ${cdRow!.id} (${cd.sku}) has only 1 shipped and not yet credited.`,
    );
    expect(await written()).toEqual(before);
    expect(await received(beyond.id)).toEqual([]);
  });

  it('stock sets on hand with a warehouse transaction and gives the new units to waiting rows', async () => {
    const p = await addProduct(shop.t.db, { stock: 0, onRequest: true });
    const waiting = await place([line(p.id, 3)]);
    expect(waiting.rows[0]).toMatchObject({ ready: 0, residual: 3 });
    const body = callback('stock', { items: [{ sku: p.sku, warehouse_id: main, on_hand: 12 }] });

    const res = await send(signed(body));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: body.id, type: 'stock' });
    expect(await onHand(p.id)).toBe(12);
    expect((await detail(waiting.order_no)).rows[0]).toMatchObject({ ready: 3 });
    const transactions = await rowsOf<Record<string, unknown>>(
      shop.t.db,
      sql`select operation, document_number, quantity, previous_stock, result_stock, user_id
        from warehouse_transactions where product_id = ${p.id}`,
    );
    expect(transactions).toEqual([
      {
        operation: 'adjustment',
        document_number: `ERP-${body.id}`,
        quantity: 12,
        previous_stock: 0,
        result_stock: 12,
        user_id: null,
      },
    ]);

    // Lowered below what is ready: the ready units over on hand go back.
    const lowered = await send(
      signed(callback('stock', { items: [{ sku: p.sku, warehouse_id: main, on_hand: 1 }] })),
    );
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await onHand(p.id)).toBe(1);
    expect((await detail(waiting.order_no)).rows[0]).toMatchObject({ ready: 1 });
  });
});

describe('refused callbacks change nothing', () => {
  async function refusedWith(request: { payload: string; headers: Record<string, string> }, status: number) {
    const before = await written();
    const warn = vi.spyOn(shop.t.app.log, 'warn');
    const res = await send(request);
    expect(res.statusCode, res.body).toBe(status);
    expect(await written()).toEqual(before);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ status }), 'ERP callback refused');
    warn.mockRestore();
    return res.json() as { message: string; errors?: Record<string, string[]> };
  }

  async function statusCallback() {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const order = await place([line(cd.id, 1)]);
    return { order, body: callback('order.status', { order_no: order.order_no, status: 'confirmed' }) };
  }

  it('refuses a callback without signature headers with 401', async () => {
    const { order, body } = await statusCallback();
    const request = { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
    expect(await refusedWith(request, 401)).toEqual({ message: 'Callback signature missing or invalid.' });
    expect((await detail(order.order_no)).status).toBe('registered');
    expect(await received(body.id)).toEqual([]);
  });

  it('refuses a wrong signature, a changed body and a timestamp 10 minutes old with 401', async () => {
    const { order, body } = await statusCallback();
    const wrongKey = signed(body, nowSeconds(), 'another-token');
    const changed = { ...signed(body), payload: JSON.stringify({ ...body, id: `${body.id}-x` }) };
    const stale = signed(body, nowSeconds() - 600);
    for (const request of [wrongKey, changed, stale])
      expect((await refusedWith(request, 401)).message).toBe('Callback signature missing or invalid.');
    expect((await detail(order.order_no)).status).toBe('registered');
    expect(await received(body.id)).toEqual([]);
  });

  it('refuses the same callback sent twice with 401: the shipment is not shipped twice', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 10 });
    const order = await place([line(cd.id, 4)], ON_SHIP);
    const request = signed(
      callback('order.shipment', {
        order_no: order.order_no,
        rows: [{ row_id: order.rows[0]!.id, quantity: 2 }],
      }),
    );
    expect((await send(request)).statusCode).toBe(200);

    expect(await refusedWith(request, 401)).toEqual({ message: 'Callback already received.' });
    const after = await detail(order.order_no);
    expect(after.rows[0]).toMatchObject({ shipped: 2, residual: 2 });
    expect(after.documents.filter((d) => d.type === 'delivery_note')).toHaveLength(1);
    expect(await onHand(cd.id)).toBe(8);
  });

  it('applies the same callback sent twice at once only once', async () => {
    const p = await addProduct(shop.t.db, { stock: 2 });
    const request = signed(callback('stock', { items: [{ sku: p.sku, warehouse_id: main, on_hand: 9 }] }));
    const answers = await Promise.all([send(request), send(request)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    expect(await onHand(p.id)).toBe(9);
    const transactions = await rowsOf<{ n: number }>(
      shop.t.db,
      sql`select count(*)::int as n from warehouse_transactions where product_id = ${p.id}`,
    );
    expect(transactions).toEqual([{ n: 1 }]);
  });

  it('refuses a body that is not JSON, and JSON that is not a callback, with 400', async () => {
    expect(await refusedWith(signed('{"id": "cb-broken", "type": '), 400)).toEqual({
      message: 'Malformed callback.',
    });
    const unknownType = callback('order.cancelled', { order_no: '2026-000001' });
    const answer = await refusedWith(signed(unknownType), 400);
    expect(answer.message).toBe('Malformed callback.');
    expect(Object.keys(answer.errors ?? {})).toEqual(['type']);
    expect(await received(unknownType.id)).toEqual([]);
  });

  it('refuses an unknown order number, row, SKU or warehouse with 404 naming it', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const order = await place([line(cd.id, 1)], ON_SHIP);
    const cases = [
      [
        callback('order.status', { order_no: '2026-999999', status: 'confirmed' }),
        'Order 2026-999999 not found.',
      ],
      [
        callback('order.shipment', { order_no: order.order_no, rows: [{ row_id: 999_999, quantity: 1 }] }),
        `Row 999999 is not part of order ${order.order_no}.`,
      ],
      [
        callback('order.shipment', {
          order_no: order.order_no,
          warehouse_id: 999_999,
          rows: [{ row_id: order.rows[0]!.id, quantity: 1 }],
        }),
        'Warehouse 999999 not found.',
      ],
      [
        callback('stock', { items: [{ sku: 'NO-SUCH-SKU', warehouse_id: main, on_hand: 3 }] }),
        'No product has the SKU NO-SUCH-SKU.',
      ],
      [
        callback('stock', {
          items: [
            { sku: cd.sku, warehouse_id: main, on_hand: 3 },
            { sku: cd.sku, warehouse_id: 999_999, on_hand: 3 },
          ],
        }),
        'Warehouse 999999 not found.',
      ],
    ] as const;
    for (const [body, message] of cases) {
      expect(await refusedWith(signed(body), 404)).toEqual({ message });
      expect(await received(body.id)).toEqual([]);
    }
    expect(await onHand(cd.id)).toBe(5);
  });

  it('refuses a backwards transition with 409 and leaves the order shipped', async () => {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const order = await place([line(cd.id, 1)], ON_SHIP);
    const shipment = callback('order.shipment', {
      order_no: order.order_no,
      rows: [{ row_id: order.rows[0]!.id, quantity: 1 }],
    });
    expect((await send(signed(shipment))).statusCode).toBe(200);
    expect((await detail(order.order_no)).status).toBe('shipped');

    const backwards = callback('order.status', { order_no: order.order_no, status: 'confirmed' });
    expect(await refusedWith(signed(backwards), 409)).toEqual({
      message: 'The order cannot go from shipped to confirmed.',
    });
    const after = await detail(order.order_no);
    expect(after.status).toBe('shipped');
    expect(after.history.at(-1)).toMatchObject({ from: 'on_ship', to: 'shipped' });
    expect(await received(backwards.id)).toEqual([]);
  });

  it('refuses every callback when the shop has no ERP_TOKEN', async () => {
    const bare = await createTestApp();
    try {
      const request = signed(callback('stock', { items: [{ sku: 'X', warehouse_id: 1, on_hand: 1 }] }));
      const res = await bare.app.inject({ method: 'POST', url: '/api/erp/callbacks', ...request });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Callback signature missing or invalid.' });
    } finally {
      await bare.close();
    }
  });
});

describe('invoice.paid', () => {
  /** An invoice of a cash-on-delivery order (unpaid) issued today, and the order's delivery note. */
  async function unpaidInvoice() {
    const cd = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const order = await place([line(cd.id, 1)]);
    const issue = (type: 'invoice' | 'delivery_note') =>
      issueDocument(
        { db: shop.t.db },
        {
          type,
          customerId: shop.ids.private,
          orderId: order.id,
          date: '2026-10-01',
          rows: [
            { orderRowId: null, productSku: 'X', description: 'X', quantity: 1, price: 1000, vatRate: 2200 },
          ],
        },
      );
    return { invoice: await issue('invoice'), note: await issue('delivery_note') };
  }
  /** When the invoice was paid (UTC), and how many of its instalments say otherwise. */
  const paidState = async (documentId: number) =>
    (
      await rowsOf<{ paid_at: string | null; differing: number }>(
        shop.t.db,
        sql`select to_char(d.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as paid_at,
          (count(*) filter (where i.paid_at is distinct from d.paid_at))::int as differing
          from documents d join invoice_instalments i on i.document_id = d.id
          where d.id = ${documentId} group by d.paid_at`,
      )
    )[0];

  it('pays the whole invoice at paid_at; sent again for a paid invoice it changes nothing', async () => {
    const { invoice } = await unpaidInvoice();
    expect((await paidState(invoice.id))!.paid_at).toBeNull();
    const body = callback('invoice.paid', { number: invoice.number, paid_at: '2026-11-20T15:30:00+01:00' });
    const res = await send(signed(body));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: body.id, type: 'invoice.paid' });
    expect(await paidState(invoice.id)).toEqual({ paid_at: '2026-11-20T14:30:00Z', differing: 0 });
    expect(await received(body.id)).toEqual([{ id: body.id, type: 'invoice.paid', order_no: null }]);

    const again = await send(signed(callback('invoice.paid', { number: invoice.number.toLowerCase() })));
    expect(again.statusCode).toBe(200);
    expect(await paidState(invoice.id)).toEqual({ paid_at: '2026-11-20T14:30:00Z', differing: 0 });
  });

  it('pays at the time received when paid_at is left out', async () => {
    const { invoice } = await unpaidInvoice();
    expect((await send(signed(callback('invoice.paid', { number: invoice.number })))).statusCode).toBe(200);
    expect(await paidState(invoice.id)).toEqual({ paid_at: '2026-11-21T10:00:00Z', differing: 0 });
  });

  it('refuses an unknown number with 404 and a delivery note with 422, changing nothing', async () => {
    const { invoice, note } = await unpaidInvoice();
    const unknown = callback('invoice.paid', { number: 'INV-1999-000001' });
    const missing = await send(signed(unknown));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Invoice INV-1999-000001 not found.' });
    expect(await received(unknown.id)).toEqual([]);

    const notInvoice = await send(signed(callback('invoice.paid', { number: note.number })));
    expect(notInvoice.statusCode).toBe(422);
    expect(notInvoice.json().errors).toEqual({
      'data.number': [`Document ${note.number} is not an invoice.`],
    });
    expect((await paidState(invoice.id))!.paid_at).toBeNull();
  });

  it('refuses a paid_at that is not a date-time with 400', async () => {
    const { invoice } = await unpaidInvoice();
    const res = await send(
      signed(callback('invoice.paid', { number: invoice.number, paid_at: 'yesterday' })),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['data.paid_at']);
  });
});
