import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDocument,
  type DocumentsWorld,
  openDocumentsWorld,
  pdfPages,
  runFrom,
} from './documents.fixtures';

/**
 * GET /api/documents/{id}/pdf: a real PDF rendered from the stored document, read back with pdfjs to
 * check what the customer sees on it.
 */

let w: DocumentsWorld;
beforeAll(async () => {
  w = await openDocumentsWorld();
});
afterAll(() => w.t.close());

async function download(who: keyof DocumentsWorld['clients'], ref: string | number) {
  const res = await w.clients[who].get(`/api/documents/${ref}/pdf`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return { res, pages: await pdfPages(res.rawPayload) };
}

describe('invoice PDF', () => {
  it('is an attachment named after the number, with header, customer, rows, VAT summary and totals in Italian', async () => {
    const { res, pages } = await download('company', w.docs['INV-2026-000001']!);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="INV-2026-000001.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages).toHaveLength(1);
    const lines = pages[0]!;
    expect(lines).toEqual(
      expect.arrayContaining([
        'Sonora Distribuzione srl',
        'Via Oslavia 17, 20134 Milano',
        'Partita IVA: IT12345678903',
        'E-mail: info@sonora.example',
        'Telefono: +39 02 1234 5678',
        'Fattura',
        'Numero: INV-2026-000001',
        'Data: 02/03/2026',
        'Ordine: 2026-000101',
        'Dischi Rossi srl',
        'Via Garibaldi 5',
        '40121 Bologna (BO)',
        'Italia',
        'Partita IVA: IT01234567890',
        'Prezzi IVA esclusa',
        'Pagina 1 di 1',
      ]),
    );
    expect(runFrom(lines, 'Codice', 6)).toEqual([
      'Codice',
      'Descrizione',
      'Quantità',
      'Prezzo unitario',
      'IVA',
      'Importo',
    ]);
    expect(runFrom(lines, 'MU-0001', 6)).toEqual([
      'MU-0001',
      'Canzoni del mare (CD)',
      '3',
      '12,90 €',
      '22%',
      '38,70 €',
    ]);
    expect(runFrom(lines, 'BK-0002', 6)).toEqual([
      'BK-0002',
      'Storia del jazz',
      '2',
      '15,00 €',
      '4%',
      '30,00 €',
    ]);
    expect(runFrom(lines, 'HF-0003', 6)).toEqual([
      'HF-0003',
      'Giradischi Pro-Ject Debut',
      '1',
      '899,00 €',
      '22%',
      '899,00 €',
    ]);
    expect(runFrom(lines, 'SPESE-TRASPORTO', 6)).toEqual([
      'SPESE-TRASPORTO',
      'Spese di trasporto',
      '1',
      '6,90 €',
      '22%',
      '6,90 €',
    ]);
    expect(runFrom(lines, 'CONTRASSEGNO', 3)).toEqual(['CONTRASSEGNO', 'Commissione contrassegno', '1']);
    // The VAT summary by rate, then the totals: 949,60 + 30,00 taxable; 208,91 + 1,20 VAT.
    expect(runFrom(lines, 'Riepilogo IVA', 10)).toEqual([
      'Riepilogo IVA',
      'Aliquota',
      'Imponibile',
      'Imposta',
      '22%',
      '949,60 €',
      '208,91 €',
      '4%',
      '30,00 €',
      '1,20 €',
    ]);
    expect(runFrom(lines, 'Totale imponibile', 6)).toEqual([
      'Totale imponibile',
      '979,60 €',
      'Totale IVA',
      '210,11 €',
      'Totale documento',
      '1.189,71 €',
    ]);
  });

  it("prints English labels and money for a customer whose language is 'en'", async () => {
    const { pages } = await download('english', 'INV-2026-000002');
    const lines = pages[0]!;
    expect(lines).toEqual(
      expect.arrayContaining([
        'Invoice',
        'Number: INV-2026-000002',
        'Date: 01/04/2026',
        'Order: 2026-000103',
        'Vinyl Corner Ltd',
        '12 Berwick Street',
        'W1F 0PP London',
        'United Kingdom',
        'VAT ID: GB123456789',
        'Prices excluding VAT',
        'Page 1 of 1',
      ]),
    );
    expect(runFrom(lines, 'SKU', 6)).toEqual([
      'SKU',
      'Description',
      'Quantity',
      'Unit price',
      'VAT',
      'Amount',
    ]);
    expect(runFrom(lines, 'MR-0004', 6)).toEqual([
      'MR-0004',
      'T-shirt Logo (L)',
      '100',
      '€12.50',
      '22%',
      '€1,250.00',
    ]);
    expect(runFrom(lines, 'VAT summary', 7)).toEqual([
      'VAT summary',
      'Rate',
      'Taxable',
      'VAT',
      '22%',
      '€1,250.00',
      '€275.00',
    ]);
    expect(runFrom(lines, 'Total taxable', 6)).toEqual([
      'Total taxable',
      '€1,250.00',
      'Total VAT',
      '€275.00',
      'Total',
      '€1,525.00',
    ]);
    expect(lines.some((line) => line.includes('Fattura') || line.includes('Totale'))).toBe(false);
  });

  it("prints a private customer's invoice VAT-inclusive, with the VAT stored on its rows", async () => {
    // 5 × 10.01 with rule 5's correction: 11.00 of VAT stored, where 50.05 at 22% alone is 11.01.
    const id = await addDocument(w.t.db, {
      type: 'invoice',
      number: 'INV-2026-000070',
      date: '2026-06-03',
      customerId: w.ids.private,
      rows: [
        ['MU-0010', 'Mare calmo (CD)', 5, 1001, 2200, 1100],
        ['SPESE-TRASPORTO', 'Spese di trasporto', 1, 690, 2200],
      ],
    });
    const { pages } = await download('private', id);
    const lines = pages[0]!;
    expect(lines).toContain('Prezzi IVA inclusa');
    expect(lines).not.toContain('Prezzi IVA esclusa');
    // 12.21 a unit and 5 × 12.21 = 61.05; shipping 6.90 + 1.52.
    expect(runFrom(lines, 'MU-0010', 6)).toEqual([
      'MU-0010',
      'Mare calmo (CD)',
      '5',
      '12,21 €',
      '22%',
      '61,05 €',
    ]);
    expect(runFrom(lines, 'SPESE-TRASPORTO', 6)).toEqual([
      'SPESE-TRASPORTO',
      'Spese di trasporto',
      '1',
      '8,42 €',
      '22%',
      '8,42 €',
    ]);
    expect(runFrom(lines, 'Riepilogo IVA', 7)).toEqual([
      'Riepilogo IVA',
      'Aliquota',
      'Imponibile',
      'Imposta',
      '22%',
      '56,95 €',
      '12,52 €',
    ]);
    expect(runFrom(lines, 'Totale imponibile', 6)).toEqual([
      'Totale imponibile',
      '56,95 €',
      'Totale IVA',
      '12,52 €',
      'Totale documento',
      '69,47 €',
    ]);
  });

  it("bills a document without an order to the customer's default billing address", async () => {
    const { pages } = await download('company', 'INV-2025-000033');
    const lines = pages[0]!;
    expect(lines).toEqual(expect.arrayContaining(['Via Roma 1', '20100 Milano', 'Italia']));
    expect(lines.some((line) => line.startsWith('Ordine'))).toBe(false);
    expect(runFrom(lines, 'Totale documento', 2)).toEqual(['Totale documento', '31,48 €']);
  });
});

describe('payment terms and due dates on an invoice PDF', () => {
  it('prints the due date of an invoice without terms under the totals', async () => {
    const { pages } = await download('company', 'INV-2025-000033');
    expect(runFrom(pages[0]!, 'Scadenze', 3)).toEqual(['Scadenze', '20/12/2025', '31,48 €']);
    expect(pages[0]!.some((line) => line.startsWith('Termini di pagamento'))).toBe(false);
  });

  it("prints the terms' name and each instalment in the customer's language", async () => {
    const id = w.docs['INV-2026-000002']!;
    await w.t.db.execute(sql`update documents set payment_terms_name = '30/60 days' where id = ${id}`);
    await w.t.db.execute(sql`delete from invoice_instalments where document_id = ${id}`);
    await w.t.db.execute(sql`insert into invoice_instalments (document_id, due_date, amount) values
      (${id}, '2026-05-01', 5000), (${id}, '2026-05-31', 4999)`);
    const { pages } = await download('english', id);
    const lines = pages[0]!;
    expect(lines).toContain('Payment terms: 30/60 days');
    expect(runFrom(lines, 'Due dates', 5)).toEqual([
      'Due dates',
      '01/05/2026',
      '€50.00',
      '31/05/2026',
      '€49.99',
    ]);
  });

  it('prints no due dates on a credit note', async () => {
    const { pages } = await download('company', 'CN-2026-000001');
    expect(pages[0]).not.toContain('Scadenze');
  });
});

describe('delivery note and credit note PDFs', () => {
  it('shows a delivery note with quantities only and its pieces in total', async () => {
    const { res, pages } = await download('company', 'DDT-2026-000001');
    expect(res.headers['content-disposition']).toBe('attachment; filename="DDT-2026-000001.pdf"');
    const lines = pages[0]!;
    expect(lines).toEqual(
      expect.arrayContaining(['Documento di trasporto', 'Numero: DDT-2026-000001', 'Data: 02/03/2026']),
    );
    expect(runFrom(lines, 'Codice', 3)).toEqual(['Codice', 'Descrizione', 'Quantità']);
    expect(runFrom(lines, 'MU-0001', 3)).toEqual(['MU-0001', 'Canzoni del mare (CD)', '3']);
    expect(runFrom(lines, 'BK-0002', 3)).toEqual(['BK-0002', 'Storia del jazz', '2']);
    expect(runFrom(lines, 'HF-0003', 3)).toEqual(['HF-0003', 'Giradischi Pro-Ject Debut', '1']);
    expect(runFrom(lines, 'Totale pezzi', 2)).toEqual(['Totale pezzi', '6']);
    expect(lines.some((line) => line.includes('€'))).toBe(false);
  });

  it('titles a credit note and totals it with VAT', async () => {
    const { pages } = await download('company', w.docs['CN-2026-000001']!);
    const lines = pages[0]!;
    expect(lines).toEqual(
      expect.arrayContaining(['Nota di credito', 'Numero: CN-2026-000001', 'Data: 05/05/2026']),
    );
    expect(runFrom(lines, 'MU-0001', 6)).toEqual([
      'MU-0001',
      'Reso: Canzoni del mare (CD)',
      '1',
      '12,90 €',
      '22%',
      '12,90 €',
    ]);
    expect(runFrom(lines, 'Totale documento', 2)).toEqual(['Totale documento', '15,74 €']);
  });

  it('continues a long document on the next page with the column titles again', async () => {
    const rows = Array.from({ length: 70 }, (_, i) => {
      const n = String(i + 1).padStart(3, '0');
      return [`LP-${n}`, `Disco numero ${n}`, 1, 1000, 2200] as [string, string, number, number, number];
    });
    const id = await addDocument(w.t.db, {
      type: 'invoice',
      number: 'INV-2026-000050',
      date: '2026-06-01',
      customerId: w.ids.company,
      rows,
    });
    const { pages } = await download('company', id);
    // About 30 rows fit under the header on the first page, 40 on the next; the totals go on a third.
    expect(pages).toHaveLength(3);
    expect(pages.map((page) => page.at(-1))).toEqual(['Pagina 1 di 3', 'Pagina 2 di 3', 'Pagina 3 di 3']);
    expect(pages[1]).toContain('Prezzo unitario');
    expect(pages[2]).toContain('Riepilogo IVA');
    const all = pages.flat();
    for (const [sku] of rows) expect(all).toContain(sku);
    expect(runFrom(all, 'Totale documento', 2)).toEqual(['Totale documento', '854,00 €']);
  });
});

describe('texts beyond the standard font', () => {
  it('prints accented names without garbling them: letters Helvetica lacks lose their accent', async () => {
    const id = await addDocument(w.t.db, {
      type: 'delivery_note',
      number: 'DDT-2026-000060',
      date: '2026-06-02',
      customerId: w.ids.company,
      rows: [['CL-0001', 'Dvořák: Sinfonia n. 9 – Orchestra di Łódź', 1, 1000, 2200]],
    });
    const { pages } = await download('company', id);
    expect(runFrom(pages[0]!, 'CL-0001', 3)).toEqual([
      'CL-0001',
      'Dvorák: Sinfonia n. 9 – Orchestra di Lódz',
      '1',
    ]);
  });
});

describe('who ordered and who approved (issue 19 point 4)', () => {
  it('prints the buyer and, once approved, the approver under the order number, in either language', async () => {
    const approved = (orderNo: string, outcome: string) =>
      w.t.db.execute(sql`update orders set placed_by_email = 'buyer@example.com', approval_reason = 'order_limit',
        approval_outcome = ${outcome}, decided_by_email = 'boss@example.com' where order_no = ${orderNo}`);
    await approved('2026-000103', 'approved');
    const english = (await download('english', 'INV-2026-000002')).pages[0]!;
    expect(runFrom(english, 'Order: 2026-000103', 3)).toEqual([
      'Order: 2026-000103',
      'Ordered by buyer@example.com',
      'Approved by boss@example.com',
    ]);
    await approved('2026-000101', 'approved');
    const italian = (await download('company', 'INV-2026-000001')).pages[0]!;
    expect(runFrom(italian, 'Ordine: 2026-000101', 3)).toEqual([
      'Ordine: 2026-000101',
      'Ordinato da buyer@example.com',
      'Approvato da boss@example.com',
    ]);
    // A rejected order has no approver to print (its documents predate the decision or never exist).
    await approved('2026-000101', 'rejected');
    const rejected = (await download('company', 'INV-2026-000001')).pages[0]!;
    expect(rejected).toContain('Ordinato da buyer@example.com');
    expect(rejected.some((line) => line.startsWith('Approvato da'))).toBe(false);
  });
});

describe('who may download', () => {
  it("answers 404 for another customer's document, lets an admin download any, 401 to a visitor", async () => {
    const path = `/api/documents/${w.docs['INV-2026-000001']}/pdf`;
    expect((await w.clients.english.get(path)).statusCode).toBe(404);
    expect((await w.clients.private.get('/api/documents/INV-2026-000001/pdf')).statusCode).toBe(404);
    const admin = await w.clients.admin.get(path);
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['content-type']).toBe('application/pdf');
    expect((await w.visitor.get(path)).statusCode).toBe(401);
    expect((await w.clients.company.get('/api/documents/INV-2026-999999/pdf')).statusCode).toBe(404);
  });
});
