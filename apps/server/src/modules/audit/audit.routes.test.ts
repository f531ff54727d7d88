import { AUDIT_ENTITIES, type AuditEntry, type Page, type PlacedOrder } from '@shop/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/demo';
import { TestClient } from '../../test/app';
import { addProduct, line, openShop, postOrder, rowsOf, type Shop } from '../orders/checkout.fixtures';
import { auditedPolicy } from './audit.hooks';
import { AUDIT_TARGETS } from './audit.targets';

/**
 * The audit log (issue 17 point 7): every back-office write leaves who, which record, which fields
 * from → to, when and from which address; the log is listed and exported by the back office only and
 * the database refuses to change or remove an entry.
 */

const ADMIN_IP = '203.0.113.7';
let shop: Shop;
let admin: TestClient;

beforeAll(async () => {
  shop = await openShop();
  // The test client drops cookies by the wall clock; signed in at the wall clock's time, the sessions
  // outlive the app's own (earlier) clock, which the tests then set as they need.
  const fixtureNow = shop.t.clock.now;
  shop.t.clock.now = new Date();
  for (const who of ['company', 'private'] as const) {
    expect((await shop.clients[who].login(ACCOUNTS[who], DEMO_PASSWORD)).statusCode).toBe(200);
  }
  // Signed in from the address the entries must name.
  admin = new TestClient(shop.t.app, ADMIN_IP);
  expect((await admin.login(ACCOUNTS.admin, DEMO_PASSWORD)).statusCode).toBe(200);
  shop.t.clock.now = fixtureNow;
});
afterAll(() => shop.t.close());

