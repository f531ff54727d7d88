import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

/** The back office's catalogue writes (SPEC §7 Catalogue, §5 messages), admin only. */

let t: TestApp;
let admin: TestClient;
let customer: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.db, { isSuperAdmin: true });
  const c = await createUser(t.db);
  admin = t.client();
  customer = t.client();
  visitor = t.client();
  expect((await admin.login(a.email, PASSWORD)).statusCode).toBe(200);
  expect((await customer.login(c.email, PASSWORD)).statusCode).toBe(200);
  await visitor.get('/sanctum/csrf-cookie');
});
afterAll(() => t.close());

describe('who may write the catalogue', () => {
  it.each([
    ['POST', '/api/product-categories'],
    ['PUT', '/api/product-categories/1'],
    ['POST', '/api/product-subcategories'],
    ['POST', '/api/product-category/1/subcategories'],
    ['GET', '/api/product-category/1/attribute-tags'],
    ['POST', '/api/product-subcategory/1/attribute-tags'],
    ['PUT', '/api/attribute-tags/1'],
    ['POST', '/api/product-brands'],
    ['GET', '/api/uoms'],
    ['POST', '/api/uoms'],
    ['POST', '/api/vats'],
    ['POST', '/api/currencies'],
  ] as const)('%s %s: a customer gets 403, a visitor 401', async (method, url) => {
    const body = method === 'GET' ? undefined : {};
    expect((await customer.request(method, url, body)).statusCode).toBe(403);
    expect((await visitor.request(method, url, body)).statusCode).toBe(401);
  });
});

describe('categories and subcategories', () => {
  let musicId: number;

  it('creates a category, refuses its code twice, edits it', async () => {
    const created = await admin.post('/api/product-categories', { code: 'MUSICA', description: 'Musica' });
    expect(created.statusCode).toBe(201);
    musicId = created.json().id;
    expect(created.json()).toEqual({
      id: musicId,
      code: 'MUSICA',
      description: 'Musica',
      in_homepage: false,
      subcategories: [],
    });
    const again = await admin.post('/api/product-categories', { code: 'MUSICA', description: 'Altro' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: 'already exist', errors: { code: ['already exist'] } });

    const edited = await admin.put(`/api/product-categories/${musicId}`, {
      code: 'MUSICA',
      description: 'Musica e dischi',
      in_homepage: true,
    });
    expect(edited.json()).toMatchObject({ description: 'Musica e dischi', in_homepage: true });
    expect((await t.client().get(`/api/product-categories/${musicId}`)).json().description).toBe(
      'Musica e dischi',
    );
    expect(
      (await admin.put('/api/product-categories/9999', { code: 'X', description: 'X' })).statusCode,
    ).toBe(404);
  });

  it('names each invalid field with the SPEC §5 message', async () => {
    const res = await admin.post('/api/product-categories', { code: 'bad code!', description: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: ['Invalid value'], description: ['Invalid length'] });
  });

  it('creates subcategories with their referring category, both ways', async () => {
    const cd = await admin.post('/api/product-subcategories', {
      code: 'CD',
      description: 'CD',
      category_id: musicId,
      in_homepage: true,
    });
    expect(cd.statusCode).toBe(201);
    expect(cd.json()).toMatchObject({
      code: 'CD',
      category_id: musicId,
      category: 'MUSICA',
      in_homepage: true,
    });
    const lp = await admin.post(`/api/product-category/${musicId}/subcategories`, {
      code: 'LP',
      description: 'LP',
    });
    expect(lp.json()).toMatchObject({ code: 'LP', category: 'MUSICA' });
    const list = await admin.get(`/api/product-category/${musicId}/subcategories`);
    expect(list.json().data.map((s: { code: string }) => s.code)).toEqual(['CD', 'LP']);

    const dup = await admin.post('/api/product-subcategories', {
      code: 'CD',
      description: 'x',
      category_id: musicId,
    });
    expect(dup.json().errors).toEqual({ code: ['already exist'] });
    const noCategory = await admin.post('/api/product-subcategories', {
      code: 'DVD',
      description: 'x',
      category_id: 9999,
    });
    expect(noCategory.json().errors).toEqual({ category_id: ['Invalid value'] });
    expect(
      (await admin.post('/api/product-category/9999/subcategories', { code: 'Y', description: 'Y' }))
        .statusCode,
    ).toBe(404);

    const moved = await admin.put(`/api/product-subcategories/${lp.json().id}`, {
      code: 'LP',
      description: 'LP e vinili',
      category_id: musicId,
    });
    expect(moved.json()).toMatchObject({ description: 'LP e vinili', category: 'MUSICA' });
  });
});

