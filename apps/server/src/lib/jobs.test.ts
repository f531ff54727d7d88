import type { PlacedOrder } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  line,
  openShop,
  postOrder,
  rowsOf,
  type Shop,
} from '../modules/orders/checkout.fixtures';
import { CANCEL_UNPAID_CRON, CANCEL_UNPAID_QUEUE, type Jobs, startJobs } from './jobs';

/**
 * pg-boss on the test database (PGlite through its `db` adapter; PostgreSQL with its own pool when
 * TEST_DATABASE_URL is set): the cancel-unpaid queue is scheduled daily and its worker cancels old orders.
 */

let shop: Shop;
let jobs: Jobs | null = null;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(async () => {
  await jobs?.stop();
  await shop.t.close();
});

async function waitFor<T>(read: () => Promise<T>, until: (value: T) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (until(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('startJobs', () => {
  it('schedules cancel-unpaid daily at 03:00 Rome time, works a sent job and stops gracefully', async () => {
    const product = await addProduct(shop.t.db, { stock: 4 });
    const placed = await postOrder(shop, 'company', {
      products: [line(product.id, 2)],
      payment_method: 'card',
    });
    const { order } = placed.json() as PlacedOrder;
    expect(order.status).toBe('pending');
    shop.t.clock.now = new Date(shop.t.clock.now.getTime() + 8 * 24 * 60 * 60 * 1000);

    jobs = await startJobs(shop.t.app.deps, shop.t.database, shop.t.app.log);
    const schedules = await jobs.boss.getSchedules();
    expect(schedules.map((s) => ({ name: s.name, cron: s.cron, tz: s.options?.tz }))).toEqual([
      { name: CANCEL_UNPAID_QUEUE, cron: CANCEL_UNPAID_CRON, tz: 'Europe/Rome' },
    ]);
    expect(CANCEL_UNPAID_CRON).toBe('0 3 * * *');

    expect(await jobs.boss.send(CANCEL_UNPAID_QUEUE, {})).toEqual(expect.any(String));
    const status = await waitFor(
      async () =>
        (
          await rowsOf<{ status: string }>(
            shop.t.db,
            sql`select status from orders where order_no = ${order.orderNo}`,
          )
        )[0]!.status,
      (s) => s === 'cancelled',
    );
    expect(status).toBe('cancelled');

    await expect(jobs.stop()).resolves.toBeUndefined();
    jobs = null;
  });
});
