import type { BackofficeReturnDetail, CustomerReturn, OrderReturns } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFiles } from '../../test/multipart';
import { openShop, rowsOf, type Shop } from '../orders/checkout.fixtures';
import { image, mainWarehouse, onHand, product, shippedOrder } from './returns.fixtures';

/**
 * Returns (issue 21 point 5; DESIGN §6 rule 19) through the API: the customer asks from the order page,
 * staff authorise (RMA number and instructions mailed) or refuse, receive what came back into a
 * warehouse, issue the credit note and refund it as the order was paid.
 */

let shop: Shop;
let main: number;
beforeAll(async () => {
  shop = await openShop();
  main = await mainWarehouse(shop);
});
afterAll(() => shop.t.close());

const admin = () => shop.clients.admin;
const mailsTo = (email: string) => shop.t.mails.filter((m) => m.to === email);
const lastMail = (email: string) => mailsTo(email).at(-1)!;
const PRIVATE = 'private@example.com';

async function ask(orderNo: string, rows: unknown[], who: 'private' | 'company' = 'private') {
  return shop.clients[who].post(`/api/orders/${orderNo}/returns`, { rows });
}
async function asked(orderNo: string, rows: unknown[]): Promise<CustomerReturn> {
  const res = await ask(orderNo, rows);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const act = (id: number, action: string, body?: Record<string, unknown>) =>
  admin().post(`/api/backoffice/returns/${id}/${action}`, body);
async function acted(id: number, action: string, body?: Record<string, unknown>) {
  const res = await act(id, action, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BackofficeReturnDetail;
}
const returnsOf = async (orderNo: string): Promise<OrderReturns> => {
  const res = await shop.clients.private.get(`/api/orders/${orderNo}/returns`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const erpSyncs = (id: number) =>
  rowsOf<{ key: string; status: string }>(
    shop.t.db,
    sql`select key, status from erp_syncs where entity = 'return' and entity_id = ${id} order by id`,
  );

describe('the whole flow on an order paid on delivery', () => {
  it('requests, authorises, receives part, credits to the cent and marks the refund for bank transfer', async () => {
    const cd = await product(shop, 1290);
    const book = await product(shop, 1500, 20, 400);
    const order = await shippedOrder(shop, 'private', [
      { productId: cd.id, quantity: 2 },
      { productId: book.id, quantity: 1 },
    ]);
    const [cdRow, bookRow] = order.rows;
    expect((await returnsOf(order.order_no)).returnable).toEqual([
      { row_id: cdRow!.id, sku: cd.sku, description: cd.description, shipped: 2, returnable: 2 },
      { row_id: bookRow!.id, sku: book.sku, description: book.description, shipped: 1, returnable: 1 },
    ]);

    // The customer asks for both CDs (damaged) and the book (other, with his words).
    const mailsBefore = mailsTo(PRIVATE).length;
    const requested = await asked(order.order_no, [
      { row_id: cdRow!.id, quantity: 2, reason: 'damaged' },
      { row_id: bookRow!.id, quantity: 1, reason: 'other', note: 'Wrong edition' },
    ]);
    expect(requested).toMatchObject({ number: null, status: 'requested', credit_note: null, refund: null });
    expect(requested.rows.map((r) => [r.sku, r.quantity, r.reason, r.note])).toEqual([
      [cd.sku, 2, 'damaged', null],
      [book.sku, 1, 'other', 'Wrong edition'],
    ]);
    expect(mailsTo(PRIVATE).length).toBe(mailsBefore + 1);
    expect(lastMail(PRIVATE).text).toContain(order.order_no);
    // What it holds is no longer returnable; nothing went to the ERP before authorisation.
    expect((await returnsOf(order.order_no)).returnable.map((r) => r.returnable)).toEqual([0, 0]);
    expect(await erpSyncs(requested.id)).toEqual([]);

    // The back office lists it; staff authorise it: the year's next RMA number, mailed with the instructions.
    const list = await admin().get(`/api/backoffice/returns?status=requested&q=${order.order_no}`);
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: requested.id, number: null, order_no: order.order_no, pieces: 3 }),
    ]);
    const instructions = 'Ship to Via Oslavia 17, Milano, with the number on the parcel.';
    const authorised = await acted(requested.id, 'authorise', { instructions });
    expect(authorised.number).toMatch(/^RMA-2026-\d{6}$/);
    expect(authorised).toMatchObject({
      status: 'authorised',
      instructions,
      next_statuses: ['received', 'cancelled'],
    });
    const authorisedMail = lastMail(PRIVATE);
    expect(authorisedMail.subject).toContain(authorised.number);
    expect(authorisedMail.text).toContain(authorised.number);
    expect(authorisedMail.text).toContain(instructions);
    expect(await erpSyncs(requested.id)).toEqual([{ key: authorised.number, status: 'queued' }]);
    expect((await admin().get(`/api/backoffice/returns?q=${authorised.number}`)).json().meta.total).toBe(1);

    // One of the two CDs and no book came back, into MAIN: on hand +1 with a 'return' transaction.
    const cdBefore = await onHand(shop, cd.id);
    const bookBefore = await onHand(shop, book.id);
    const [cdReturnRow, bookReturnRow] = authorised.rows;
    const received = await acted(requested.id, 'receive', {
      warehouse_id: main,
      rows: [
        { row_id: cdReturnRow!.id, quantity: 1 },
        { row_id: bookReturnRow!.id, quantity: 0 },
      ],
    });
    expect(received).toMatchObject({ status: 'received', warehouse: { id: main, code: 'MAIN' } });
    expect(received.rows.map((r) => [r.shipped, r.quantity, r.received_qty])).toEqual([
      [2, 2, 1],
      [1, 1, 0],
    ]);
    expect(await onHand(shop, cd.id)).toBe(cdBefore + 1);
    expect(await onHand(shop, book.id)).toBe(bookBefore);
    const transactions = await rowsOf<Record<string, unknown>>(
      shop.t.db,
      sql`select operation, document_number, quantity, previous_stock, result_stock from warehouse_transactions
        where product_id = ${cd.id} and operation = 'return'`,
    );
    expect(transactions).toEqual([
      {
        operation: 'return',
        document_number: authorised.number,
        quantity: 1,
        previous_stock: cdBefore,
        result_stock: cdBefore + 1,
      },
    ]);
    expect(lastMail(PRIVATE).text).toContain(authorised.number);

    // The credit note covers what came back: one CD at the row's price and VAT, 12.90 + 2.84.
    const credited = await acted(requested.id, 'credit');
    expect(credited.status).toBe('credited');
    expect(credited.credit_note).toMatchObject({
      number: expect.stringMatching(/^CN-2026-/),
      amount: 1290,
      vat: 284,
    });
    const noteRows = await rowsOf<Record<string, unknown>>(
      shop.t.db,
      sql`select order_row_id, product_sku, quantity, price, vat_rate, amount, vat from document_rows
        where document_id = ${credited.credit_note!.id}`,
    );
    expect(noteRows).toEqual([
      {
        order_row_id: cdRow!.id,
        product_sku: cd.sku,
        quantity: 1,
        price: 1290,
        vat_rate: 2200,
        amount: 1290,
        vat: 284,
      },
    ]);
    expect(lastMail(PRIVATE).text).toContain(credited.credit_note!.number);
    expect((await erpSyncs(requested.id)).map((s) => s.key)).toEqual([
      authorised.number,
      authorised.number,
      authorised.number,
    ]);

    // Paid on delivery: the refund is marked to be paid by bank transfer, once.
    expect(credited.refund_method).toBe('bank_transfer');
    const refunded = await acted(requested.id, 'refund');
    expect(refunded.refund).toMatchObject({ method: 'bank_transfer', amount: 1574, reference: null });
    expect(lastMail(PRIVATE).text).toContain('15.74');
    const again = await act(requested.id, 'refund');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This return was already refunded.');
    // What the order owes is its total less the refunded return.
    const balance = (await admin().get(`/api/backoffice/orders/${order.order_no}`)).json().balance;
    expect(balance).toEqual({ paid: 0, due: order.total - 1574, refund_due: 0 });

    // The customer sees it all on the order page; the units that never came back may be asked again.
    const seen = await returnsOf(order.order_no);
    expect(seen.data[0]).toMatchObject({
      number: authorised.number,
      status: 'credited',
      instructions,
      credit_note: { number: credited.credit_note!.number, amount: 1290, vat: 284 },
      refund: { method: 'bank_transfer', amount: 1574 },
    });
    expect(seen.returnable.map((r) => r.returnable)).toEqual([1, 1]);
    const beyond = await ask(order.order_no, [{ row_id: cdRow!.id, quantity: 2, reason: 'damaged' }]);
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().errors).toEqual({
      'rows.0.quantity': [`Row ${cdRow!.id} (${cd.sku}) can be returned for at most 1.`],
    });
    await asked(order.order_no, [{ row_id: cdRow!.id, quantity: 1, reason: 'wrong_item' }]);
    expect((await returnsOf(order.order_no)).returnable.map((r) => r.returnable)).toEqual([0, 1]);
  });
});

