import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vats } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { readXlsx } from '../imports/imports.fixtures';

/** Customer groups, warehouses and shipping methods in the back office (SPEC §3, §5, §7), admin only. */

let t: TestApp;
let admin: TestClient;
let customer: TestClient;
let visitor: TestClient;
let vat22: number;

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
  const [vat] = await t.db.insert(vats).values({ rate: 2200, description: 'IVA 22%' }).returning();
  vat22 = vat!.id;
});
afterAll(() => t.close());

const alreadyExist = (field: string) => ({
  message: 'already exist',
  errors: { [field]: ['already exist'] },
});

describe('who may manage them', () => {
  it.each([
    ['GET', '/api/customer-groups'],
    ['GET', '/api/customer-groups/1'],
    ['POST', '/api/customer-groups'],
    ['PUT', '/api/customer-groups/1'],
    ['GET', '/api/warehouses'],
    ['GET', '/api/warehouses/1'],
    ['POST', '/api/warehouses'],
    ['PUT', '/api/warehouses/1'],
    ['POST', '/api/shipping-methods'],
    ['PUT', '/api/shipping-methods/1'],
  ] as const)('%s %s: a customer gets 403, a visitor 401', async (method, url) => {
    const body = method === 'GET' ? undefined : {};
    expect((await customer.request(method, url, body)).statusCode).toBe(403);
    expect((await visitor.request(method, url, body)).statusCode).toBe(401);
  });
});

