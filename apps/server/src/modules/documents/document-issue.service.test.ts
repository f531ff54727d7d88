import type { BackofficeOrderDetail, OrderStatus, PlacedOrder, ShipmentResult } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, line, openShop, postOrder, type Shop } from '../orders/checkout.fixtures';
import { issueDocument } from './document-issue.service';

/**
 * Credit notes for invoiced units (DESIGN §6 rules 5, 15, 16): the VAT they take back is what those
 * units added to the invoices, so invoices less credit notes always carry the VAT the order charges for
 * the units kept. Invoices come from staff shipments; credit notes are issued as the ERP callback does.
 */

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.t.close());

const admin = () => shop.clients.admin;
const ON_SHIP: OrderStatus[] = ['confirmed', 'in_work', 'picking', 'ready_to_ship', 'on_ship'];

/** A private customer's order of `quantity` × 10.01 at 22%, on shipping, and its one row. */
async function privateOrderOnShip(quantity: number) {
  const p = await addProduct(shop.t.db, { price: 1001, stock: 10 });
  const res = await postOrder(shop, 'private', { products: [line(p.id, quantity)] });
  expect(res.statusCode, res.body).toBe(201);
  const { orderNo, id } = (res.json() as PlacedOrder).order;
  for (const status of ON_SHIP)
    expect((await admin().post(`/api/orders/${orderNo}/status`, { status })).statusCode).toBe(200);
  const detail = (await admin().get(`/api/backoffice/orders/${orderNo}`)).json() as BackofficeOrderDetail;
  return { orderNo, orderId: id, product: p, rowId: detail.rows[0]!.id };
}

async function ship(orderNo: string, rowId: number, quantity: number) {
  const res = await admin().post(`/api/orders/${orderNo}/shipments`, { rows: [{ id: rowId, quantity }] });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as ShipmentResult).invoice;
}

function credit(order: Awaited<ReturnType<typeof privateOrderOnShip>>, quantity: number) {
  return issueDocument(
    { db: shop.t.db },
    {
      type: 'credit_note',
      customerId: shop.ids.private,
      orderId: order.orderId,
      date: '2026-11-21',
      rows: [
        {
          orderRowId: order.rowId,
          productSku: order.product.sku,
          description: order.product.description,
          quantity,
          price: 1001,
          vatRate: 2200,
        },
      ],
    },
  );
}

describe('credit notes for invoiced units', () => {
  it('take back what the credited units added, and all of it once every unit is credited', async () => {
    const order = await privateOrderOnShip(5);
    const invoice = await ship(order.orderNo, order.rowId, 5);
    // 5 × 10.01: VAT 11.00 with rule 5's correction, beside shipping's 1.52 and the fee's 1.10.
    expect([invoice.amount, invoice.vat]).toEqual([5005 + 690 + 500, 1100 + 152 + 110]);

    // Three back: the row's VAT at 5 units less at 2, 11.00 − 4.40 = 6.60 (30.03 at 22% alone: 6.61).
    const first = await credit(order, 3);
    expect([first.type, first.quantity, first.amount, first.vat]).toEqual(['credit_note', 3, 3003, 660]);
    const second = await credit(order, 2);
    expect([second.amount, second.vat]).toEqual([2002, 440]);
    expect(first.vat + second.vat).toBe(1100);
  });

  it('leave a later invoice of the same row adding up to the VAT of the units kept', async () => {
    const order = await privateOrderOnShip(5);
    const first = await ship(order.orderNo, order.rowId, 3);
    expect(first.vat - 152 - 110).toBe(660);
    const back = await credit(order, 1);
    // 3 invoiced, 1 back: 6.60 − 4.40, the VAT of 2 units.
    expect(back.vat).toBe(220);
    const second = await ship(order.orderNo, order.rowId, 2);
    // 2 kept + 2 more: the row's VAT at 4 units (8.80) less at 2 (4.40).
    expect([second.amount, second.vat]).toEqual([2002, 440]);
    expect(first.vat - 152 - 110 - back.vat + second.vat).toBe(880);
  });
});