describe('a return paid online', () => {
  it('is refunded on the card payment and leaves the order owing nothing and refunding nothing', async () => {
    const lp = await product(shop, 2490);
    const order = await shippedOrder(shop, 'private', [{ productId: lp.id, quantity: 2 }], {
      payment_method: 'card',
    });
    const ret = await asked(order.order_no, [
      { row_id: order.rows[0]!.id, quantity: 1, reason: 'wrong_item' },
    ]);
    const { rows } = await acted(ret.id, 'authorise', { instructions: 'Use the prepaid label.' });
    await acted(ret.id, 'receive', { warehouse_id: main, rows: [{ row_id: rows[0]!.id, quantity: 1 }] });
    const credited = await acted(ret.id, 'credit');
    // 24.90 net, VAT 5.48 (24.90 × 22% = 5.478).
    expect(credited.credit_note).toMatchObject({ amount: 2490, vat: 548 });
    expect(credited.refund_method).toBe('gateway');

    const refunded = await acted(ret.id, 'refund');
    expect(refunded.refund).toMatchObject({ method: 'gateway', amount: 3038 });
    const [payment] = await rowsOf<{ refunded_amount: number; status: string }>(
      shop.t.db,
      sql`select p.refunded_amount, p.status from payments p join orders o on o.id = p.order_id
        where o.order_no = ${order.order_no} and p.status = 'approved'`,
    );
    expect(payment).toEqual({ refunded_amount: 3038, status: 'approved' });
    const detail = (await admin().get(`/api/backoffice/orders/${order.order_no}`)).json();
    expect(detail.balance).toEqual({ paid: order.total - 3038, due: 0, refund_due: 0 });
    const generic = await admin().post(`/api/orders/${order.order_no}/refunds`);
    expect(generic.statusCode).toBe(409);
    expect((await act(ret.id, 'refund')).statusCode).toBe(409);
  });
});

