import type { ErpCustomer } from '@shop/domain';
import { type ErpSim, startErpSim } from '@shop/erp-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { addProduct, line, openShop, postOrder, rowsOf, type Shop } from '../orders/checkout.fixtures';

/**
 * The back office's side of the ERP (SPEC §1, §5; DESIGN §8): an order placed queues its sync in the
 * same transaction, 'Re-send to ERP' queues another, and a customer is linked to an ERP record by
 * selection ('Unable to find a Customer on ERP', 'Customer not found'). Admin only.
 */

const ROSSI: ErpCustomer = {
  code: 'C000123',
  name: 'Dischi Rossi S.r.l.',
  vat_id: 'IT00743110157',
  tax_number: null,
  city: 'Milano',
  country: 'IT',
};
const BIANCHI: ErpCustomer = { ...ROSSI, code: 'C000456', name: 'Bianchi Musica', vat_id: 'IT01114601006' };

let erp: ErpSim;
let shop: Shop;

beforeAll(async () => {
  erp = await startErpSim({ customers: [ROSSI, BIANCHI] });
  shop = await openShop({ ERP_URL: erp.url, ERP_TOKEN: erp.token });
});
afterAll(async () => {
  await shop.t.close();
  await erp.close();
});

const syncsOf = (entity: string, id: number) =>
  rowsOf<{ status: string; key: string; requested_by_user_id: number | null }>(
    shop.t.db,
    sql`select status, key, requested_by_user_id from erp_syncs where entity = ${entity} and entity_id = ${id} order by id`,
  );

describe('who may use it', () => {
  it.each([
    ['GET', '/api/erp/status'],
    ['GET', '/api/erp/customers?q=rossi'],
    ['POST', '/api/customers/1/erp-link'],
    ['GET', '/api/customers/1/erp-syncs'],
    ['GET', '/api/orders/2026-000001/erp-syncs'],
    ['POST', '/api/orders/2026-000001/erp-sync'],
  ] as const)('%s %s: a visitor gets 401, a customer 403', async (method, url) => {
    const body = method === 'POST' ? {} : undefined;
    const visitor = shop.t.client();
    await visitor.get('/sanctum/csrf-cookie');
    expect((await visitor.request(method, url, body)).statusCode).toBe(401);
    expect((await shop.clients.company.request(method, url, body)).statusCode).toBe(403);
  });
});

describe('orders', () => {
  it('queues the sync of a placed order with the order, and re-sends it on request', async () => {
    const product = await addProduct(shop.t.db, { price: 1000, stock: 5 });
    const placed = await postOrder(shop, 'company', { products: [line(product.id, 2)] });
    expect(placed.statusCode).toBe(201);
    const { id, orderNo } = placed.json().order as { id: number; orderNo: string };
    expect(await syncsOf('order', id)).toEqual([
      { status: 'queued', key: orderNo, requested_by_user_id: null },
    ]);

    const resent = await shop.clients.admin.post(`/api/orders/${orderNo}/erp-sync`);
    expect(resent.statusCode).toBe(201);
    expect(resent.json()).toMatchObject({
      entity: 'order',
      status: 'queued',
      requested_by: 'admin@example.com',
      sent_at: null,
      attempts: [],
    });
    const history = (await shop.clients.admin.get(`/api/orders/${orderNo}/erp-syncs`)).json();
    expect(history.map((s: { requested_by: string | null }) => s.requested_by)).toEqual([
      'admin@example.com',
      null,
    ]);
  });

  it('answers 404 for an unknown order and queues nothing', async () => {
    const before = await rowsOf<{ n: number }>(shop.t.db, sql`select count(*)::int as n from erp_syncs`);
    expect((await shop.clients.admin.post('/api/orders/1999-999999/erp-sync')).statusCode).toBe(404);
    expect((await shop.clients.admin.get('/api/orders/1999-999999/erp-syncs')).statusCode).toBe(404);
    const after = await rowsOf<{ n: number }>(shop.t.db, sql`select count(*)::int as n from erp_syncs`);
    expect(after).toEqual(before);
  });
});

