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
import {
  CANCEL_UNPAID_QUEUE,
  CATALOGUE_CHANGES_QUEUE,
  type Jobs,
  STOCK_ALERTS_QUEUE,
  STOCK_ALLOCATION_QUEUE,
  startJobs,
} from './jobs';
import { MAIL_QUEUE } from './mailer';

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
    expect(
      schedules
        .map((s) => ({ name: s.name, cron: s.cron, tz: s.options?.tz }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: CANCEL_UNPAID_QUEUE, cron: '0 3 * * *', tz: 'Europe/Rome' },
      { name: CATALOGUE_CHANGES_QUEUE, cron: '0 4 * * *', tz: 'Europe/Rome' },
      { name: STOCK_ALERTS_QUEUE, cron: '*/5 * * * *', tz: 'Europe/Rome' },
      { name: STOCK_ALLOCATION_QUEUE, cron: '30 3 * * *', tz: 'Europe/Rome' },
    ]);
    expect(
      (await jobs.boss.getQueues())
        .map((q) => q.name)
        .filter((name) => !name.startsWith('__pgboss__'))
        .sort(),
    ).toEqual(['cancel-unpaid', 'catalogue-changes', 'erp-sync', 'mail', 'stock-alerts', 'stock-allocation']);

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
    expect(shop.t.app.deps.jobs.boss).toBeNull();
    jobs = null;
  });

  it("sends the shop's mail through the mail queue while the jobs run", async () => {
    jobs = await startJobs(shop.t.app.deps, shop.t.database, shop.t.app.log);
    const before = shop.t.mails.length;
    const visitor = shop.t.client();
    await visitor.get('/sanctum/csrf-cookie');
    const asked = await visitor.post('/forgot-password', { email: 'private@example.com' });
    expect(asked.statusCode).toBe(200);
    const mails = await waitFor(
      async () => shop.t.mails.slice(before),
      (m) => m.length > 0,
    );
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['private@example.com', 'Reset your password / Reimposta la password'],
    ]);
    // pg-boss completes the job once the transport has taken the message.
    const queued = await waitFor(
      () =>
        rowsOf<{ state: string; to: string }>(
          shop.t.db,
          sql`select state::text, data->>'to' as to from pgboss.job where name = ${MAIL_QUEUE}`,
        ),
      (rows) => rows[0]?.state === 'completed',
    );
    expect(queued).toEqual([{ state: 'completed', to: 'private@example.com' }]);
    await jobs.stop();
    jobs = null;
  });

  it("gives free stock to a pre-order once it enters its customer's pre-order days (stock-allocation)", async () => {
    await shop.t.db.execute(sql`update customers set preorder_days = 30 where id = ${shop.ids.company}`);
    const product = await addProduct(shop.t.db, { preorder: true, stock: 0 });
    const placed = await postOrder(shop, 'company', { products: [line(product.id, 2)] });
    expect(placed.statusCode).toBe(201);
    const { order } = placed.json() as PlacedOrder;
    // Counted stock, written without allocating: the release (2027-03-01) is still months away.
    await shop.t.db.execute(sql`update stocks set on_hand = 5 where product_id = ${product.id}`);
    const readyOf = async () =>
      (
        await rowsOf<{ ready: number }>(
          shop.t.db,
          sql`select ready_qty as ready from order_rows where order_id = ${order.id}`,
        )
      )[0]!.ready;

    jobs = await startJobs(shop.t.app.deps, shop.t.database, shop.t.app.log);
    await jobs.boss.send(STOCK_ALLOCATION_QUEUE, {});
    await waitFor(
      async () =>
        (
          await rowsOf<{ n: number }>(
            shop.t.db,
            sql`select count(*)::integer as n from pgboss.job where name = ${STOCK_ALLOCATION_QUEUE} and state = 'completed'`,
          )
        )[0]!.n,
      (n) => n === 1,
    );
    expect(await readyOf()).toBe(0);

    shop.t.clock.now = new Date('2027-02-10T10:00:00Z');
    await jobs.boss.send(STOCK_ALLOCATION_QUEUE, {});
    expect(await waitFor(readyOf, (ready) => ready === 2)).toBe(2);
    await jobs.stop();
    jobs = null;
  });
});
