import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from './client';

/**
 * Issue 20 point 5: a shop that ran before coupons were managed keeps its coupons' meaning. Its data
 * is written on the schema of migration 0014, then 0015 is applied: a coupon for one customer becomes
 * restricted to him and usable once; shop-wide coupons stay open and unlimited; old orders name the
 * coupon they used, so it counts against its limits.
 */

const drizzleFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** The migrations folder as it was before `tag`: the same files, the journal cut before it. */
function folderBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(drizzleFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return dir;
}

const client = new PGlite({ extensions: pgliteExtensions });
afterAll(() => client.close());

describe('upgrading to managed coupons (migration 0015)', () => {
  it("restricts a customer's coupon to him once, keeps open ones open, and links old orders", async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folderBefore('0015_managed_coupons') });
    await client.exec(`
      insert into customers (id, type, company, email, country) values
        (1, 'G', 'Dischi Rossi', 'rossi@example.com', 'IT'),
        (2, 'P', null, 'bianchi@example.com', 'IT');
      insert into coupons (id, code, value, customer_id, valid_from, valid_until, used_at) values
        (1, 'BENVENUTO10', 1000, null, '2026-01-01', '2026-12-31', null),
        (2, 'GRAZIE20', 2000, 2, null, '2026-12-31', '2026-03-02T08:00:00Z'),
        (3, 'DISCHIROSSI15', 1500, 1, null, null, null);
      insert into orders (id, order_no, customer_id, status, payment_method, shipping_address, billing_address,
                          coupon_code, coupon_rate, vat, total, total_without_taxes) values
        (1, '2026-000001', 2, 'delivered', 'card', '{}', '{}', 'GRAZIE20', 2000, 176, 976, 800),
        (2, '2026-000002', 2, 'delivered', 'card', '{}', '{}', 'BENVENUTO10', 1000, 198, 1098, 900),
        (3, '2026-000003', 1, 'delivered', 'card', '{}', '{}', null, null, 220, 1220, 1000);
    `);

    await migrate(db, { migrationsFolder: drizzleFolder });

    const coupons = await client.query(
      `select code, kind, value, min_order, usage_limit, per_customer_limit from coupons order by id`,
    );
    expect(coupons.rows).toEqual([
      {
        code: 'BENVENUTO10',
        kind: 'percent',
        value: 1000,
        min_order: null,
        usage_limit: null,
        per_customer_limit: null,
      },
      {
        code: 'GRAZIE20',
        kind: 'percent',
        value: 2000,
        min_order: null,
        usage_limit: 1,
        per_customer_limit: null,
      },
      {
        code: 'DISCHIROSSI15',
        kind: 'percent',
        value: 1500,
        min_order: null,
        usage_limit: 1,
        per_customer_limit: null,
      },
    ]);
    const restricted = await client.query(
      'select coupon_id, customer_id from coupon_customers order by coupon_id',
    );
    expect(restricted.rows).toEqual([
      { coupon_id: 2, customer_id: 2 },
      { coupon_id: 3, customer_id: 1 },
    ]);
    expect((await client.query('select count(*)::int as n from coupon_customer_groups')).rows).toEqual([
      { n: 0 },
    ]);
    const orders = await client.query('select id, coupon_id, coupon_amount from orders order by id');
    expect(orders.rows).toEqual([
      { id: 1, coupon_id: 2, coupon_amount: null },
      { id: 2, coupon_id: 1, coupon_amount: null },
      { id: 3, coupon_id: null, coupon_amount: null },
    ]);
  });
});
