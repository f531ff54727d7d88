import type { BackofficeOrderDetail, Order, PlacedOrder, Quote } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../../db/schema';
import { pdfPages } from '../documents/documents.fixtures';
import { addProduct, line, openShop, postOrder, type Shop } from './checkout.fixtures';
import { euros } from './order-mail';

/**
 * DESIGN §6 rules 16–17, issue 20 point 5: a fixed-amount coupon spread over the lines by their net,
 * largest remainder to the cent, in the quote, the order written from it, its edits and its invoices.
 * The private person (gross display, cash on delivery) buys a CD at 12.90 + 22% and a book at 20.00 + 4%.
 */

let shop: Shop;
let cd: number;
let book: number;
let cd2: number;

beforeAll(async () => {
  shop = await openShop();
  cd = (await addProduct(shop.t.db, { price: 1290, stock: 100, category: 'EDITORIA' })).id;
  book = (await addProduct(shop.t.db, { price: 2000, stock: 100, vatRate: 400, category: 'EDITORIA' })).id;
  await shop.t.db.insert(coupons).values([
    { code: 'FISSO10', kind: 'fixed', value: 1000 },
    { code: 'GRANDE', kind: 'fixed', value: 100_000 },
  ]);
  cd2 = (await addProduct(shop.t.db, { price: 990, stock: 100, category: 'EDITORIA' })).id;
});
afterAll(async () => {
  await shop.t.close();
});