describe('customer groups', () => {
  let id: number;

  it('creates a group, reads it back, refuses its code twice', async () => {
    const created = await admin.post('/api/customer-groups', {
      code: 'RIV',
      description: 'Rivenditori',
      external_group_id: 'G-01',
    });
    expect(created.statusCode).toBe(201);
    id = created.json().id;
    expect(created.json()).toEqual({
      id,
      code: 'RIV',
      description: 'Rivenditori',
      external_group_id: 'G-01',
      payment_methods: null,
      payment_terms_id: null,
    });
    expect((await admin.get(`/api/customer-groups/${id}`)).json()).toEqual(created.json());

    const again = await admin.post('/api/customer-groups', { code: 'RIV', description: 'Altri' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(alreadyExist('code'));
  });

  it("edits a group; another group's code is 'already exist', an unknown id 404", async () => {
    const edited = await admin.put(`/api/customer-groups/${id}`, {
      code: 'RIV',
      description: 'Rivenditori e negozi',
      external_group_id: '',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      id,
      code: 'RIV',
      description: 'Rivenditori e negozi',
      external_group_id: null,
      payment_methods: null,
      payment_terms_id: null,
    });
    await admin.post('/api/customer-groups', { code: 'GROSS', description: 'Grossisti' });
    const taken = await admin.put(`/api/customer-groups/${id}`, { code: 'GROSS', description: 'X' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual(alreadyExist('code'));
    expect((await admin.put('/api/customer-groups/9999', { code: 'NEW', description: 'X' })).statusCode).toBe(
      404,
    );
    expect((await admin.get('/api/customer-groups/9999')).json()).toEqual({ message: 'Not Found' });
  });

  it('names each invalid field with the SPEC §5 message', async () => {
    const res = await admin.post('/api/customer-groups', { code: 'bad code!', description: '', extra: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      code: ['Invalid value'],
      description: ['Invalid length'],
      extra: ['Unknown field: extra'],
    });
  });

  it('searches code and description, sorts either way and pages', async () => {
    await admin.post('/api/customer-groups', { code: 'PRIV', description: 'Privati 100%' });
    const codes = async (query: string) =>
      (await admin.get(`/api/customer-groups?${query}`)).json().data.map((g: { code: string }) => g.code);
    expect(await codes('')).toEqual(['GROSS', 'PRIV', 'RIV']);
    expect(await codes('text=negozi')).toEqual(['RIV']);
    expect(await codes('text=gros')).toEqual(['GROSS']);
    expect(await codes('text=100%25')).toEqual(['PRIV']);
    expect(await codes('text=%25')).toEqual(['PRIV']);
    expect(await codes('sort=description&dir=desc')).toEqual(['RIV', 'PRIV', 'GROSS']);
    const page = await admin.get('/api/customer-groups?per_page=2&page=2');
    expect(page.json()).toMatchObject({ data: [{ code: 'RIV' }], meta: { total: 3, page: 2, per_page: 2 } });
    expect((await admin.get('/api/customer-groups?sort=id')).statusCode).toBe(422);
    expect((await admin.get('/api/customer-groups?colour=red')).statusCode).toBe(422);
  });

  it("exports the list's search to Excel (GET /api/exports/customer-groups with the list's q and sort)", async () => {
    const res = await admin.get('/api/exports/customer-groups?q=NEGOZI&sort=code&dir=desc');
    expect(res.statusCode).toBe(200);
    expect(await readXlsx(res.rawPayload)).toEqual([
      ['code', 'description', 'external_group_id'],
      ['RIV', 'Rivenditori e negozi'],
    ]);
    const all = await readXlsx((await admin.get('/api/exports/customer-groups')).rawPayload);
    expect(all.slice(1).map((row) => row[0])).toEqual(['RIV', 'GROSS', 'PRIV']);
    expect((await admin.get('/api/exports/customer-groups?colour=red')).statusCode).toBe(422);
    expect((await customer.get('/api/exports/customer-groups')).statusCode).toBe(403);
  });
});

describe('warehouses', () => {
  it('creates, edits, lists and refuses a taken code', async () => {
    const created = await admin.post('/api/warehouses', { code: 'MAIN', description: 'Magazzino Milano' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toEqual({
      id,
      code: 'MAIN',
      description: 'Magazzino Milano',
      management_type: 'standard',
    });
    const ext = await admin.post('/api/warehouses', {
      code: 'EXT',
      description: 'Deposito Bologna',
      management_type: 'external',
    });
    expect(ext.json().management_type).toBe('external');

    const again = await admin.post('/api/warehouses', { code: 'MAIN', description: 'Altro' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(alreadyExist('code'));

    const edited = await admin.put(`/api/warehouses/${id}`, {
      code: 'MAIN',
      description: 'Magazzino centrale',
      management_type: 'automated',
    });
    expect(edited.json()).toEqual({
      id,
      code: 'MAIN',
      description: 'Magazzino centrale',
      management_type: 'automated',
    });
    expect((await admin.get(`/api/warehouses/${id}`)).json()).toEqual(edited.json());
    expect((await admin.put(`/api/warehouses/${id}`, { code: 'EXT', description: 'X' })).json()).toEqual(
      alreadyExist('code'),
    );
    expect((await admin.put('/api/warehouses/9999', { code: 'Z', description: 'Z' })).statusCode).toBe(404);

    const list = await admin.get('/api/warehouses?text=bologna');
    expect(list.json()).toEqual({
      data: [
        { id: ext.json().id, code: 'EXT', description: 'Deposito Bologna', management_type: 'external' },
      ],
      meta: { total: 1, page: 1, per_page: 25 },
    });
    expect(
      (await admin.get('/api/warehouses?sort=code&dir=desc'))
        .json()
        .data.map((w: { code: string }) => w.code),
    ).toEqual(['MAIN', 'EXT']);
  });

  it('exports the searched warehouses only', async () => {
    const res = await admin.get('/api/exports/warehouses?q=bologna');
    expect(await readXlsx(res.rawPayload)).toEqual([
      ['code', 'description', 'management_type'],
      ['EXT', 'Deposito Bologna', 'external'],
    ]);
  });

  it('refuses a blank description and a blank management type', async () => {
    const res = await admin.post('/api/warehouses', { code: 'W1', description: ' ', management_type: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      description: ['Invalid length'],
      management_type: ['Invalid length'],
    });
  });
});

describe('shipping methods', () => {
  const national = () => ({
    slug: 'national',
    code: 'IT-STD',
    description: 'Corriere Italia',
    price: 690,
    free_shipping: 15000,
    vat_id: vat22,
  });
  let id: number;

  it('creates a method that the public list then shows, to the cent', async () => {
    const created = await admin.post('/api/shipping-methods', national());
    expect(created.statusCode).toBe(201);
    id = created.json().id;
    expect(created.json()).toEqual({ id, ...national() });
    const list = await t.client().get('/api/shipping-methods');
    expect(list.json()).toEqual({ data: [{ id, ...national() }], meta: { total: 1, page: 1, per_page: 1 } });
  });

  it('edits price and threshold (none: always charged); the public reads show the change', async () => {
    const edited = await admin.put(`/api/shipping-methods/${id}`, {
      ...national(),
      price: 990,
      free_shipping: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ id, ...national(), price: 990, free_shipping: null });
    expect((await t.client().get(`/api/shipping-methods/${id}`)).json()).toMatchObject({
      price: 990,
      free_shipping: null,
    });
  });

  it("refuses a zero price or threshold with 'Must be greather than 0', and an unknown VAT", async () => {
    const res = await admin.put(`/api/shipping-methods/${id}`, {
      ...national(),
      price: 0,
      free_shipping: -1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      price: ['Must be greather than 0'],
      free_shipping: ['Must be greather than 0'],
    });
    const vat = await admin.put(`/api/shipping-methods/${id}`, { ...national(), vat_id: 9999 });
    expect(vat.statusCode).toBe(422);
    expect(vat.json()).toEqual({ message: 'Invalid value', errors: { vat_id: ['Invalid value'] } });
    const slug = await admin.put(`/api/shipping-methods/${id}`, { ...national(), slug: 'regional' });
    expect(slug.json().errors).toEqual({ slug: ['Invalid value'] });
    expect((await t.client().get(`/api/shipping-methods/${id}`)).json().price).toBe(990);
  });

  it("refuses a second method with the same code or slug: 'already exist'", async () => {
    const code = await admin.post('/api/shipping-methods', { ...national(), slug: 'international' });
    expect(code.statusCode).toBe(422);
    expect(code.json()).toEqual(alreadyExist('code'));
    const slug = await admin.post('/api/shipping-methods', { ...national(), code: 'IT-EXP' });
    expect(slug.statusCode).toBe(422);
    expect(slug.json()).toEqual(alreadyExist('slug'));

    const abroad = await admin.post('/api/shipping-methods', {
      ...national(),
      slug: 'international',
      code: 'INT-STD',
      price: 1990,
      free_shipping: undefined,
    });
    expect(abroad.statusCode).toBe(201);
    expect(abroad.json()).toMatchObject({ slug: 'international', price: 1990, free_shipping: null });
    const moved = await admin.put(`/api/shipping-methods/${abroad.json().id}`, {
      ...national(),
      code: 'INT-STD',
    });
    expect(moved.json()).toEqual(alreadyExist('slug'));
    expect((await admin.put('/api/shipping-methods/9999', national())).statusCode).toBe(404);
  });
});
