import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, line, openShop, rowsOf, type Shop, type Who } from '../orders/checkout.fixtures';

/**
 * DESIGN §6 rule 17 through POST /api/cart/quote (so checkout, which prices through it): a contract
 * row valid today for the customer or his group is a final net candidate, a row on a product covers
 * its variants, a tier crossed re-prices the line. Today is 2026-11-21. extra@example.com is an
 * exempt Swiss company without a group or discount; company@example.com a dealer (RIVENDITORI, 2%).
 * Products are merchandise: no group rule touches them.
 */

let shop: Shop;
let dealers: number;

beforeAll(async () => {
  shop = await openShop();
  [{ id: dealers }] = (await rowsOf<{ id: number }>(
    shop.t.db,
    sql`select id from customer_groups where code = 'RIVENDITORI'`,
  )) as [{ id: number }];
});
afterAll(() => shop.t.close());

const merch = () => addProduct(shop.t.db, { price: 2000, stock: 500, category: 'MERCHANDISE' });

let n = 0;
async function priceList(
  rows: { sku: string; price: number; min_quantity?: number }[],
  over: Record<string, unknown> = {},
) {
  const res = await shop.clients.admin.post('/api/price-lists', {
    name: `Quote list ${++n}`,
    customer_ids: [shop.ids.extra],
    ...over,
  });
  expect(res.statusCode).toBe(201);
  for (const row of rows)
    expect((await shop.clients.admin.post(`/api/price-lists/${res.json().id}/rows`, row)).statusCode).toBe(
      201,
    );
  return res.json().id as number;
}

async function quoteLine(who: Who, id: number, quantity = 1, isVariant = false) {
  const res = await shop.clients[who].post('/api/cart/quote', { products: [line(id, quantity, isVariant)] });
  expect(res.statusCode).toBe(200);
  return res.json().products[0];
}

describe('the cart quote at contract prices', () => {
  it('prices the customer’s line at his contract price', async () => {
    const p = await merch();
    await priceList([{ sku: p.sku, price: 1500 }]);
    expect(await quoteLine('extra', p.id)).toMatchObject({
      price: 2000,
      contract_price: 1500,
      unit_price: 1500,
      price_source: 'contract',
      totalPrice: 1500,
    });
    // Another customer's list does not price the private customer's line.
    expect(await quoteLine('private', p.id)).toMatchObject({
      unit_price: 2000,
      contract_price: null,
      price_source: 'list',
    });
  });

  it('applies a row from its minimum quantity, re-pricing the line when the quantity reaches it', async () => {
    const p = await merch();
    await priceList([
      { sku: p.sku, price: 1500 },
      { sku: p.sku, price: 1200, min_quantity: 10 },
    ]);
    expect(await quoteLine('extra', p.id, 9)).toMatchObject({ unit_price: 1500, totalPrice: 13_500 });
    expect(await quoteLine('extra', p.id, 10)).toMatchObject({ unit_price: 1200, totalPrice: 12_000 });
  });

  it('takes the lowest price where two lists of the customer overlap', async () => {
    const p = await merch();
    await priceList([{ sku: p.sku, price: 1500 }]);
    await priceList([{ sku: p.sku, price: 1400 }]);
    expect((await quoteLine('extra', p.id)).unit_price).toBe(1400);
  });

  it("applies a list of the customer's group", async () => {
    const p = await merch();
    await priceList([{ sku: p.sku, price: 1000 }], { customer_ids: [], customer_group_ids: [dealers] });
    expect(await quoteLine('company', p.id)).toMatchObject({ unit_price: 1000, price_source: 'contract' });
  });

  it('ignores an expired list and a list not yet valid', async () => {
    const p = await merch();
    await priceList([{ sku: p.sku, price: 900 }], { valid_from: '2026-01-01', valid_until: '2026-11-20' });
    await priceList([{ sku: p.sku, price: 800 }], { valid_from: '2026-11-22' });
    await priceList([{ sku: p.sku, price: 1700 }], { valid_from: '2026-11-21', valid_until: '2026-11-21' });
    expect((await quoteLine('extra', p.id)).unit_price).toBe(1700);
  });

  it("prices a variant by its product's row", async () => {
    const parent = await merch();
    const variant = await merch();
    await shop.t.db.execute(sql`update products set has_variants = true where id = ${parent.id}`);
    await shop.t.db.execute(sql`update products set parent_id = ${parent.id} where id = ${variant.id}`);
    await priceList([{ sku: parent.sku, price: 1300 }]);
    expect(await quoteLine('extra', variant.id, 1, true)).toMatchObject({
      unit_price: 1300,
      price_source: 'contract',
    });
  });

  it('keeps the discounted price when the contract price is above it', async () => {
    const p = await addProduct(shop.t.db, { price: 2000, stock: 50, category: 'MUSICA' });
    await priceList([{ sku: p.sku, price: 1900 }], { customer_ids: [shop.ids.company] });
    // 20.00 − 2% − 10% − 5% = 16.76, below the contract's 19.00.
    expect(await quoteLine('company', p.id)).toMatchObject({
      contract_price: 1900,
      unit_price: 1676,
      price_source: 'discount',
    });
  });
});

