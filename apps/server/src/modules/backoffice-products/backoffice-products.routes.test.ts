import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { type BackOffice, openBackOffice } from './backoffice-products.fixtures';

/** The back office's products and variants (SPEC §3, §5, §7 Catalogue), admin only. */

let bo: BackOffice;
beforeAll(async () => {
  bo = await openBackOffice(await createTestApp());
});
afterAll(() => bo.t.close());

const base = () => ({ sku: 'MU-100001', description: 'Notti di vento', price: 1590, vat_id: bo.ids.vat });

describe('who may write products', () => {
  it.each([
    ['POST', '/api/products'],
    ['PUT', '/api/products/1'],
    ['PATCH', '/api/products/1/set-default-variant'],
    ['GET', '/api/products/1/variants'],
    ['POST', '/api/products/1/variants'],
    ['PUT', '/api/variants/1'],
    ['GET', '/api/product/1/attributes'],
    ['POST', '/api/product-variant/1/attributes'],
    ['GET', '/api/products/1/stocks'],
    ['GET', '/api/products/1/purchase'],
    ['GET', '/api/products/1/sales'],
    ['GET', '/api/backoffice/products'],
  ] as const)('%s %s: a customer gets 403, a visitor 401', async (method, url) => {
    const body = method === 'GET' ? undefined : {};
    expect((await bo.customer.request(method, url, body)).statusCode).toBe(403);
    expect((await bo.visitor.request(method, url, body)).statusCode).toBe(401);
  });
});

describe('POST /api/products and PUT /api/products/{id}', () => {
  let id: number;

  it('creates a product with every field; defaults for the rest', async () => {
    const res = await bo.admin.post('/api/products', {
      ...base(),
      category_id: bo.ids.music,
      subcategory_id: bo.ids.cd,
      brand_id: bo.ids.brand,
      author: 'Lucio Bianchi',
      isbn: '978-88-04-66823-7',
      ean13: '4006381333931',
      width: 142,
      height: 125,
      depth: 10,
      weight: 90,
      shipping_price: 500,
      release_date: '2026-12-01',
      available_for_preorders: true,
      catalogue_no: 'AUR-0001',
    });
    expect(res.statusCode).toBe(201);
    id = res.json().id;
    expect(res.json()).toMatchObject({
      id,
      parent_id: null,
      sku: 'MU-100001',
      category: 'MUSICA',
      subcategory: 'CD',
      brand: 'aurora',
      price: 1590,
      vat_rate: 2200,
      isbn: '9788804668237',
      width: 142,
      weight: 90,
      shipping_price: 500,
      release_date: '2026-12-01',
      available: true,
      available_for_orders: true,
      available_for_preorders: true,
      min_quantity: 1,
      max_quantity: null,
      has_variants: false,
      default_variant_id: null,
      available_quantity: 0,
      cover_url: null,
    });
  });

  it('a SKU already used is already exist; a reference that does not exist is Invalid value', async () => {
    const dup = await bo.admin.post('/api/products', base());
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ sku: ['already exist'] });
    const refs = await bo.admin.post('/api/products', {
      ...base(),
      sku: 'MU-100002',
      brand_id: 9999,
      category_id: bo.ids.music,
      subcategory_id: bo.ids.tshirt,
      vat_id: 9999,
    });
    expect(refs.json().errors).toEqual({
      brand_id: ['Invalid value'],
      vat_id: ['Invalid value'],
      subcategory_id: ['Invalid value'],
    });
  });

  it('answers the SPEC §5 messages on their fields', async () => {
    const res = await bo.admin.post('/api/products', {
      ...base(),
      sku: 'MU-100003',
      price: 0,
      isbn: '9788804668238',
      weight: -1,
      description: '',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      price: ['Must be greather than 0'],
      isbn: ['ISBN must be 10 or 13 digits'],
      weight: ['Must be greather than 0'],
      description: ['Invalid length'],
    });
  });

  it('edits the fields sent and keeps the others; a subcategory brings its category', async () => {
    const res = await bo.admin.put(`/api/products/${id}`, {
      price: 1290,
      subcategory_id: bo.ids.tshirt,
      category_id: null,
      discontinued: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      price: 1290,
      category: 'MERCHANDISE',
      subcategory: 'T_SHIRT',
      discontinued: true,
      author: 'Lucio Bianchi',
    });
    expect(
      (await bo.admin.put(`/api/products/${id}`, { min_quantity: 10, max_quantity: 5 })).json().errors,
    ).toEqual({
      max_quantity: ['Invalid value'],
    });
    expect((await bo.admin.put('/api/products/999999', { price: 100 })).statusCode).toBe(404);
  });

  it('GET /api/products/{id or sku}: everyone gets the detail, an admin also the admin product', async () => {
    const bySku = await bo.admin.get('/api/products/MU-100001');
    expect(bySku.json()).toMatchObject({ sku: 'MU-100001', admin: { id, price: 1290, discontinued: true } });
    const byId = await bo.admin.get(`/api/products/${id}`);
    expect(byId.json().admin.sku).toBe('MU-100001');
    const customer = await bo.customer.get(`/api/products/${id}`);
    expect(customer.statusCode).toBe(200);
    expect(customer.json().sku).toBe('MU-100001');
    expect(customer.json()).not.toHaveProperty('admin');
    expect((await bo.admin.get('/api/products/99999999999')).statusCode).toBe(404);
  });
});

