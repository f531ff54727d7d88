import type { BackorderPage } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, rowsOf, stockOf } from '../orders/checkout.fixtures';
import { type CustomerShop, openCustomerShop, orderAt, storedRows } from './customer-orders.fixtures';

/**
 * Backorders (DESIGN §6 rule 14, SPEC §9): the not-ready residual of open orders' rows, and cancelling
 * it for every order dated (Europe/Rome) up to a day, giving the reservation back to stock.
 */

let shop: CustomerShop;
let alice: number;
type Placed = Awaited<ReturnType<typeof orderAt>>;
let vinyl: { id: number; sku: string };
let boxSet: { id: number; sku: string };
let poster: { id: number; sku: string };
/** 1 Nov: 10 vinyls (4 ready, 6 backorder) and 2 CDs all ready. */
let early: Placed;
/** 2 Nov, partially shipped: 5 posters, 2 shipped, 3 in backorder. */
let partial: Placed;
/** 5 Nov 23:30 in Rome (22:30 UTC): 3 box sets, none ready. */
let lateEvening: Placed;
/** 6 Nov 00:30 in Rome, still 5 Nov in UTC: 2 box sets, none ready. */
let afterMidnight: Placed;
/** 1 Nov, cancelled: untouched whatever its rows say. */
let cancelled: Placed;
let bobs: Placed;

beforeAll(async () => {
  shop = await openCustomerShop();
  alice = shop.buyers.alice.customerId;
  vinyl = await addProduct(shop.t.db, { stock: 4, preorder: true });
  boxSet = await addProduct(shop.t.db, { stock: 0, preorder: true });
  poster = await addProduct(shop.t.db, { stock: 0, preorder: true });
  const cd = await addProduct(shop.t.db, { stock: 10 });
  early = await orderAt(shop, 'alice', '2026-11-01T09:00:00Z', [
    [vinyl.id, 10],
    [cd.id, 2],
  ]);
  partial = await orderAt(shop, 'alice', '2026-11-02T09:00:00Z', [[poster.id, 5]]);
  // Two of the five posters left the warehouse: the shipment took them off the reservation too.
  await shop.t.db.execute(sql`update order_rows set shipped_qty = 2 where id = ${partial.rows[0]!.id}`);
  await shop.t.db.execute(
    sql`update stocks set ordered = ordered - 2 where product_id = ${poster.id} and ordered > 0`,
  );
  await shop.t.db.execute(sql`update orders set status = 'partially_shipped' where id = ${partial.id}`);
  lateEvening = await orderAt(shop, 'alice', '2026-11-05T22:30:00Z', [[boxSet.id, 3]]);
  afterMidnight = await orderAt(shop, 'alice', '2026-11-05T23:30:00Z', [[boxSet.id, 2]]);
  cancelled = await orderAt(shop, 'alice', '2026-11-01T10:00:00Z', [[boxSet.id, 7]]);
  await shop.t.db.execute(sql`update orders set status = 'cancelled' where id = ${cancelled.id}`);
  bobs = await orderAt(shop, 'bob', '2026-11-01T09:00:00Z', [[boxSet.id, 4]]);
});
afterAll(() => shop.t.close());

const list = async (who: 'alice' | 'bob', query = '') =>
  (
    await shop.buyers[who].client.get(`/api/customers/${shop.buyers[who].customerId}/backorders${query}`)
  ).json() as BackorderPage;
const cancel = (date: string, who: 'alice' | 'bob' = 'alice', id = alice) =>
  shop.buyers[who].client.post(`/api/customers/${id}/cancel-backorder`, { date });

describe('GET /api/customers/{id}/backorders', () => {
  it('lists the not-ready residual of open orders, oldest first, with the units of every page', async () => {
    const page = await list('alice');
    expect(page.meta).toEqual({ total: 4, page: 1, per_page: 25, quantity: 6 + 3 + 3 + 2 });
    expect(
      page.data.map((r) => [
        r.orderNo,
        r.product_sku,
        r.quantities.residual,
        r.quantities.ready,
        r.backorder,
      ]),
    ).toEqual([
      [early.orderNo, vinyl.sku, 10, 4, 6],
      [partial.orderNo, poster.sku, 3, 0, 3],
      [lateEvening.orderNo, boxSet.sku, 3, 0, 3],
      [afterMidnight.orderNo, boxSet.sku, 2, 0, 2],
    ]);
    expect(page.data[0]).toMatchObject({ order_date: '2026-11-01T09:00:00.000Z', status: 'not_shipped' });
  });

  it('keeps the orders up to a day in Rome, and pages', async () => {
    const upTo = await list('alice', '?up_to=2026-11-05&per_page=2');
    expect(upTo.meta).toEqual({ total: 3, page: 1, per_page: 2, quantity: 12 });
    expect(upTo.data.map((r) => r.orderNo)).toEqual([early.orderNo, partial.orderNo]);
    const second = await list('alice', '?up_to=2026-11-05&per_page=2&page=2');
    expect(second.data.map((r) => r.orderNo)).toEqual([lateEvening.orderNo]);
  });

  it('answers 404 for another customer’s id, the list to an admin, 401 to a visitor', async () => {
    expect((await shop.buyers.bob.client.get(`/api/customers/${alice}/backorders`)).statusCode).toBe(404);
    expect((await list('bob')).meta).toMatchObject({ total: 1, quantity: 4 });
    const admin = await shop.clients.admin.get(`/api/customers/${alice}/backorders`);
    expect(admin.json().meta).toMatchObject({ total: 4, quantity: 14 });
    expect((await shop.visitor.get(`/api/customers/${alice}/backorders`)).statusCode).toBe(401);
  });
});

