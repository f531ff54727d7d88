import type { ShippingMethod } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, line, openShop, type Shop } from '../orders/checkout.fixtures';

/** A shipping method edited in the back office is what the storefront and the cart charge next (SPEC §7, §9). */

let shop: Shop;
let cd: { id: number };
beforeAll(async () => {
  shop = await openShop();
  cd = await addProduct(shop.t.db, { price: 1290, stock: 10 });
});
afterAll(() => shop.t.close());

const nationalMethod = async (): Promise<ShippingMethod> =>
  (await shop.t.client().get('/api/shipping-methods'))
    .json()
    .data.find((m: ShippingMethod) => m.slug === 'national');

const shippingQuote = async () =>
  (await shop.clients.private.post('/api/cart/quote', { products: [line(cd.id)] })).json().shipping;

describe('PUT /api/shipping-methods/{id} and the cart', () => {
  it('charges the new price and threshold on the very next quote', async () => {
    const before = await nationalMethod();
    // 12.90 + 22% VAT = 15.74, under the 150.00 threshold: the national price applies.
    expect(await shippingQuote()).toMatchObject({ price: 690, priceWithVAT: 842, is_free: false });

    const { id, ...fields } = before;
    const edited = await shop.clients.admin.put(`/api/shipping-methods/${id}`, { ...fields, price: 990 });
    expect(edited.statusCode).toBe(200);
    expect((await nationalMethod()).price).toBe(990);
    expect(await shippingQuote()).toMatchObject({ price: 990, priceWithVAT: 1208, is_free: false });

    await shop.clients.admin.put(`/api/shipping-methods/${id}`, { ...fields, free_shipping: 1500 });
    expect(await shippingQuote()).toMatchObject({ price: 0, is_free: true, free_shipping: 1500 });
  });
});