describe('a refused return', () => {
  it('mails the note and changes no stock nor documents; the rows are returnable again', async () => {
    const cd = await product(shop, 990);
    const order = await shippedOrder(shop, 'private', [{ productId: cd.id, quantity: 1 }]);
    const ret = await asked(order.order_no, [
      { row_id: order.rows[0]!.id, quantity: 1, reason: 'not_ordered' },
    ]);
    const stock = await onHand(shop, cd.id);
    const [{ documents }] = (await rowsOf<{ documents: number }>(
      shop.t.db,
      sql`select count(*)::integer as documents from documents`,
    )) as [{ documents: number }];

    expect((await act(ret.id, 'refuse', { note: '' })).statusCode).toBe(422);
    const refused = await acted(ret.id, 'refuse', {
      note: 'The seal is broken: opened items are not returnable.',
    });
    expect(refused).toMatchObject({ status: 'refused', number: null, next_statuses: [], credit_note: null });
    expect(lastMail(PRIVATE).text).toContain('The seal is broken: opened items are not returnable.');
    expect(await onHand(shop, cd.id)).toBe(stock);
    const [after] = await rowsOf<{ documents: number }>(
      shop.t.db,
      sql`select count(*)::integer as documents from documents`,
    );
    expect(after!.documents).toBe(documents);
    expect(await erpSyncs(ret.id)).toEqual([]);
    expect((await returnsOf(order.order_no)).returnable[0]!.returnable).toBe(1);
    const seen = (await returnsOf(order.order_no)).data[0]!;
    expect(seen).toMatchObject({
      status: 'refused',
      staff_note: 'The seal is broken: opened items are not returnable.',
    });
  });
});