const quote = async (products: ReturnType<typeof line>[], coupon_code: string): Promise<Quote> => {
  const res = await shop.clients.private.post('/api/cart/quote', {
    products,
    payment_method: 'cash_on_delivery',
    coupon_code,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const place = async (products: ReturnType<typeof line>[], coupon_code: string): Promise<PlacedOrder> => {
  const res = await postOrder(shop, 'private', { products, coupon_code });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const mine = async (orderNo: string): Promise<Order> => {
  const res = await shop.clients.private.get(`/api/orders/${orderNo}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const detail = async (orderNo: string): Promise<BackofficeOrderDetail> => {
  const res = await shop.clients.admin.get(`/api/backoffice/orders/${orderNo}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const moveToShipping = async (orderNo: string) => {
  for (const status of ['confirmed', 'in_work', 'picking', 'ready_to_ship', 'on_ship']) {
    const moved = await shop.clients.admin.post(`/api/orders/${orderNo}/status`, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
};
/** Goods with VAT + shipping and fee with VAT: what the order must total. */
const charges = (q: Pick<Quote, 'shipping' | 'payment_fee_with_vat'>) =>
  q.shipping.priceWithVAT + q.payment_fee_with_vat;

describe('a fixed coupon of 10.00 over a CD (2 × 12.90, 22%) and a book (20.00, 4%)', () => {
  it('quotes 5.63 and 4.37 off the nets, VAT on what remains, to the cent', async () => {
    const q = await quote([line(cd, 2), line(book, 1)], 'FISSO10');
    expect(q.coupon_error).toBeNull();
    expect(q.coupon?.code).toBe('FISSO10');
    expect(q.coupon_amount).toBe(1000);
    expect(
      q.products.map((p) => [p.unit_price, p.coupon_share, p.totalPrice, p.roundedTotalPriceWithVat]),
    ).toEqual([
      [1290, 563, 2017, 2461],
      [2000, 437, 1563, 1626],
    ]);
    expect(q.subtotal).toBe(3580);
    expect(q.subtotal_with_vat).toBe(4087);
    expect(q.total).toBe(4087 + charges(q));
  });

  it('writes the order with each row’s share and subtotal, and shows the coupon line', async () => {
    const q = await quote([line(cd, 2), line(book, 1)], 'FISSO10');
    const { order } = await place([line(cd, 2), line(book, 1)], 'FISSO10');
    expect(order.total).toBe(q.total);
    const shown = await mine(order.orderNo);
    expect(shown.coupon_code).toBe('FISSO10');
    expect(shown.coupon_amount).toBe(1000);
    expect(shown.rows.map((r) => [r.coupon_share, r.subtotal])).toEqual([
      [563, 2017],
      [437, 1563],
    ]);
    // Gross: 2 × 15.74 + 20.80 before the coupon, 40.87 after it: the coupon line is 11.41.
    expect(shown.shown).toMatchObject({ subtotal_before_coupon: 5228, coupon: 1141, subtotal: 4087 });
    expect(shop.t.mails.at(-1)!.text).toContain(`Coupon FISSO10 (IVA incl. / VAT incl.): ${euros(-1141)}`);
  });

  it('spreads it again when an edit lowers a quantity, the total following', async () => {
    const { order } = await place([line(cd, 2), line(book, 1)], 'FISSO10');
    const rows = (await mine(order.orderNo)).rows;
    const res = await shop.clients.admin.put(`/api/orders/${order.orderNo}`, {
      rows: [{ id: rows[0]!.id, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = await mine(order.orderNo);
    // 12.90 and 20.00: 3.92 and 6.08 (the larger remainder takes the cent); 8.98 → 10.96, 13.92 → 14.48.
    expect(edited.rows.map((r) => [r.coupon_share, r.subtotal])).toEqual([
      [392, 898],
      [608, 1392],
    ]);
    const q = await quote([line(cd, 1), line(book, 1)], 'FISSO10');
    expect(q.subtotal_with_vat).toBe(1096 + 1448);
    expect({ total: edited.total, vat: edited.vat }).toEqual({ total: q.total, vat: q.vat });
  });

  it('invoices of a fully shipped order, shipped in two parts, sum to its total to the cent', async () => {
    const { order } = await place([line(cd, 3), line(book, 2)], 'FISSO10');
    await moveToShipping(order.orderNo);
    const rows = (await mine(order.orderNo)).rows;
    for (const parts of [
      [1, 1],
      [2, 1],
    ]) {
      const res = await shop.clients.admin.post(`/api/orders/${order.orderNo}/shipments`, {
        rows: rows.map((r, i) => ({ id: r.id, quantity: parts[i] })),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const shipped = await detail(order.orderNo);
    expect(shipped.status).toBe('shipped');
    const invoices = shipped.documents.filter((d) => d.type === 'invoice');
    expect(invoices).toHaveLength(2);
    expect({
      total: invoices.reduce((sum, d) => sum + d.amount + d.vat, 0),
      amount: invoices.reduce((sum, d) => sum + d.amount, 0),
      vat: invoices.reduce((sum, d) => sum + d.vat, 0),
    }).toEqual({ total: shipped.total, amount: shipped.total_without_taxes, vat: shipped.vat });

    // The invoice prints its rows before the coupon, then the coupon's line, without a percent.
    const pdf = await shop.clients.private.get(`/api/documents/${invoices[0]!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const lines = (await pdfPages(pdf.rawPayload)).flat();
    expect(lines).toContain('Coupon FISSO10');
  });

  it('keeps a row’s share once invoiced in full when a later cancel spreads the coupon again', async () => {
    const { order } = await place([line(cd, 3), line(book, 2), line(cd2, 1)], 'FISSO10');
    await moveToShipping(order.orderNo);
    const rows = (await mine(order.orderNo)).rows;
    const ship = async (parts: number[]) => {
      const res = await shop.clients.admin.post(`/api/orders/${order.orderNo}/shipments`, {
        rows: rows.map((r, i) => ({ id: r.id, quantity: parts[i] })).filter((r) => r.quantity! > 0),
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await ship([1, 2, 0]);
    const cancel = await shop.clients.admin.post(`/api/order-rows/${rows[0]!.id}/cancel`, { quantity: 1 });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = await mine(order.orderNo);
    // The book's 2 units were invoiced with their share: it stays; the other rows share the rest.
    expect(after.rows[1]!.coupon_share).toBe(rows[1]!.coupon_share);
    expect(after.rows.reduce((sum, r) => sum + (r.coupon_share ?? 0), 0)).toBe(1000);
    await ship([1, 0, 1]);
    const shipped = await detail(order.orderNo);
    expect(shipped.status).toBe('shipped');
    const invoices = shipped.documents.filter((d) => d.type === 'invoice');
    expect(invoices.reduce((sum, d) => sum + d.amount + d.vat, 0)).toBe(shipped.total);
    expect(invoices.reduce((sum, d) => sum + d.vat, 0)).toBe(shipped.vat);
  });
});

describe('a fixed coupon larger than the order', () => {
  const tooLarge = 'This coupon is worth €1000.00 net, more than the order: add products to use it.';

  it('is not applied to a quote, which says why, and checkout refuses it on coupon_code (422)', async () => {
    const q = await quote([line(cd, 1)], 'GRANDE');
    expect(q.coupon_error).toBe(tooLarge);
    expect({ coupon: q.coupon, coupon_amount: q.coupon_amount }).toEqual({
      coupon: null,
      coupon_amount: null,
    });
    expect(q.products[0]).toMatchObject({ coupon_share: 0, totalPrice: 1290 });

    const res = await postOrder(shop, 'private', { products: [line(cd, 1)], coupon_code: 'GRANDE' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ coupon_code: [tooLarge] });
  });

  it('an order that an edit leaves smaller than its coupon: the goods become free, never negative', async () => {
    const { order } = await place([line(cd, 1), line(cd2, 1)], 'FISSO10');
    const rows = (await mine(order.orderNo)).rows;
    const cancel = await shop.clients.admin.post(`/api/order-rows/${rows[0]!.id}/cancel`, { quantity: 1 });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = await mine(order.orderNo);
    // 9.90 of goods left for a 10.00 coupon: it takes 9.90 and no more; shipping and fee are still paid.
    expect(after.rows[1]).toMatchObject({ coupon_share: 990, subtotal: 0 });
    expect(after.coupon_amount).toBe(990);
    // Shown gross to the private person: the coupon takes the goods' whole 12.08 with VAT.
    expect(after.shown).toMatchObject({ subtotal_before_coupon: 1208, coupon: 1208, subtotal: 0 });
    expect(after.total).toBeGreaterThan(0);
    expect(after.total).toBe(after.shown!.shipping + after.shown!.payment_fee);
  });
});
