import type { PlacedOrder } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelUnpaidOrders } from './cancel-unpaid.service';
import { addProduct, line, openShop, postOrder, rowsOf, type Shop, stockOf } from './checkout.fixtures';

/**
 * The cancel-unpaid job's rule (DESIGN §6 rule 13): pending orders placed more than 7 × 24 h ago are
 * cancelled by the system with their stock released; younger ones and other statuses are left alone.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const DAY = 24 * 60 * 60 * 1000;
const placedAt = new Date('2026-11-01T10:00:00Z');

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.t.close());

const at = (ms: number) => {
  shop.t.clock.now = new Date(placedAt.getTime() + ms);
};
const run = () => cancelUnpaidOrders({ ...shop.t.app.deps, log: shop.t.app.log });

async function placeOrder(productId: number, quantity: number, paymentMethod: string) {
  const res = await postOrder(shop, 'company', {
    products: [line(productId, quantity)],
    payment_method: paymentMethod,
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as PlacedOrder).order;
}

const statusOf = async (orderNo: string) =>
  (
    await rowsOf<{ status: string }>(shop.t.db, sql`select status from orders where order_no = ${orderNo}`)
  )[0]!.status;
const historyOf = (orderNo: string) =>
  rowsOf<{ from: string | null; to: string; user_id: number | null }>(
    shop.t.db,
    sql`select c.from_status as "from", c.to_status as "to", c.user_id from order_status_changes c
      join orders o on o.id = c.order_id where o.order_no = ${orderNo} order by c.id`,
  );

describe('cancelUnpaidOrders', () => {
  it('cancels only pending orders older than 7 days, as the system, releasing their stock; a second run changes nothing', async () => {
    const oldProduct = await addProduct(shop.t.db, { stock: 10 });
    const youngProduct = await addProduct(shop.t.db, { stock: 10 });
    const otherProduct = await addProduct(shop.t.db, { stock: 10 });

    at(-23 * DAY);
    const registered = await placeOrder(otherProduct.id, 1, 'sepa');
    const confirmed = await placeOrder(otherProduct.id, 1, 'cash_on_delivery');
    const confirm = await shop.clients.admin.post(`/api/orders/${confirmed.orderNo}/status`, {
      status: 'confirmed',
    });
    expect(confirm.statusCode).toBe(200);
    at(0);
    const old = await placeOrder(oldProduct.id, 3, 'card');
    at(DAY + 1000);
    const young = await placeOrder(youngProduct.id, 2, 'paypal');
    expect([old.status, young.status]).toEqual(['pending', 'pending']);
    expect([await statusOf(registered.orderNo), await statusOf(confirmed.orderNo)]).toEqual([
      'registered',
      'confirmed',
    ]);
    const before = {
      old: await stockOf(shop.t.db, oldProduct.id),
      young: await stockOf(shop.t.db, youngProduct.id),
      other: await stockOf(shop.t.db, otherProduct.id),
    };
    expect(before.old).toEqual({ available: 7, ordered: 3, listed: 7 });
    expect(before.young).toEqual({ available: 8, ordered: 2, listed: 8 });

    // Exactly 7 × 24 h is not yet "more than 7 days".
    at(7 * DAY);
    expect(await run()).toBe(0);
    expect(await statusOf(old.orderNo)).toBe('pending');

    // 7 days and 1 second: the old order goes; the young one is 6 days 23 hours old.
    at(7 * DAY + 1000);
    expect(await run()).toBe(1);
    expect(await statusOf(old.orderNo)).toBe('cancelled');
    expect((await historyOf(old.orderNo)).at(-1)).toEqual({
      from: 'pending',
      to: 'cancelled',
      user_id: null,
    });
    expect(await stockOf(shop.t.db, oldProduct.id)).toEqual({ available: 10, ordered: 0, listed: 10 });
    const rows = await rowsOf<{ ordered_qty: number; cancelled_qty: number; status: string }>(
      shop.t.db,
      sql`select r.ordered_qty, r.cancelled_qty, r.status from order_rows r join orders o on o.id = r.order_id
        where o.order_no = ${old.orderNo}`,
    );
    expect(rows).toEqual([{ ordered_qty: 3, cancelled_qty: 3, status: 'cancelled' }]);

    expect(await statusOf(young.orderNo)).toBe('pending');
    expect(await stockOf(shop.t.db, youngProduct.id)).toEqual(before.young);
    expect(await statusOf(registered.orderNo)).toBe('registered');
    expect(await statusOf(confirmed.orderNo)).toBe('confirmed');
    expect(await stockOf(shop.t.db, otherProduct.id)).toEqual(before.other);

    // Running again changes nothing more.
    const history = await historyOf(old.orderNo);
    expect(await run()).toBe(0);
    expect(await historyOf(old.orderNo)).toEqual(history);
    expect(await stockOf(shop.t.db, oldProduct.id)).toEqual({ available: 10, ordered: 0, listed: 10 });
    expect(await statusOf(young.orderNo)).toBe('pending');
  });
});
