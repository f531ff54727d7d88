import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

/** Attribute tags of categories and subcategories (SPEC §3, §5 'already exist', §7), admin only. */

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.db, { isSuperAdmin: true });
  admin = t.client();
  expect((await admin.login(a.email, PASSWORD)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('attribute tags', () => {
  let categoryId: number;
  let otherId: number;
  let subcategoryId: number;

  beforeAll(async () => {
    categoryId = (await admin.post('/api/product-categories', { code: 'MERCH', description: 'Merch' })).json()
      .id;
    otherId = (await admin.post('/api/product-categories', { code: 'HIFI', description: 'Hi-fi' })).json().id;
    subcategoryId = (
      await admin.post(`/api/product-category/${categoryId}/subcategories`, {
        code: 'TSHIRT',
        description: 'T-shirt',
      })
    ).json().id;
  });

  it('creates a list tag with its options; the same code in the same category is already exist', async () => {
    const tag = { tag: 'Taglia', code: 'taglia', type: 'fixed_list', options: ['S', 'M', 'L'] };
    const created = await admin.post(`/api/product-category/${categoryId}/attribute-tags`, tag);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: created.json().id,
      tag: 'Taglia',
      code: 'TAGLIA',
      description: '',
      type: 'fixed_list',
      icon_url: null,
      options: ['S', 'M', 'L'],
      full_text_search: false,
      category_id: categoryId,
      subcategory_id: null,
    });
    const again = await admin.post(`/api/product-category/${categoryId}/attribute-tags`, {
      ...tag,
      tag: 'Size',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ code: ['already exist'] });
    // Another category, or a subcategory, may use the code.
    expect((await admin.post(`/api/product-category/${otherId}/attribute-tags`, tag)).statusCode).toBe(201);
    expect(
      (await admin.post(`/api/product-subcategory/${subcategoryId}/attribute-tags`, tag)).statusCode,
    ).toBe(201);
    const dupSub = await admin.post(`/api/product-subcategory/${subcategoryId}/attribute-tags`, tag);
    expect(dupSub.json().errors).toEqual({ code: ['already exist'] });
  });

  it('lists the tags of a category and of a subcategory; an unknown one is 404', async () => {
    const list = await admin.get(`/api/product-category/${categoryId}/attribute-tags`);
    expect(list.json().data.map((x: { code: string }) => x.code)).toEqual(['TAGLIA']);
    const sub = await admin.get(`/api/product-subcategory/${subcategoryId}/attribute-tags`);
    expect(sub.json().data).toHaveLength(1);
    expect((await admin.get('/api/product-subcategory/9999/attribute-tags')).statusCode).toBe(404);
  });

  it('validates options, type and icon URL on their fields', async () => {
    const res = await admin.post(`/api/product-category/${categoryId}/attribute-tags`, {
      tag: 'Colore',
      code: 'COLORE',
      type: 'list',
      options: [],
      icon_url: 'not a url',
    });
    expect(res.json().errors).toEqual({ options: ['Invalid length'], icon_url: ['Invalid value'] });
    const type = await admin.post(`/api/product-category/${categoryId}/attribute-tags`, {
      tag: 'Colore',
      code: 'COLORE',
      type: 'colour',
    });
    expect(type.json().errors).toEqual({ type: ['Invalid value'] });
  });

  it('edits a tag (not onto a taken code) and deletes it', async () => {
    const note = await admin.post(`/api/product-category/${categoryId}/attribute-tags`, {
      tag: 'Note',
      code: 'NOTE',
      type: 'text',
      full_text_search: true,
      icon_url: 'https://example.com/note.svg',
    });
    const id = note.json().id;
    const taken = await admin.put(`/api/attribute-tags/${id}`, { tag: 'Note', code: 'TAGLIA', type: 'text' });
    expect(taken.json().errors).toEqual({ code: ['already exist'] });
    const edited = await admin.put(`/api/attribute-tags/${id}`, {
      tag: 'Note prodotto',
      code: 'NOTE',
      type: 'text',
    });
    expect(edited.json()).toMatchObject({
      tag: 'Note prodotto',
      full_text_search: false,
      category_id: categoryId,
    });
    expect((await admin.delete(`/api/attribute-tags/${id}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/attribute-tags/${id}`)).statusCode).toBe(404);
  });
});
