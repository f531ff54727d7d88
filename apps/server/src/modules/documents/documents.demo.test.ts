import type { DigitalDocuments, DocumentType } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { formatMoney } from './document-format';
import { pdfPages, runFrom } from './documents.fixtures';

/** The demo company's documents as the demo data writes them: the PDF's total is the list's, to the cent. */

let t: TestApp;
let company: TestClient;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { productCount: 50, today: t.clock.now });
  company = t.client();
  expect((await company.login(ACCOUNTS.company, DEMO_PASSWORD)).statusCode).toBe(200);
  customerId = (await company.get('/api/user')).json().customer.id;
});
afterAll(() => t.close());

async function documentsOf(type: DocumentType): Promise<DigitalDocuments> {
  const res = await company.get(`/api/customers/${customerId}/digital-documents?type=${type}&per_page=100`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('the demo company', () => {
  it('has delivery notes, invoices and a credit note whose PDFs total what the list says', async () => {
    const notes = await company.get(`/api/customers/${customerId}/delivery-notes`);
    expect(notes.json().meta.total).toBeGreaterThan(0);
    const [invoices, credits] = [await documentsOf('invoice'), await documentsOf('credit_note')];
    expect(invoices.data.length).toBeGreaterThan(0);
    expect(credits.data).toHaveLength(1);
    for (const doc of [...invoices.data.slice(0, 3), ...credits.data]) {
      expect(doc.total).toBe(doc.amount + doc.vat);
      const res = await company.get(`/api/documents/${doc.id}/pdf`);
      expect(res.statusCode).toBe(200);
      const lines = (await pdfPages(res.rawPayload)).flat();
      expect(lines).toContain(`Numero: ${doc.number}`);
      expect(runFrom(lines, 'Totale imponibile', 6)).toEqual([
        'Totale imponibile',
        formatMoney(doc.amount, 'it'),
        'Totale IVA',
        formatMoney(doc.vat, 'it'),
        'Totale documento',
        formatMoney(doc.total, 'it'),
      ]);
    }
  });
});
