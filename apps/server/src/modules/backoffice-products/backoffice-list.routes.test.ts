import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stocks } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { type BackOffice, openBackOffice } from './backoffice-products.fixtures';

/** GET /api/backoffice/products: search, filters, sort and pages over every top-level product. */

let bo: BackOffice;
beforeAll(async () => {
  bo = await openBackOffice(await createTestApp());
  const { vat, music, merch, cd, tshirt, brand, main } = bo.ids;
  const rows = await bo.t.db
    .insert(products)
    .values([
      {
        sku: 'MU-000101',
        description: 'Notti di vento',
        author: 'Lucio Bianchi',
        label: 'Aurora',
        catalogueNo: 'AUR-0101',
        ean13: '8001234567894',
        price: 1500,
        vatId: vat,
        categoryId: music,
        subcategoryId: cd,
        brandId: brand,
        releaseDate: '2026-01-10',
      },
      {
        sku: 'MU-000102',
        description: 'Strade bagnate',
        author: 'Anna Verdi',
        label: 'Aurora',
        isbn: '9788804668237',
        price: 1600,
        vatId: vat,
        categoryId: music,
        subcategoryId: cd,
        brandId: brand,
        releaseDate: '2026-02-10',
        discontinued: true,
      },
      {
        sku: 'MU-000103',
        description: 'Notti al mare',
        author: 'Carlo Neri',
        label: 'Sole',
        price: 1700,
        vatId: vat,
        categoryId: music,
        available: false,
        releaseDate: '2026-03-10',
      },
      {
        sku: 'ME-000201',
        description: 'Maglietta nera',
        price: 2000,
        vatId: vat,
        categoryId: merch,
        subcategoryId: tshirt,
        releaseDate: '2025-12-01',
      },
    ])
    .returning();
  await bo.t.db.insert(products).values({
    sku: 'ME-000201-S',
    description: 'Maglietta nera S',
    price: 2000,
    vatId: vat,
    parentId: rows[3]!.id,
  });
  await bo.t.db.insert(stocks).values({ productId: rows[0]!.id, warehouseId: main, onHand: 4 });
});
afterAll(() => bo.t.close());

const skus = async (query: string) => {
  const res = await bo.admin.get(`/api/backoffice/products?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.map((p: { sku: string }) => p.sku);
};

describe('GET /api/backoffice/products', () => {
  it('lists every top-level product (unavailable and discontinued too), newest id first', async () => {
    const res = await bo.admin.get('/api/backoffice/products');
    expect(res.json().meta).toEqual({ total: 4, page: 1, per_page: 25 });
    expect(res.json().data.map((p: { sku: string }) => p.sku)).toEqual([
      'ME-000201',
      'MU-000103',
      'MU-000102',
      'MU-000101',
    ]);
    expect(res.json().data[3]).toMatchObject({
      sku: 'MU-000101',
      category: 'MUSICA',
      subcategory: 'CD',
      brand: 'aurora',
      price: 1500,
      available_quantity: 4,
      available: true,
      discontinued: false,
      has_variants: false,
      cover_url: null,
    });
  });

  it.each([
    ['q=notti', ['MU-000103', 'MU-000101']],
    ['q=verdi', ['MU-000102']],
    ['q=MU-000103', ['MU-000103']],
    ['q=8001234567894', ['MU-000101']],
    ['q=9788804668237', ['MU-000102']],
    ['q=AUR-0101', ['MU-000101']],
    ['q=aurora', ['MU-000102', 'MU-000101']],
  ])('searches title, author, SKU, EAN, ISBN, catalogue number, label: %s', async (query, expected) => {
    expect(await skus(query)).toEqual(expected);
  });

  it('filters by category, subcategory, brand, label and availability flags', async () => {
    const { merch, cd, brand } = bo.ids;
    expect(await skus(`category_id=${merch}`)).toEqual(['ME-000201']);
    expect(await skus(`subcategory_id=${cd}`)).toEqual(['MU-000102', 'MU-000101']);
    expect(await skus(`brand_id=${brand}&discontinued=0`)).toEqual(['MU-000101']);
    expect(await skus('label=Sole')).toEqual(['MU-000103']);
    expect(await skus('available=false')).toEqual(['MU-000103']);
    expect(await skus('in_stock=1')).toEqual(['MU-000101']);
    expect(await skus('discontinued=1&q=strade')).toEqual(['MU-000102']);
  });

  it('sorts by title, author, release date or SKU, each way, and pages', async () => {
    expect(await skus('sort=title&dir=asc')).toEqual(['ME-000201', 'MU-000103', 'MU-000101', 'MU-000102']);
    expect(await skus('sort=release_date&dir=desc&per_page=2&page=2')).toEqual(['MU-000101', 'ME-000201']);
    expect(await skus('sort=sku&dir=asc&q=notti')).toEqual(['MU-000101', 'MU-000103']);
    const page = await bo.admin.get('/api/backoffice/products?per_page=3&page=2');
    expect(page.json().meta).toEqual({ total: 4, page: 2, per_page: 3 });
    expect((await bo.admin.get('/api/backoffice/products?sort=price')).statusCode).toBe(422);
    expect((await bo.admin.get('/api/backoffice/products?colour=red')).statusCode).toBe(422);
  });
});
