import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeTags, orderRows, orders, products, stocks } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { type BackOffice, openBackOffice } from './backoffice-products.fixtures';

/** The product detail's tabs (SPEC §2): attributes, product-warehouse, purchase, sales. */

let bo: BackOffice;
let shirt: number;
let small: number;
let cd: number;

beforeAll(async () => {
  bo = await openBackOffice(await createTestApp());
  await bo.t.db.insert(attributeTags).values([
    {
      categoryId: bo.ids.merch,
      code: 'TAGLIA',
      tag: 'Taglia',
      description: '',
      type: 'fixed_list',
      options: ['S', 'M', 'L'],
    },
    { categoryId: bo.ids.merch, code: 'NOTE_PRODOTTO', tag: 'Note', description: '', type: 'text' },
    { subcategoryId: bo.ids.tshirt, code: 'YOUTUBE', tag: 'Video', description: '', type: 'iframe' },
  ]);
  const [p, c] = await bo.t.db
    .insert(products)
    .values([
      {
        sku: 'ME-1',
        description: 'T-shirt',
        price: 1500,
        vatId: bo.ids.vat,
        categoryId: bo.ids.merch,
        subcategoryId: bo.ids.tshirt,
        supplierCode: 'SUP-77',
      },
      { sku: 'MU-1', description: 'Disco', price: 1200, vatId: bo.ids.vat, categoryId: bo.ids.music },
    ])
    .returning();
  shirt = p!.id;
  cd = c!.id;
  small = (await bo.admin.post(`/api/products/${shirt}/variants`, { sku: 'ME-1-S', variant_value: 1 })).json()
    .id;
});
afterAll(() => bo.t.close());

