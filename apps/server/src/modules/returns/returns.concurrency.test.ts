import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, rowsOf, type Shop } from '../orders/checkout.fixtures';
import { product, shippedOrder } from './returns.fixtures';

/**
 * Issue 21 point 5: two return requests at once on the same row cannot together ask back more than was
 * shipped. The order row is locked while a request checks and writes; on PostgreSQL (TEST_DATABASE_URL)
 * the app's pool runs both side by side, on PGlite one after the other: the outcome is the same.
 */
describe('return requests made at the same time', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop();
  });
  afterAll(() => shop.t.close());

  const ask = (orderNo: string, rowId: number, quantity: number) =>
    shop.clients.private.post(`/api/orders/${orderNo}/returns`, {
      rows: [{ row_id: rowId, quantity, reason: 'damaged' }],
    });
  const asked = async (rowId: number) => {
    const [row] = await rowsOf<{ quantity: number }>(
      shop.t.db,
      sql`select coalesce(sum(quantity), 0)::integer as quantity from return_rows where order_row_id = ${rowId}`,
    );
    return row!.quantity;
  };

  it('lets exactly one through when together they exceed what was shipped', async () => {
    const cd = await product(shop, 1290);
    const order = await shippedOrder(shop, 'private', [{ productId: cd.id, quantity: 3 }]);
    const rowId = order.rows[0]!.id;
    for (let round = 0; round < 3; round += 1) {
      const results = await Promise.all([ask(order.order_no, rowId, 2), ask(order.order_no, rowId, 2)]);
      if (round === 0) {
        expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
        const refused = results.find((r) => r.statusCode === 422)!;
        expect(refused.json().errors).toEqual({
          'rows.0.quantity': [`Row ${rowId} (${cd.sku}) can be returned for at most 1.`],
        });
      } else {
        // One unit is left: both asking two are refused.
        expect(results.map((r) => r.statusCode)).toEqual([422, 422]);
      }
    }
    expect(await asked(rowId)).toBe(2);
  });

  it('lets both through when together they fit, and never more than shipped under a burst', async () => {
    const cd = await product(shop, 990);
    const order = await shippedOrder(shop, 'private', [{ productId: cd.id, quantity: 4 }]);
    const rowId = order.rows[0]!.id;
    const pair = await Promise.all([ask(order.order_no, rowId, 2), ask(order.order_no, rowId, 2)]);
    expect(pair.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await asked(rowId)).toBe(4);

    const other = await shippedOrder(shop, 'private', [{ productId: cd.id, quantity: 5 }]);
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => ask(other.order_no, other.rows[0]!.id, 1)),
    );
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(burst.filter((r) => r.statusCode === 422)).toHaveLength(3);
    expect(await asked(other.rows[0]!.id)).toBe(5);
  });
});