async function log(query = ''): Promise<Page<AuditEntry>> {
  const res = await admin.get(`/api/audit-log${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<AuditEntry>;
}
const latest = async (entity: string, id: string | number) =>
  (await log(`entity=${entity}&entity_id=${encodeURIComponent(String(id))}`)).data[0];

describe('every back-office write is recorded', () => {
  it('a product edit: who, the product, the fields changed from → to, when and the IP', async () => {
    const product = await addProduct(shop.t.db, { price: 1290 });
    shop.t.clock.now = new Date('2026-11-21T10:00:00Z');
    const res = await admin.put(`/api/products/${product.id}`, { price: 1490, discontinued: true });
    expect(res.statusCode, res.body).toBe(200);

    expect(await latest('product', product.id)).toEqual({
      id: expect.any(Number),
      at: '2026-11-21T10:00:00.000Z',
      user_id: expect.any(Number),
      user_email: ACCOUNTS.admin,
      action: 'update',
      entity: 'product',
      entity_id: String(product.id),
      changes: { price: { from: 1290, to: 1490 }, discontinued: { from: false, to: true } },
      ip: ADMIN_IP,
      subject_email: null,
    });
  });

  it('a customer create lists the fields it set from null; a delete the fields it removed to null', async () => {
    const created = await admin.post('/api/customers', {
      type: 'P',
      firstname: 'Mario',
      lastname: 'Audit',
      email: 'mario.audit@example.com',
      tax_number: 'RSSMRA85T10A562S',
      country: 'IT',
    });
    expect(created.statusCode, created.body).toBe(201);
    const customerId = created.json().id as number;
    const entry = await latest('customer', customerId);
    expect(entry).toMatchObject({ action: 'create', user_email: ACCOUNTS.admin, ip: ADMIN_IP });
    expect(entry!.changes).toMatchObject({
      email: { from: null, to: 'mario.audit@example.com' },
      lastname: { from: null, to: 'Audit' },
      country: { from: null, to: 'IT' },
    });

    const [group] = await rowsOf<{ id: number }>(shop.t.db, sql`select id from customer_groups limit 1`);
    const [category] = await rowsOf<{ id: number }>(
      shop.t.db,
      sql`select id from categories where code = 'EDITORIA'`,
    );
    const rule = await admin.post('/api/discount-rules', {
      customerGroupId: group!.id,
      productCategoryId: category!.id,
      rate: 700,
      priority: 9,
      blockOthers: false,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const ruleId = rule.json().id as number;
    expect((await admin.delete(`/api/discount-rules/${ruleId}`)).statusCode).toBe(204);
    const deleted = await latest('discount-rule', ruleId);
    expect(deleted).toMatchObject({ action: 'delete', entity_id: String(ruleId) });
    expect(deleted!.changes).toMatchObject({
      rate: { from: 700, to: null },
      priority: { from: 9, to: null },
    });
  });

  it('an order status change records the status from → to under the order number', async () => {
    const product = await addProduct(shop.t.db, { stock: 5 });
    const placed = await postOrder(shop, 'company', { products: [line(product.id, 1)] });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderNo = (placed.json() as PlacedOrder).order.orderNo;
    const res = await admin.post(`/api/orders/${orderNo}/status`, { status: 'confirmed' });
    expect(res.statusCode, res.body).toBe(200);

    const entry = await latest('order', orderNo);
    expect(entry).toMatchObject({ action: 'status-change', user_email: ACCOUNTS.admin, ip: ADMIN_IP });
    expect(entry!.changes).toMatchObject({ status: { from: 'registered', to: 'confirmed' } });
  });

  it('an action without one record keeps its input, and secrets never reach the log', async () => {
    const res = await admin.post('/api/users', { email: 'staff.audit@example.com', password: 'Segreta-123' });
    expect(res.statusCode, res.body).toBe(201);
    const entry = await latest('user', res.json().id);
    expect(entry!.changes).toEqual({
      email: { to: 'staff.audit@example.com' },
      password: { to: '[redacted]' },
      is_super_admin: { to: false },
    });
    expect(JSON.stringify(entry)).not.toContain('Segreta-123');
  });

  it('a refused write (422, 404) and a customer editing their own data leave no entry', async () => {
    const before = (await log()).meta.total;
    expect((await admin.put('/api/products/999999', { price: 100 })).statusCode).toBe(404);
    expect((await admin.put('/api/vats/1', { rate: -1 })).statusCode).toBe(422);
    const own = await shop.clients.private.put(`/api/customers/${shop.ids.private}`, { lastname: 'Privato' });
    expect(own.statusCode).toBeLessThan(500);
    expect((await log()).meta.total).toBe(before);
  });

  it("an administrator's edit of a customer through the customer's own route is recorded", async () => {
    const person = {
      type: 'P',
      firstname: 'Anna',
      lastname: 'Verdi',
      tax_number: 'RSSMRA85T10A562S',
      country: 'IT',
    };
    const created = await admin.post('/api/customers', { ...person, email: 'anna.verdi@example.com' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const res = await admin.put(`/api/customers/${id}`, { ...person, lastname: 'Bianchi', discount: 900 });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await latest('customer', id);
    expect(entry).toMatchObject({ action: 'update', user_email: ACCOUNTS.admin });
    expect(entry!.changes).toMatchObject({
      lastname: { from: 'Verdi', to: 'Bianchi' },
      discount: { from: 0, to: 900 },
    });
  });

  it('a failed audit insert is logged, the change it follows stays done (no 500)', async () => {
    const product = await addProduct(shop.t.db, { price: 1000 });
    await shop.t.db.execute(sql`create function refuse_audit() returns trigger language plpgsql as
      $$ begin raise exception 'audit down'; end $$`);
    await shop.t.db.execute(
      sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`,
    );
    try {
      const res = await admin.put(`/api/products/${product.id}`, { price: 1100 });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await rowsOf<{ price: number }>(
        shop.t.db,
        sql`select price from products where id = ${product.id}`,
      );
      expect(row!.price).toBe(1100);
    } finally {
      await shop.t.db.execute(sql`drop trigger refuse_audit on audit_log`);
      await shop.t.db.execute(sql`drop function refuse_audit()`);
    }
  });
});