describe('linking a customer', () => {
  it('says the synchronisation is on', async () => {
    expect((await shop.clients.admin.get('/api/erp/status')).json()).toEqual({ enabled: true });
  });

  it('searches the ERP by name, VAT id or code', async () => {
    const byName = await shop.clients.admin.get('/api/erp/customers?q=rossi');
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual({ data: [ROSSI] });
    expect((await shop.clients.admin.get('/api/erp/customers?q=01114601006')).json()).toEqual({
      data: [BIANCHI],
    });
    expect((await shop.clients.admin.get('/api/erp/customers?q=C000')).json().data).toHaveLength(2);
  });

  it("says 'Unable to find a Customer on ERP' when nothing matches", async () => {
    const res = await shop.clients.admin.get('/api/erp/customers?q=nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Unable to find a Customer on ERP');
  });

  it('stores the chosen code and the ERP-connected flag, and queues the customer sync', async () => {
    const id = shop.ids.private;
    const res = await shop.clients.admin.post(`/api/customers/${id}/erp-link`, { erp_code: 'C000456' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(BIANCHI);
    const [stored] = await rowsOf<{ erp_code: string; erp_connected: boolean }>(
      shop.t.db,
      sql`select erp_code, erp_connected from customers where id = ${id}`,
    );
    expect(stored).toEqual({ erp_code: 'C000456', erp_connected: true });
    const syncs = (await shop.clients.admin.get(`/api/customers/${id}/erp-syncs`)).json();
    expect(syncs).toHaveLength(1);
    expect(syncs[0]).toMatchObject({
      entity: 'customer',
      status: 'queued',
      requested_by: 'admin@example.com',
    });
  });

  it("answers 'Customer not found' for an unknown ERP code or shop customer, changing nothing", async () => {
    const { customerId } = await createUser(shop.t.db);
    const id = customerId!;
    const unknownCode = await shop.clients.admin.post(`/api/customers/${id}/erp-link`, { erp_code: 'X999' });
    expect(unknownCode.statusCode).toBe(404);
    expect(unknownCode.json().message).toBe('Customer not found');
    const unknownCustomer = await shop.clients.admin.post('/api/customers/999999/erp-link', {
      erp_code: 'C000123',
    });
    expect(unknownCustomer.statusCode).toBe(404);
    expect(unknownCustomer.json().message).toBe('Customer not found');
    expect(await syncsOf('customer', id)).toEqual([]);
    const [stored] = await rowsOf<{ erp_connected: boolean }>(
      shop.t.db,
      sql`select erp_connected from customers where id = ${id}`,
    );
    expect(stored!.erp_connected).toBe(false);
  });

  it('refuses a search too short to mean anything', async () => {
    expect((await shop.clients.admin.get('/api/erp/customers?q=a')).statusCode).toBe(422);
  });

  it('answers 503 with a clear message while the ERP is down', async () => {
    erp.store.down = true;
    try {
      const res = await shop.clients.admin.get('/api/erp/customers?q=rossi');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('The ERP cannot be reached. Try again later.');
      const link = await shop.clients.admin.post(`/api/customers/${shop.ids.extra}/erp-link`, {
        erp_code: 'C000123',
      });
      expect(link.statusCode).toBe(503);
    } finally {
      erp.store.down = false;
    }
  });
});

describe('without ERP_URL', () => {
  it('says the synchronisation is off and refuses to search or link', async () => {
    const t = await createTestApp();
    try {
      const a = await createUser(t.db, { isSuperAdmin: true });
      const admin = t.client();
      await admin.login(a.email, PASSWORD);
      expect((await admin.get('/api/erp/status')).json()).toEqual({ enabled: false });
      const search = await admin.get('/api/erp/customers?q=rossi');
      expect(search.statusCode).toBe(409);
      expect(search.json().message).toBe('The ERP synchronisation is off: set ERP_URL to turn it on.');
    } finally {
      await t.close();
    }
  });
});