describe('POST /api/customers/{id}/cancel-backorder', () => {
  it('refuses a date after today (Europe/Rome) and a malformed one with 422, changing nothing', async () => {
    shop.t.clock.now = new Date('2026-11-21T23:30:00Z'); // already 22 Nov in Rome
    expect((await cancel('2026-11-23')).json()).toEqual({
      message: 'Invalid value',
      errors: { date: ['Invalid value'] },
    });
    expect((await cancel('22/11/2026')).json().errors).toEqual({ date: ['Invalid value'] });
    shop.t.clock.now = new Date('2026-11-21T10:00:00Z');
    expect((await cancel('2026-11-22')).statusCode).toBe(422);
    expect((await list('alice')).meta.quantity).toBe(14);
  });

  it('answers 404 for another customer’s id and 401 to a visitor, changing nothing', async () => {
    expect((await cancel('2026-11-21', 'bob', alice)).statusCode).toBe(404);
    await shop.visitor.get('/sanctum/csrf-cookie');
    expect(
      (await shop.visitor.post(`/api/customers/${alice}/cancel-backorder`, { date: '2026-11-21' }))
        .statusCode,
    ).toBe(401);
    expect((await list('alice')).meta.quantity).toBe(14);
  });

  it('cancels the not-ready residual of orders up to the day, releasing the reservation to the unit', async () => {
    const before = {
      vinyl: await stockOf(shop.t.db, vinyl.id),
      boxSet: await stockOf(shop.t.db, boxSet.id),
      poster: await stockOf(shop.t.db, poster.id),
    };
    // Vinyl: 4 on hand, 10 reserved; box sets: 3 + 2 (Alice) + 7 (cancelled order, still reserved) + 4 (Bob).
    expect(before.vinyl).toEqual({ available: -6, ordered: 10, listed: -6 });
    expect(before.boxSet).toMatchObject({ available: -16, ordered: 16 });
    expect(before.poster).toMatchObject({ available: -3, ordered: 3 });

    const res = await cancel('2026-11-05');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 3, quantity: 6 + 3 + 3 });

    expect(await stockOf(shop.t.db, vinyl.id)).toEqual({ available: 0, ordered: 4, listed: 0 });
    expect(await stockOf(shop.t.db, boxSet.id)).toMatchObject({ available: -13, ordered: 13 });
    expect(await stockOf(shop.t.db, poster.id)).toMatchObject({ available: 0, ordered: 0 });

    const [vinylRow, cdRow] = early.rows;
    const rows = await storedRows(shop, [
      vinylRow!.id,
      cdRow!.id,
      partial.rows[0]!.id,
      lateEvening.rows[0]!.id,
      afterMidnight.rows[0]!.id,
      cancelled.rows[0]!.id,
      bobs.rows[0]!.id,
    ]);
    expect(rows.map((r) => [r.status, r.ordered_qty, r.shipped_qty, r.cancelled_qty, r.ready_qty])).toEqual([
      ['not_shipped', 10, 0, 6, 4], // the 4 ready stay ordered and ready
      ['not_shipped', 2, 0, 0, 2], // nothing in backorder
      ['shipped', 5, 2, 3, 0], // the shipped part stays shipped
      ['cancelled', 3, 0, 3, 0],
      ['not_shipped', 2, 0, 0, 0], // 6 Nov in Rome: after the day
      ['not_shipped', 7, 0, 0, 0], // its order is cancelled
      ['not_shipped', 4, 0, 0, 0], // Bob's
    ]);
    // Issue 19 point 4: the cancelled rows name who cancelled them; the untouched ones nobody.
    const by = await rowsOf<{ cancelled_by_email: string | null }>(
      shop.t.db,
      sql`select cancelled_by_email from order_rows where id in (${vinylRow!.id}, ${cdRow!.id}) order by id`,
    );
    expect(by.map((r) => r.cancelled_by_email)).toEqual(['alice@example.com', null]);
    const statuses = await rowsOf<{ id: number; status: string }>(
      shop.t.db,
      sql`select id, status from orders where id in (${early.id}, ${partial.id}, ${lateEvening.id}, ${afterMidnight.id}) order by id`,
    );
    expect(statuses.map((o) => o.status)).toEqual(['registered', 'closed', 'cancelled', 'registered']);
    expect((await list('alice')).data.map((r) => [r.orderNo, r.backorder])).toEqual([
      [afterMidnight.orderNo, 2],
    ]);
  });

  it('finds nothing left on a replay, and an admin may cancel for the customer', async () => {
    expect((await cancel('2026-11-05')).json()).toEqual({ rows: 0, quantity: 0 });
    const res = await shop.clients.admin.post(`/api/customers/${alice}/cancel-backorder`, {
      date: '2026-11-21',
    });
    expect(res.json()).toEqual({ rows: 1, quantity: 2 });
    expect(await stockOf(shop.t.db, boxSet.id)).toMatchObject({ ordered: 11 });
    expect((await list('bob')).meta).toMatchObject({ total: 1, quantity: 4 });
  });
});