describe('GET /api/audit-log and its export', () => {
  it('filters by user (id or part of the e-mail), entity, id, action and business dates', async () => {
    const product = await addProduct(shop.t.db, { price: 500 });
    shop.t.clock.now = new Date('2026-03-10T23:30:00Z'); // 11 March in Rome
    expect((await admin.put(`/api/products/${product.id}`, { price: 600 })).statusCode).toBe(200);
    shop.t.clock.now = new Date('2026-11-21T10:00:00Z');

    const mine = await log(`user=admin@exa&entity=product&entity_id=${product.id}`);
    expect(mine.data).toHaveLength(1);
    const userId = mine.data[0]!.user_id!;
    expect((await log(`user=${userId}&entity=product&entity_id=${product.id}`)).data).toHaveLength(1);
    expect((await log(`user=nobody@&entity=product&entity_id=${product.id}`)).data).toHaveLength(0);
    expect((await log(`action=create&entity_id=${product.id}&entity=product`)).data).toHaveLength(0);
    expect((await log(`date_from=2026-03-11&date_to=2026-03-11`)).data.map((e) => e.entity_id)).toEqual([
      String(product.id),
    ]);
    expect((await log('date_from=2026-03-10&date_to=2026-03-10')).data).toHaveLength(0);
    const page = await log('per_page=2&page=1');
    expect(page.data).toHaveLength(2);
    expect(page.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(page.meta.total).toBeGreaterThan(2);
    expect(page.data[0]!.id).toBeGreaterThan(page.data[1]!.id);
    expect((await admin.get('/api/audit-log?date_from=11/03/2026')).statusCode).toBe(422);
  });

  it('exports the filtered log as .xlsx with one line per changed field', async () => {
    const product = await addProduct(shop.t.db, { price: 800 });
    expect((await admin.put(`/api/products/${product.id}`, { price: 900 })).statusCode).toBe(200);
    const res = await admin.get(`/api/audit-log/export?entity=product&entity_id=${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/audit-log-\d{4}-\d{2}-\d{2}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual([
      'at',
      'user_id',
      'user_email',
      'action',
      'entity',
      'entity_id',
      'changes',
      'ip',
      'subject_email',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(3)).toEqual([
      ACCOUNTS.admin,
      'update',
      'product',
      String(product.id),
      'price: 800 → 900',
      ADMIN_IP,
    ]);
  });

  it('a customer gets 403 on the log and its export; there is no route that writes it', async () => {
    for (const url of ['/api/audit-log', '/api/audit-log/export']) {
      expect((await shop.clients.company.get(url)).statusCode).toBe(403);
    }
    const writes = shop.t.app.routeList.filter(
      (r) => r.url.startsWith('/api/audit-log') && [r.method].flat().some((m) => m !== 'GET' && m !== 'HEAD'),
    );
    expect(writes).toEqual([]);
    expect((await admin.delete('/api/audit-log/1')).statusCode).toBe(404);
  });
});

describe('the log is append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of an entry', async () => {
    const [entry] = await rowsOf<{ id: number }>(
      shop.t.db,
      sql`select id from audit_log order by id limit 1`,
    );
    expect(entry).toBeDefined();
    await expect(
      shop.t.db.execute(sql`update audit_log set ip = '1.2.3.4' where id = ${entry!.id}`),
    ).rejects.toThrow();
    await expect(shop.t.db.execute(sql`delete from audit_log where id = ${entry!.id}`)).rejects.toThrow();
    await expect(shop.t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await rowsOf<{ n: number }>(
      shop.t.db,
      sql`select count(*)::int as n from audit_log where id = ${entry!.id}`,
    );
    expect(still!.n).toBe(1);
  });
});

describe('coverage', () => {
  const writes = () =>
    shop.t.app.routeList.flatMap((r) =>
      [r.method]
        .flat()
        .filter((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m) && auditedPolicy(r))
        .map((m) => ({ key: `${m} ${r.url}`, policy: r.config?.policy?.kind })),
    );

  it('every admin write route declares what its entry records, or is exempt with a reason', () => {
    const admin = writes().filter((w) => w.policy === 'admin');
    expect(admin.length).toBeGreaterThan(50);
    expect(admin.filter((w) => !AUDIT_TARGETS[w.key]).map((w) => w.key)).toEqual([]);
    for (const [key, target] of Object.entries(AUDIT_TARGETS)) {
      if ('exempt' in target) expect(target.exempt, key).not.toBe('');
    }
  });

  it('every declaration names a registered route of the back office and an entity the screen filters by', () => {
    const keys = new Set(writes().map((w) => w.key));
    expect(Object.keys(AUDIT_TARGETS).filter((key) => !keys.has(key))).toEqual([]);
    const entities = Object.values(AUDIT_TARGETS).flatMap((t) => ('entity' in t ? [t.entity] : []));
    expect(entities.filter((e) => !(AUDIT_ENTITIES as readonly string[]).includes(e))).toEqual([]);
  });
});
