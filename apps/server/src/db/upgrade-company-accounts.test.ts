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
 * Issue 19 point 6: a shop that ran before company accounts keeps working. Its data is written on the
 * schema of migration 0012, then 0013 is applied: every customer user becomes his company's admin,
 * staff get no role, and the orders and shipping requests name their placer by e-mail.
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

describe('upgrading to company accounts (migration 0013)', () => {
  it('makes every customer user his company admin and keeps who placed the orders', async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folderBefore('0013_company_accounts') });
    await client.exec(`
      insert into customers (id, type, company, email, country) values (1, 'G', 'Dischi Rossi', 'rossi@example.com', 'IT');
      insert into users (id, email, password_hash, customer_id, is_super_admin) values
        (1, 'rossi@example.com', 'x', 1, false),
        (2, 'staff@example.com', 'x', null, true);
      insert into orders (order_no, customer_id, placed_by_user_id, status, payment_method, shipping_address,
                          billing_address, vat, total, total_without_taxes)
        values ('2026-000001', 1, 1, 'registered', 'as_agreed', '{}', '{}', 220, 1220, 1000);
      insert into shipping_requests (customer_id, user_id, processing_date) values (1, 1, '2026-11-20');
    `);

    await migrate(db, { migrationsFolder: drizzleFolder });

    const users = await client.query('select email, customer_role from users order by id');
    expect(users.rows).toEqual([
      { email: 'rossi@example.com', customer_role: 'admin' },
      { email: 'staff@example.com', customer_role: null },
    ]);
    const orders = await client.query('select placed_by_email, approval_reason from orders');
    expect(orders.rows).toEqual([{ placed_by_email: 'rossi@example.com', approval_reason: null }]);
    const requests = await client.query('select requested_by_email from shipping_requests');
    expect(requests.rows).toEqual([{ requested_by_email: 'rossi@example.com' }]);
  });
});