describe('variants', () => {
  let productId: number;
  let first: number;
  let second: number;

  beforeAll(async () => {
    const res = await bo.admin.post('/api/products', {
      ...base(),
      sku: 'ME-200001',
      description: 'T-shirt Aurora',
      category_id: bo.ids.merch,
      subcategory_id: bo.ids.tshirt,
      brand_id: bo.ids.brand,
    });
    productId = res.json().id;
  });

  it('a new variant takes its product fields; the first one becomes the default', async () => {
    const res = await bo.admin.post(`/api/products/${productId}/variants`, {
      sku: 'ME-200001-S',
      variant_value: 1,
    });
    expect(res.statusCode).toBe(201);
    first = res.json().id;
    expect(res.json()).toMatchObject({
      parent_id: productId,
      description: 'T-shirt Aurora',
      price: 1590,
      category: 'MERCHANDISE',
      brand: 'aurora',
      variant_value: 1,
      is_default_variant: true,
    });
    const product = await bo.admin.get(`/api/products/${productId}`);
    expect(product.json().admin).toMatchObject({ has_variants: true, default_variant_id: first });
  });

  it('the variant value is 1 to 4: Must be between 1 and 4', async () => {
    for (const value of [0, 5]) {
      const res = await bo.admin.post(`/api/products/${productId}/variants`, {
        sku: 'ME-200001-X',
        variant_value: value,
      });
      expect(res.json().errors).toEqual({ variant_value: ['Must be between 1 and 4'] });
    }
  });

  it('lists, edits and changes the default variant', async () => {
    second = (
      await bo.admin.post(`/api/products/${productId}/variants`, {
        sku: 'ME-200001-M',
        variant_value: 2,
        price: 1790,
      })
    ).json().id;
    const list = await bo.admin.get(`/api/products/${productId}/variants`);
    expect(
      list
        .json()
        .data.map((v: { sku: string; price: number; is_default_variant: boolean }) => [
          v.sku,
          v.price,
          v.is_default_variant,
        ]),
    ).toEqual([
      ['ME-200001-S', 1590, true],
      ['ME-200001-M', 1790, false],
    ]);
    const edited = await bo.admin.put(`/api/variants/${second}`, { price: 1890, variant_value: 3 });
    expect(edited.json()).toMatchObject({ price: 1890, variant_value: 3 });
    expect(
      (await bo.admin.put(`/api/variants/${second}`, { category_id: bo.ids.music })).json().errors,
    ).toEqual({
      category_id: ['Invalid value'],
    });
    expect((await bo.admin.put(`/api/variants/${productId}`, { price: 1 })).statusCode).toBe(404);

    const changed = await bo.admin.request('PATCH', `/api/products/${productId}/set-default-variant`, {
      variant_id: second,
    });
    expect(changed.json().default_variant_id).toBe(second);
    const after = await bo.admin.get(`/api/products/${productId}/variants`);
    expect(
      after.json().data.map((v: { id: number; is_default_variant: boolean }) => [v.id, v.is_default_variant]),
    ).toEqual([
      [first, false],
      [second, true],
    ]);
    const foreign = await bo.admin.request('PATCH', `/api/products/${productId}/set-default-variant`, {
      variant_id: productId,
    });
    expect(foreign.json().errors).toEqual({ variant_id: ['Invalid value'] });
  });
});
