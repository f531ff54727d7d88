import { messages, type PlacedOrder } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  addProduct,
  addressesOf,
  line,
  newKey,
  openShop,
  rowsOf,
  type Shop,
  stockOf,
} from './checkout.fixtures';

/**
 * DESIGN §6 rule 9 under real concurrency: PostgreSQL only (PGlite is one connection, its transactions
 * never overlap). The app's pool runs the orders' transactions side by side, contending for the same
 * stock rows; a second pool samples the stock while they run.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('orders placed concurrently (PostgreSQL)', () => {
  let shop: Shop;
  let observer: Database;
  let addresses: { billing: { address_id: number }; shipping: { address_id: number } };

  beforeAll(async () => {
    shop = await openShop();
    observer = await shop.t.database.openAnother();
    addresses = await addressesOf(shop, 'private');
  });
  afterAll(async () => {
    await observer.close();
    await shop.t.close();
  });

  const place = (productId: number, key = newKey()) =>
    shop.clients.private.post(
      '/api/orders',
      { products: [line(productId)], payment_method: 'cash_on_delivery', ...addresses },
      key,
    );

  /** Samples the lowest available quantity of the product until stopped. */
  function watchAvailable(productId: number) {
    let lowest = Number.POSITIVE_INFINITY;
    let running = true;
    const loop = (async () => {
      while (running) {
        const [row] = await rowsOf<{ available: number; listed: number }>(
          observer.db,
          sql`select (select coalesce(sum(on_hand - ordered), 0) from stocks where product_id = ${productId})::integer as available,
            (select available_qty from products where id = ${productId}) as listed`,
        );
        lowest = Math.min(lowest, row!.available, row!.listed);
      }
    })();
    return async () => {
      running = false;
      await loop;
      return lowest;
    };
  }

  it('50 orders of 1 unit for 10 in stock: exactly 10 placed (201), 40 refused (409), stock ends at 0, never below', async () => {
    const p = await addProduct(shop.t.db, { stock: 6, ext: 4 });
    const stop = watchAvailable(p.id);
    const results = await Promise.all(Array.from({ length: 50 }, () => place(p.id)));
    const lowest = await stop();
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe(`${p.description} is out of stock and was removed from the cart.`);
    }
    expect(await stockOf(shop.t.db, p.id)).toEqual({ available: 0, ordered: 10, listed: 0 });
    expect(lowest).toBe(0);
    const [rows] = await rowsOf<{ orders: number; units: number }>(
      shop.t.db,
      sql`select count(distinct order_id)::integer as orders, sum(ordered_qty)::integer as units
        from order_rows where product_id = ${p.id}`,
    );
    expect(rows).toEqual({ orders: 10, units: 10 });
  });

  it('20 concurrent retries with one Idempotency-Key write one order and return it to all', async () => {
    const p = await addProduct(shop.t.db, { stock: 100 });
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 20 }, () => place(p.id, key)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(19);
    const numbers = new Set(results.map((r) => (r.json() as PlacedOrder).order.orderNo));
    expect(numbers.size).toBe(1);
    const [row] = await rowsOf<{ n: number }>(
      shop.t.db,
      sql`select count(*)::integer as n from orders where idempotency_key = ${key['idempotency-key']}`,
    );
    expect(row!.n).toBe(1);
    expect(await stockOf(shop.t.db, p.id)).toMatchObject({ available: 99, ordered: 1 });
  });

  it('20 concurrent retries for an on-request product with no stock row (no lock to wait on) write one order', async () => {
    const p = await addProduct(shop.t.db, { onRequest: true });
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 20 }, () => place(p.id, key)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(19);
    expect(await stockOf(shop.t.db, p.id)).toMatchObject({ ordered: 1 });
  });

  it("10 concurrent orders with one customer's single-use coupon: one gets it, the others are refused (422)", async () => {
    const p = await addProduct(shop.t.db, { stock: 100 });
    const company = await addressesOf(shop, 'company');
    const body = {
      products: [line(p.id)],
      payment_method: 'as_agreed',
      coupon_code: 'DISCHIROSSI15',
      ...company,
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => shop.clients.company.post('/api/orders', body, newKey())),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.json().errors).toEqual({ coupon_code: [messages.couponUsed] });
    expect(await stockOf(shop.t.db, p.id)).toMatchObject({ ordered: 1 });
  });
});
