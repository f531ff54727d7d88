import type { BackofficeOrderDetail, Order, OrderStatus } from '@shop/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { addProduct, line, postOrder, rowsOf, type Shop, type Who } from '../orders/checkout.fixtures';

/** Test data of the returns tests: orders placed and shipped through the shop's own routes. */

export type Buyer = Exclude<Who, 'admin'>;
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const TO_ON_SHIP: OrderStatus[] = ['confirmed', 'in_work', 'picking', 'ready_to_ship', 'on_ship'];

export const mainWarehouse = async (shop: Shop) =>
  (await rowsOf<{ id: number }>(shop.t.db, sql`select id from warehouses where code = 'MAIN'`))[0]!.id;

/**
 * An order of `who` for the products (quantity each), paid by `payment_method` (a card order paid at
 * the test gateway), moved to on_ship and shipped: all of each row, or `ship[i]` of row i.
 */
export async function shippedOrder(
  shop: Shop,
  who: Buyer,
  lines: { productId: number; quantity: number }[],
  options: { payment_method?: 'cash_on_delivery' | 'card'; ship?: number[] } = {},
): Promise<BackofficeOrderDetail> {
  const payment_method = options.payment_method ?? 'cash_on_delivery';
  const placed = await postOrder(shop, who, {
    products: lines.map((l) => line(l.productId, l.quantity)),
    payment_method,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().order as Order;
  const admin = shop.clients.admin;
  const steps = [...TO_ON_SHIP];
  if (payment_method === 'card') {
    await payAtTestGateway(shop, who, order.orderNo);
    steps.shift();
  }
  for (const status of steps) {
    const moved = await admin.post(`/api/orders/${order.orderNo}/status`, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  const rows = order.rows
    .map((r, i) => ({ id: r.id, quantity: options.ship?.[i] ?? r.total_ordered_qty }))
    .filter((r) => r.quantity > 0);
  const shipped = await admin.post(`/api/orders/${order.orderNo}/shipments`, {
    rows,
    warehouse_id: await mainWarehouse(shop),
  });
  expect(shipped.statusCode, shipped.body).toBe(201);
  return (await admin.get(`/api/backoffice/orders/${order.orderNo}`)).json();
}

/** The customer pays the order at the built-in test gateway and approves: the order is confirmed. */
async function payAtTestGateway(shop: Shop, who: Buyer, orderNo: string) {
  const opened = await shop.clients[who].post(`/api/orders/${orderNo}/payments`);
  expect(opened.statusCode, opened.body).toBe(201);
  const approved = await shop.t.client().post(opened.json().redirect_url, 'outcome=approved', form);
  expect(approved.statusCode, approved.body).toBe(307);
  const callback = await shop.t.client().post(approved.headers.location as string, 'outcome=approved', form);
  expect(callback.statusCode, callback.body).toBe(303);
}

/** A product on hand in MAIN, made to measure. */
export const product = (shop: Shop, price: number, stock = 20, vatRate: 2200 | 400 = 2200) =>
  addProduct(shop.t.db, { price, stock, vatRate, category: vatRate === 400 ? 'EDITORIA' : 'MUSICA' });

export async function onHand(shop: Shop, productId: number): Promise<number> {
  const [row] = await rowsOf<{ on_hand: number }>(
    shop.t.db,
    sql`select coalesce(sum(on_hand), 0)::integer as on_hand from stocks where product_id = ${productId}`,
  );
  return row!.on_hand;
}

/** A small real image of the format. */
export const image = (format: 'png' | 'jpeg') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    [format]()
    .toBuffer();
