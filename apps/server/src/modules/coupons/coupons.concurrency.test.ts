import { messages } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey, openShop, type Shop } from '../orders/checkout.fixtures';
import { createCoupon, orderWith, stockedProduct } from './coupon-limits.fixtures';

/**
 * Issue 20 point 5 under real concurrency: PostgreSQL only (PGlite is one connection, its transactions
 * never overlap). 20 orders race for a coupon, each of another product so that only the coupon's row
 * lock orders them: each counts the uses committed before it, so the coupon is used exactly up to its
 * limit and every other order is refused with a 422 on coupon_code.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'coupon limits under 20 concurrent orders (PostgreSQL)',
  () => {
    let shop: Shop;
    let productId: number;

    beforeAll(async () => {
      shop = await openShop();
      productId = (await stockedProduct(shop)).id;
    });
    afterAll(() => shop.t.close());

    /** 20 orders at once, each of another product: no stock row makes them wait for each other. */
    async function race(code: string, who: 'private' | 'company') {
      const products = await Promise.all(Array.from({ length: 20 }, () => stockedProduct(shop)));
      const results = await Promise.all(products.map((p) => orderWith(shop, who, p.id, code, newKey())));
      return {
        placed: results.filter((r) => r.statusCode === 201).length,
        refused: results.filter((r) => r.statusCode === 422).map((r) => r.json().errors),
      };
    }

    it('a usage limit of 5: exactly 5 orders of 20 get it', async () => {
      const id = await createCoupon(shop, { code: 'CINQUE', usage_limit: 5 });
      const { placed, refused } = await race('CINQUE', 'private');
      expect(placed).toBe(5);
      expect(refused).toHaveLength(15);
      for (const errors of refused) expect(errors).toEqual({ coupon_code: [messages.couponUsed] });
      expect((await shop.clients.admin.get(`/api/coupons/${id}`)).json()).toMatchObject({ used: 5 });
    });

    it('a per-customer limit of 2: exactly 2 of his 20 orders get it, and another customer still can', async () => {
      await createCoupon(shop, { code: 'DUE-A-TESTA', per_customer_limit: 2 });
      const { placed, refused } = await race('DUE-A-TESTA', 'company');
      expect(placed).toBe(2);
      expect(refused).toHaveLength(18);
      for (const errors of refused) expect(errors).toEqual({ coupon_code: [messages.couponUsed] });
      expect((await orderWith(shop, 'private', productId, 'DUE-A-TESTA')).statusCode).toBe(201);
    });
  },
);
