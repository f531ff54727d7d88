import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencies, shippingMethods, shop, vats } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(shop).values({
    name: 'Sonora',
    country: 'IT',
    address: 'Via Oslavia 17, Milano',
    email: 'info@sonora.example',
    phone: '+39 02 1234 5678',
    vatId: 'IT12345678903',
    socialLinks: [{ network: 'instagram', url: 'https://instagram.com/sonora' }],
  });
  const [vat] = await t.db.insert(vats).values({ rate: 2200, description: 'IVA 22%' }).returning();
  await t.db.insert(currencies).values({ code: 'EUR', symbol: '€', description: 'Euro' });
  await t.db.insert(shippingMethods).values([
    {
      slug: 'national',
      code: 'IT-STD',
      description: 'Corriere Italia',
      price: 690,
      freeShipping: 15000,
      vatId: vat!.id,
    },
    { slug: 'international', code: 'INT-STD', description: 'Corriere estero', price: 1990, vatId: vat!.id },
  ]);
});
afterAll(() => t.close());

describe('public start-up reads (SPEC §7)', () => {
  it('GET /api/shop gives the country and footer contacts to anyone', async () => {
    const res = await t.client().get('/api/shop');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Sonora',
      country: 'IT',
      address: 'Via Oslavia 17, Milano',
      email: 'info@sonora.example',
      phone: '+39 02 1234 5678',
      vat_id: 'IT12345678903',
      social_links: [{ network: 'instagram', url: 'https://instagram.com/sonora' }],
      cod_fee: 500,
      default_free_shipping: 15000,
      payments_mode: 'test',
    });
  });

  it('GET /api/shipping-methods lists both methods with cents and thresholds', async () => {
    const res = await t.client().get('/api/shipping-methods');
    expect(res.json().meta).toEqual({ total: 2, page: 1, per_page: 2 });
    expect(
      res
        .json()
        .data.map((m: { slug: string; price: number; free_shipping: number | null }) => [
          m.slug,
          m.price,
          m.free_shipping,
        ]),
    ).toEqual([
      ['national', 690, 15000],
      ['international', 1990, null],
    ]);
  });

  it('GET /api/vats and /api/currencies list the reference data; unknown ids are 404', async () => {
    const client = t.client();
    const list = await client.get('/api/vats');
    expect(list.json().data).toEqual([{ id: expect.any(Number), rate: 2200, description: 'IVA 22%' }]);
    expect((await client.get(`/api/vats/${list.json().data[0].id}`)).json().rate).toBe(2200);
    expect((await client.get('/api/vats/4242')).statusCode).toBe(404);
    expect((await client.get('/api/currencies')).json().data[0]).toMatchObject({ code: 'EUR', symbol: '€' });
    expect((await client.get('/api/currencies/4242')).json()).toEqual({ message: 'Not Found' });
  });
});