describe('attributes', () => {
  it("lists the tags of the product's category and subcategory with its values", async () => {
    const res = await bo.admin.get(`/api/product/${shirt}/attributes`);
    expect(res.json().tags.map((t: { code: string }) => t.code)).toEqual([
      'TAGLIA',
      'NOTE_PRODOTTO',
      'YOUTUBE',
    ]);
    expect(res.json().values).toEqual({});
  });

  it('sets values; a list type takes one of its options, an iframe a URL, an unknown code is refused', async () => {
    const bad = await bo.admin.post(`/api/product/${shirt}/attributes`, {
      attributes: { TAGLIA: 'XXL', YOUTUBE: 'not a url', AUTORE: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'attributes.TAGLIA': ['Invalid value'],
      'attributes.YOUTUBE': [
        'Only an https player address (/embed/…) on one of these hosts can be embedded: www.youtube.com, youtube.com, www.youtube-nocookie.com.',
      ],
      'attributes.AUTORE': ['Invalid value'],
    });
    const ok = await bo.admin.post(`/api/product/${shirt}/attributes`, {
      attributes: { NOTE_PRODOTTO: 'Cotone', YOUTUBE: 'https://www.youtube.com/embed/abc' },
    });
    expect(ok.json().values).toEqual({
      NOTE_PRODOTTO: 'Cotone',
      YOUTUBE: 'https://www.youtube.com/embed/abc',
    });
    const removed = await bo.admin.post(`/api/product/${shirt}/attributes`, {
      attributes: { YOUTUBE: null },
    });
    expect(removed.json().values).toEqual({ NOTE_PRODOTTO: 'Cotone' });
  });

  it('refuses a YOUTUBE or SPOTIFY value off the players’ own hosts with 422 on the field', async () => {
    await bo.t.db.insert(attributeTags).values([
      { categoryId: bo.ids.music, code: 'YOUTUBE', tag: 'Video', description: '', type: 'iframe' },
      { categoryId: bo.ids.music, code: 'SPOTIFY', tag: 'Spotify', description: '', type: 'iframe' },
      { categoryId: bo.ids.music, code: 'SITO', tag: 'Sito', description: '', type: 'url' },
    ]);
    const youtube =
      'Only an https player address (/embed/…) on one of these hosts can be embedded: www.youtube.com, youtube.com, www.youtube-nocookie.com.';
    const spotify =
      'Only an https player address (/embed/…) on one of these hosts can be embedded: open.spotify.com.';
    const refused: [string, string, string][] = [
      ['YOUTUBE', 'https://www.youtube.com.evil.example/embed/x', youtube],
      ['YOUTUBE', 'http://www.youtube.com/embed/x', youtube],
      ['YOUTUBE', 'https://user@www.youtube.com@evil.example/embed/x', youtube],
      ['YOUTUBE', 'https://user:pass@www.youtube.com/embed/x', youtube],
      ['YOUTUBE', 'javascript:alert(1)//https://www.youtube.com/embed/x', youtube],
      ['YOUTUBE', 'https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3', youtube],
      ['SPOTIFY', 'https://open.spotify.com.evil.example/embed/album/x', spotify],
      ['SPOTIFY', 'https://evil.example/open.spotify.com/embed/album/x', spotify],
      ['SPOTIFY', 'https://www.youtube.com/embed/x', spotify],
    ];
    for (const [code, value, message] of refused) {
      const res = await bo.admin.post(`/api/product/${cd}/attributes`, { attributes: { [code]: value } });
      expect([value, res.statusCode, res.json().errors]).toEqual([
        value,
        422,
        { [`attributes.${code}`]: [message] },
      ]);
    }
    expect((await bo.admin.get(`/api/product/${cd}/attributes`)).json().values).toEqual({});

    const allowed = {
      YOUTUBE: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      SPOTIFY: 'https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3',
      // any other url attribute still takes any http(s) address
      SITO: 'http://example.com/artist',
    };
    const ok = await bo.admin.post(`/api/product/${cd}/attributes`, { attributes: allowed });
    expect([ok.statusCode, ok.json().values]).toEqual([200, allowed]);
  });

  it("a variant's attributes use its product's tags; the product route refuses a variant id", async () => {
    const res = await bo.admin.post(`/api/product-variant/${small}/attributes`, {
      attributes: { TAGLIA: 'S' },
    });
    expect(res.json().values).toEqual({ TAGLIA: 'S' });
    expect((await bo.admin.get(`/api/product/${small}/attributes`)).statusCode).toBe(404);
    expect((await bo.admin.get(`/api/product-variant/${shirt}/attributes`)).statusCode).toBe(404);
  });
});

describe('stock per warehouse, purchase', () => {
  it('shows every warehouse for each variant (a product with variants holds none itself)', async () => {
    const res = await bo.admin.get(`/api/products/${shirt}/stocks`);
    expect(
      res
        .json()
        .data.map((s: { sku: string; warehouse_code: string; on_hand: number }) => [
          s.sku,
          s.warehouse_code,
          s.on_hand,
        ]),
    ).toEqual([
      ['ME-1-S', 'EXT', 0],
      ['ME-1-S', 'MAIN', 0],
    ]);
  });

  it('an on-hand change writes a warehouse transaction with the previous and resulting stock', async () => {
    await bo.t.db.insert(stocks).values({ productId: cd, warehouseId: bo.ids.main, onHand: 10, ordered: 3 });
    const res = await bo.admin.put(`/api/products/${cd}/stocks/${bo.ids.main}`, {
      on_hand: 25,
      on_order: 40,
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().data.find((s: { warehouse_code: string }) => s.warehouse_code === 'MAIN'),
    ).toMatchObject({
      on_hand: 25,
      on_order: 40,
      ordered: 3,
      available: 22,
    });
    await bo.admin.put(`/api/products/${cd}/stocks/${bo.ids.main}`, { on_hand: 25, on_order: 10 });
    const moves = await bo.t.db.execute(
      sql`select operation, quantity, previous_stock, result_stock, sku from warehouse_transactions where product_id = ${cd}`,
    );
    expect((moves as unknown as { rows: unknown[] }).rows).toEqual([
      { operation: 'adjustment', quantity: 15, previous_stock: 10, result_stock: 25, sku: 'MU-1' },
    ]);
    const detail = await bo.admin.get(`/api/products/${cd}`);
    expect(detail.json().admin.available_quantity).toBe(22);
    expect(
      (await bo.admin.put(`/api/products/${cd}/stocks/9999`, { on_hand: 1, on_order: 0 })).statusCode,
    ).toBe(404);
    expect(
      (await bo.admin.put(`/api/products/${cd}/stocks/${bo.ids.main}`, { on_hand: -1, on_order: 0 })).json()
        .errors,
    ).toEqual({
      on_hand: ['Invalid value'],
    });
  });

  it('purchase: supplier code, on order over warehouses and variants, the last receipts', async () => {
    await bo.t.db
      .insert(stocks)
      .values({ productId: small, warehouseId: bo.ids.ext, onHand: 0, onOrder: 12 });
    const res = await bo.admin.get(`/api/products/${shirt}/purchase`);
    expect(res.json()).toEqual({
      supplier_code: 'SUP-77',
      on_order: 12,
      incoming: [
        { warehouse_code: 'EXT', on_order: 12 },
        { warehouse_code: 'MAIN', on_order: 0 },
      ],
      last_receipts: [],
    });
  });
});

describe('sales by month', () => {
  it('ordered (less cancelled) and shipped quantities of the product and its variants, 12 months', async () => {
    const address = {
      company: null,
      firstname: 'A',
      lastname: 'B',
      co: null,
      address: 'Via',
      postcode: '1',
      city: 'X',
      state: null,
      country: 'IT',
      phone: null,
    };
    const order = async (orderNo: string, date: string, productId: number, q: [number, number, number]) => {
      const [o] = await bo.t.db
        .insert(orders)
        .values({
          orderNo,
          customerId: bo.customerId,
          status: 'confirmed',
          paymentMethod: 'as_agreed',
          shippingAddress: address,
          billingAddress: address,
          vat: 0,
          total: 0,
          totalWithoutTaxes: 0,
          date: new Date(date),
        })
        .returning();
      await bo.t.db.insert(orderRows).values({
        orderId: o!.id,
        productId,
        productSku: 'x',
        description: 'x',
        orderedQty: q[0],
        shippedQty: q[1],
        cancelledQty: q[2],
        price: 100,
        vatRate: 2200,
        subtotal: 100,
      });
    };
    await order('S-1', '2026-11-03T10:00:00Z', shirt, [5, 2, 1]);
    await order('S-2', '2026-10-31T23:30:00Z', small, [3, 3, 0]); // 1 November in Rome
    await order('S-3', '2026-09-15T10:00:00Z', small, [2, 0, 0]);
    await order('S-4', '2025-10-15T10:00:00Z', small, [9, 9, 0]); // 13 months ago
    const res = await bo.admin.get(`/api/products/${shirt}/sales`);
    const months = res.json().months as { month: string; ordered: number; shipped: number }[];
    expect(months).toHaveLength(12);
    expect(months[0]!.month).toBe('2025-12');
    expect(months.slice(-3)).toEqual([
      { month: '2026-09', ordered: 2, shipped: 0 },
      { month: '2026-10', ordered: 0, shipped: 0 },
      { month: '2026-11', ordered: 7, shipped: 5 },
    ]);
    expect((await bo.admin.get(`/api/products/${shirt}/sales?months=3`)).json().months).toHaveLength(3);
  });
});