describe('transitions the status machine does not allow', () => {
  it('answers 409 with the reason, and changes nothing', async () => {
    const cd = await product(shop, 1000);
    const order = await shippedOrder(shop, 'private', [{ productId: cd.id, quantity: 2 }]);
    const ret = await asked(order.order_no, [{ row_id: order.rows[0]!.id, quantity: 2, reason: 'damaged' }]);
    const refused = (action: string, body?: Record<string, unknown>) =>
      act(ret.id, action, body).then((r) => [r.statusCode, r.json().message]);

    expect(
      await refused('receive', { warehouse_id: main, rows: [{ row_id: ret.rows[0]!.id, quantity: 1 }] }),
    ).toEqual([409, 'The return is requested: it cannot become received.']);
    expect(await refused('credit')).toEqual([409, 'The return is requested: it cannot become credited.']);
    expect(await refused('cancel', { note: 'x' })).toEqual([
      409,
      'The return is requested: it cannot become cancelled.',
    ]);
    expect(await refused('refund')).toEqual([409, 'The refund follows the credit note: issue it first.']);

    await acted(ret.id, 'authorise', { instructions: 'Send it back.' });
    expect(await refused('authorise', { instructions: 'Again' })).toEqual([
      409,
      'The return is authorised: it cannot become authorised.',
    ]);
    // Receiving more than asked, or nothing at all, is refused on the rows.
    const over = await act(ret.id, 'receive', {
      warehouse_id: main,
      rows: [{ row_id: ret.rows[0]!.id, quantity: 3 }],
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({
      'rows.0.quantity': [`Row ${ret.rows[0]!.id} (${cd.sku}): the customer asked to return 2.`],
    });
    const none = await act(ret.id, 'receive', {
      warehouse_id: main,
      rows: [{ row_id: ret.rows[0]!.id, quantity: 0 }],
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ rows: ['Record at least one unit received.'] });

    const cancelled = await acted(ret.id, 'cancel', { note: 'The customer keeps the items.' });
    expect(cancelled).toMatchObject({ status: 'cancelled', staff_note: 'The customer keeps the items.' });
    expect(
      await refused('receive', { warehouse_id: main, rows: [{ row_id: ret.rows[0]!.id, quantity: 1 }] }),
    ).toEqual([409, 'The return is cancelled: it cannot become received.']);
    expect((await erpSyncs(ret.id)).length).toBe(2);
    expect((await returnsOf(order.order_no)).returnable[0]!.returnable).toBe(2);
  });
});

describe('what a customer may ask', () => {
  it('refuses more than shipped, a row not shipped, and other without a note (422 on the field)', async () => {
    const cd = await product(shop, 1000);
    const dvd = await product(shop, 1500);
    const order = await shippedOrder(
      shop,
      'private',
      [
        { productId: cd.id, quantity: 3 },
        { productId: dvd.id, quantity: 1 },
      ],
      { ship: [2, 0] },
    );
    const [cdRow, dvdRow] = order.rows;
    const more = await ask(order.order_no, [{ row_id: cdRow!.id, quantity: 3, reason: 'damaged' }]);
    expect(more.statusCode).toBe(422);
    expect(more.json().errors).toEqual({
      'rows.0.quantity': [`Row ${cdRow!.id} (${cd.sku}) can be returned for at most 2.`],
    });
    const unshipped = await ask(order.order_no, [
      { row_id: cdRow!.id, quantity: 1, reason: 'damaged' },
      { row_id: dvdRow!.id, quantity: 1, reason: 'damaged' },
    ]);
    expect(unshipped.statusCode).toBe(422);
    expect(unshipped.json().errors).toEqual({
      'rows.1.row_id': [`Row ${dvdRow!.id} (${dvd.sku}) has nothing shipped that can be returned.`],
    });
    const noNote = await ask(order.order_no, [{ row_id: cdRow!.id, quantity: 1, reason: 'other' }]);
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().errors).toEqual({ 'rows.0.note': ['Tell us what is wrong with the item.'] });
    const twice = await ask(order.order_no, [
      { row_id: cdRow!.id, quantity: 1, reason: 'damaged' },
      { row_id: cdRow!.id, quantity: 1, reason: 'damaged' },
    ]);
    expect(twice.statusCode).toBe(422);
    expect((await returnsOf(order.order_no)).data).toEqual([]);
  });

  it("answers 404 for another customer's order, and for a row of another order", async () => {
    const cd = await product(shop, 1000);
    const mine = await shippedOrder(shop, 'private', [{ productId: cd.id, quantity: 1 }]);
    const theirs = await shippedOrder(shop, 'company', [{ productId: cd.id, quantity: 1 }]);
    const row = { row_id: mine.rows[0]!.id, quantity: 1, reason: 'damaged' };
    expect((await ask(mine.order_no, [row], 'company')).statusCode).toBe(404);
    expect((await shop.clients.company.get(`/api/orders/${mine.order_no}/returns`)).statusCode).toBe(404);
    const foreignRow = await ask(mine.order_no, [{ ...row, row_id: theirs.rows[0]!.id }]);
    expect(foreignRow.statusCode).toBe(404);
    expect(foreignRow.json().message).toBe(`Row ${theirs.rows[0]!.id} is not a row of this order.`);
    expect((await shop.t.client().get(`/api/orders/${mine.order_no}/returns`)).statusCode).toBe(401);
    expect((await shop.clients.private.get('/api/backoffice/returns')).statusCode).toBe(403);
  });
});

describe('photos', () => {
  it('takes up to three JPEG or PNG photos while requested, stored without metadata, shown to staff', async () => {
    const cd = await product(shop, 1000);
    const order = await shippedOrder(shop, 'private', [{ productId: cd.id, quantity: 1 }]);
    const ret = await asked(order.order_no, [{ row_id: order.rows[0]!.id, quantity: 1, reason: 'damaged' }]);
    const url = `/api/returns/${ret.id}/photos`;
    const png = { name: 'box.png', content: await image('png'), type: 'image/png' };
    const jpeg = { name: 'cd.jpg', content: await image('jpeg'), type: 'image/jpeg', field: 'file2' };

    const first = await uploadFiles(shop.t, shop.clients.private, url, [png, jpeg]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().photos).toBe(2);
    const text = await uploadFiles(shop.t, shop.clients.private, url, [
      { name: 'fake.png', content: Buffer.from('not an image'), type: 'image/png' },
    ]);
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ photos: ['Photos must be JPEG or PNG images of at most 5 MB.'] });
    const tooMany = await uploadFiles(shop.t, shop.clients.private, url, [png, png]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ photos: ['A return can have at most 3 photos.'] });
    expect((await uploadFiles(shop.t, shop.clients.company, url, [png])).statusCode).toBe(404);

    const detail = (await admin().get(`/api/backoffice/returns/${ret.id}`)).json() as BackofficeReturnDetail;
    expect(detail.photo_names).toHaveLength(2);
    const photo = await admin().get(`/api/backoffice/returns/${ret.id}/photos/${detail.photo_names[0]}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(
      (await admin().get(`/api/backoffice/returns/${ret.id}/photos/..%2F..%2Fsecret.jpg`)).statusCode,
    ).toBe(404);
    expect(
      (await shop.clients.private.get(`/api/backoffice/returns/${ret.id}/photos/${detail.photo_names[0]}`))
        .statusCode,
    ).toBe(403);

    await acted(ret.id, 'authorise', { instructions: 'Send it.' });
    const late = await uploadFiles(shop.t, shop.clients.private, url, [png]);
    expect(late.statusCode).toBe(409);
  });
});
