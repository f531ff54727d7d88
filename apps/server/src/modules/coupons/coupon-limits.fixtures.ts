import { expect } from 'vitest';
import { addProduct, line, postOrder, type Shop, type Who } from '../orders/checkout.fixtures';

/** Coupons made by staff through the API, and orders placed with them, for the limit tests. */

export async function createCoupon(shop: Shop, body: Record<string, unknown>): Promise<number> {
  const res = await shop.clients.admin.post('/api/coupons', { kind: 'percent', value: 1000, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** A product at €20.00 net with plenty of stock. */
export const stockedProduct = (shop: Shop) => addProduct(shop.t.db, { price: 2000, stock: 500 });

/** One unit of the product ordered by `who` with the coupon (as agreed for the companies). */
export function orderWith(
  shop: Shop,
  who: Exclude<Who, 'admin'>,
  productId: number,
  code: string,
  headers?: Record<string, string>,
) {
  const payment_method = who === 'private' ? 'cash_on_delivery' : 'as_agreed';
  return postOrder(shop, who, { products: [line(productId)], coupon_code: code, payment_method }, headers);
}