describe('the cart quote with volume tiers', () => {
  it('re-prices the line when its quantity crosses a tier', async () => {
    const p = await merch();
    const put = await shop.clients.admin.put(`/api/products/${p.id}/price-tiers`, {
      tiers: [
        { min_quantity: 10, price: 1800 },
        { min_quantity: 50, price: 1600 },
      ],
    });
    expect(put.statusCode).toBe(200);
    const at = async (q: number) => (await quoteLine('private', p.id, q)).unit_price;
    expect([await at(9), await at(10), await at(49), await at(50)]).toEqual([2000, 1800, 1800, 1600]);
    expect(await quoteLine('private', p.id, 10)).toMatchObject({
      tier_price: 1800,
      price_source: 'tier',
      totalPrice: 18_000,
      roundedTotalPriceWithVat: 21_960,
    });
  });

  it('lets a lower contract price beat the tier', async () => {
    const p = await merch();
    await shop.clients.admin.put(`/api/products/${p.id}/price-tiers`, {
      tiers: [{ min_quantity: 10, price: 1800 }],
    });
    await priceList([{ sku: p.sku, price: 1700 }]);
    expect(await quoteLine('extra', p.id, 10)).toMatchObject({ tier_price: 1800, unit_price: 1700 });
  });
});

describe('the product page', () => {
  it('shows the tiers priced for the customer and his contract price', async () => {
    const p = await merch();
    await shop.clients.admin.put(`/api/products/${p.id}/price-tiers`, {
      tiers: [
        { min_quantity: 10, price: 1800 },
        { min_quantity: 50, price: 1600 },
      ],
    });
    await priceList([{ sku: p.sku, price: 1700, min_quantity: 50 }]);
    const privateView = (await shop.clients.private.get(`/api/products/${p.sku}`)).json();
    expect(privateView.price).toMatchObject({ unit_price: 2000, price_source: 'list' });
    expect(privateView.tiers).toEqual([
      { min_quantity: 10, unit_price: 1800, unit_price_with_vat: 2196 },
      { min_quantity: 50, unit_price: 1600, unit_price_with_vat: 1952 },
    ]);
    // The exempt Swiss company pays no VAT; from 50 units the tier 16.00 still beats his contract 17.00.
    const extraView = (await shop.clients.extra.get(`/api/products/${p.sku}`)).json();
    expect(extraView.tiers).toEqual([
      { min_quantity: 10, unit_price: 1800, unit_price_with_vat: 1800 },
      { min_quantity: 50, unit_price: 1600, unit_price_with_vat: 1600 },
    ]);
    const q = await merch();
    await priceList([{ sku: q.sku, price: 1500 }]);
    expect((await shop.clients.extra.get(`/api/products/${q.sku}`)).json().price).toMatchObject({
      contract_price: 1500,
      unit_price: 1500,
      price_source: 'contract',
    });
    expect((await shop.clients.private.get(`/api/products/${q.sku}`)).json()).toMatchObject({
      price: { unit_price: 2000, contract_price: null },
      tiers: [],
    });
  });
});
