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
 * Issue 20: a shop that ran before commercial terms keeps working. Its data is written on the schema of
 * migration 0013, then 0014 is applied: each invoice issued before falls due on its date, paid when its
 * order was; customers who ordered 'as per agreement' keep that method; other documents get nothing.
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

describe('upgrading to commercial terms (migration 0014)', () => {
  it('gives old invoices one instalment due on their date, paid iff their order was', async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folderBefore('0014_commercial_terms') });
    await client.exec(`
      insert into customers (id, type, company, email, country) values
        (1, 'G', 'Dischi Rossi', 'rossi@example.com', 'IT'),
        (2, 'P', null, 'bianchi@example.com', 'IT');
      insert into orders (id, order_no, customer_id, status, payment_method, shipping_address, billing_address,
                          vat, total, total_without_taxes, paid_at) values
        (1, '2026-000001', 1, 'shipped', 'as_agreed', '{}', '{}', 220, 1220, 1000, null),
        (2, '2026-000002', 2, 'shipped', 'card', '{}', '{}', 440, 2440, 2000, '2026-03-02T08:00:00Z');
      insert into documents (id, type, number, year, customer_id, order_id, date, quantity, amount, vat) values
        (1, 'invoice', 'INV-2026-000001', 2026, 1, 1, '2026-03-01', 1, 1000, 220),
        (2, 'invoice', 'INV-2026-000002', 2026, 2, 2, '2026-03-05', 1, 2000, 440),
        (3, 'delivery_note', 'DDT-2026-000001', 2026, 1, 1, '2026-03-01', 1, 0, 0),
        (4, 'credit_note', 'CN-2026-000001', 2026, 2, 2, '2026-03-06', 1, 500, 110);
    `);

    await migrate(db, { migrationsFolder: drizzleFolder });

    const instalments = await client.query(
      `select document_id, due_date::text, amount, paid_at::text is not null as paid
         from invoice_instalments order by document_id`,
    );
    expect(instalments.rows).toEqual([
      { document_id: 1, due_date: '2026-03-01', amount: 1220, paid: false },
      { document_id: 2, due_date: '2026-03-05', amount: 2440, paid: true },
    ]);
    const documents = await client.query(
      `select id, payment_terms_name, extract(epoch from paid_at)::integer as paid_at from documents order by id`,
    );
    expect(documents.rows).toEqual([
      { id: 1, payment_terms_name: null, paid_at: null },
      { id: 2, payment_terms_name: null, paid_at: Date.parse('2026-03-02T08:00:00Z') / 1000 },
      { id: 3, payment_terms_name: null, paid_at: null },
      { id: 4, payment_terms_name: null, paid_at: null },
    ]);
    const customers = await client.query('select email, payment_methods from customers order by id');
    expect(customers.rows).toEqual([
      {
        email: 'rossi@example.com',
        payment_methods: ['card', 'paypal', 'sepa', 'bank_redirect', 'cash_on_delivery', 'as_agreed'],
      },
      { email: 'bianchi@example.com', payment_methods: null },
    ]);
  });
});