describe('brands, measurement units, VAT rates, currencies', () => {
  it('creates and edits a brand with a logo URL or an uploaded logo', async () => {
    const created = await admin.post('/api/product-brands', {
      code: 'aurora',
      description: 'Aurora Records',
      logo_url: 'https://example.com/aurora.png',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toEqual({
      id,
      code: 'aurora',
      description: 'Aurora Records',
      in_homepage: false,
      logo: null,
      logo_url: 'https://example.com/aurora.png',
    });
    const edited = await admin.put(`/api/product-brands/${id}`, {
      code: 'aurora',
      description: 'Aurora',
      in_homepage: true,
      logo: '/uploads/images/abc.webp',
    });
    expect(edited.json()).toMatchObject({
      logo: '/uploads/images/abc.webp',
      logo_url: null,
      in_homepage: true,
    });
    const bad = await admin.put(`/api/product-brands/${id}`, {
      code: 'aurora',
      description: 'A',
      logo: '/etc/passwd',
    });
    expect(bad.json().errors).toEqual({ logo: ['Invalid value'] });
    const dup = await admin.post('/api/product-brands', { code: 'aurora', description: 'Again' });
    expect(dup.json().errors).toEqual({ code: ['already exist'] });
  });

  it('measurement units: ratio in thousandths, must be greather than 0, unique code', async () => {
    const pz = await admin.post('/api/uoms', { code: 'PZ', description: 'Pezzo', conversion_ratio: 1000 });
    expect(pz.statusCode).toBe(201);
    const zero = await admin.post('/api/uoms', {
      code: 'CF',
      description: 'Confezione',
      conversion_ratio: 0,
    });
    expect(zero.json().errors).toEqual({ conversion_ratio: ['Must be greather than 0'] });
    expect(
      (await admin.post('/api/uoms', { code: 'PZ', description: 'x', conversion_ratio: 1 })).json().errors,
    ).toEqual({
      code: ['already exist'],
    });
    const edited = await admin.put(`/api/uoms/${pz.json().id}`, {
      code: 'PZ',
      description: 'Pezzi',
      conversion_ratio: 1500,
    });
    expect(edited.json()).toEqual({
      id: pz.json().id,
      code: 'PZ',
      description: 'Pezzi',
      conversion_ratio: 1500,
    });
    expect((await admin.get('/api/uoms')).json().data).toEqual([edited.json()]);
  });

  it('VAT rates in basis points and currencies; the public reads show them', async () => {
    const vat = await admin.post('/api/vats', { rate: 2200, description: 'IVA 22%' });
    expect(vat.statusCode).toBe(201);
    expect((await admin.post('/api/vats', { rate: 10_001, description: 'x' })).json().errors).toEqual({
      rate: ['Invalid value'],
    });
    await admin.put(`/api/vats/${vat.json().id}`, { rate: 2100, description: 'IVA 21%' });
    expect((await t.client().get(`/api/vats/${vat.json().id}`)).json()).toEqual({
      id: vat.json().id,
      rate: 2100,
      description: 'IVA 21%',
    });

    const eur = await admin.post('/api/currencies', { code: 'eur', symbol: '€', description: 'Euro' });
    expect(eur.json()).toMatchObject({ code: 'EUR', symbol: '€' });
    expect(
      (await admin.post('/api/currencies', { code: 'EUR', symbol: 'E', description: 'x' })).json().errors,
    ).toEqual({
      code: ['already exist'],
    });
    expect(
      (await t.client().get('/api/currencies')).json().data.map((c: { code: string }) => c.code),
    ).toEqual(['EUR']);
  });
});
