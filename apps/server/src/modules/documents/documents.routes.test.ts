import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentsWorld, openDocumentsWorld } from './documents.fixtures';

/** The customer's delivery notes and digital documents (SPEC §7): lists, one note, who may read them. */

let w: DocumentsWorld;
beforeAll(async () => {
  w = await openDocumentsWorld();
});
afterAll(() => w.t.close());

describe('GET /api/customers/{id}/delivery-notes', () => {
  it("lists the customer's delivery notes newest first, a page at a time", async () => {
    const res = await w.clients.company.get(`/api/customers/${w.ids.company}/delivery-notes?per_page=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: w.docs['DDT-2026-000002'],
          note_no: 'DDT-2026-000002',
          date: '2026-04-10',
          quantity: 4,
          order_no: '2026-000102',
        },
        {
          id: w.docs['DDT-2026-000001'],
          note_no: 'DDT-2026-000001',
          date: '2026-03-02',
          quantity: 6,
          order_no: '2026-000101',
        },
      ],
      meta: { total: 3, page: 1, per_page: 2 },
    });
    const second = await w.clients.company.get(
      `/api/customers/${w.ids.company}/delivery-notes?per_page=2&page=2`,
    );
    expect(second.json()).toEqual({
      data: [
        {
          id: w.docs['DDT-2025-000041'],
          note_no: 'DDT-2025-000041',
          date: '2025-12-20',
          quantity: 2,
          order_no: null,
        },
      ],
      meta: { total: 3, page: 2, per_page: 2 },
    });
  });

  it("answers 404 for another customer's id, lets an admin read any, and 401 to a visitor", async () => {
    const path = `/api/customers/${w.ids.company}/delivery-notes`;
    expect((await w.clients.private.get(path)).statusCode).toBe(404);
    const own = await w.clients.private.get(`/api/customers/${w.ids.private}/delivery-notes`);
    expect(own.json()).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 25 } });
    const admin = await w.clients.admin.get(path);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.map((n: { note_no: string }) => n.note_no)).toEqual([
      'DDT-2026-000002',
      'DDT-2026-000001',
      'DDT-2025-000041',
    ]);
    expect((await w.visitor.get(path)).statusCode).toBe(401);
  });

  it('refuses a page size above 100 with 422', async () => {
    const res = await w.clients.company.get(`/api/customers/${w.ids.company}/delivery-notes?per_page=101`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('per_page');
  });
});

describe('GET /api/delivery-notes/{id}', () => {
  const note = () => ({
    id: w.docs['DDT-2026-000001'],
    note_no: 'DDT-2026-000001',
    date: '2026-03-02',
    quantity: 6,
    order_no: '2026-000101',
    rows: [
      { sku: 'MU-0001', description: 'Canzoni del mare (CD)', quantity: 3 },
      { sku: 'BK-0002', description: 'Storia del jazz', quantity: 2 },
      { sku: 'HF-0003', description: 'Giradischi Pro-Ject Debut', quantity: 1 },
    ],
  });

  it('reads the note with its rows by id or by its number', async () => {
    const byId = await w.clients.company.get(`/api/delivery-notes/${w.docs['DDT-2026-000001']}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual(note());
    expect((await w.clients.company.get('/api/delivery-notes/DDT-2026-000001')).json()).toEqual(note());
    expect((await w.clients.company.get('/api/delivery-notes/ddt-2026-000001')).json()).toEqual(note());
  });

  it("answers 404 for another customer's note, an invoice or an unknown one; admins read any; visitors 401", async () => {
    const path = `/api/delivery-notes/${w.docs['DDT-2026-000001']}`;
    expect((await w.clients.english.get(path)).statusCode).toBe(404);
    expect((await w.clients.english.get('/api/delivery-notes/DDT-2026-000001')).statusCode).toBe(404);
    expect((await w.clients.admin.get(path)).json()).toEqual(note());
    expect((await w.visitor.get(path)).statusCode).toBe(401);
    expect((await w.clients.company.get(`/api/delivery-notes/${w.docs['INV-2026-000001']}`)).statusCode).toBe(
      404,
    );
    expect((await w.clients.company.get('/api/delivery-notes/DDT-2026-999999')).statusCode).toBe(404);
    expect((await w.clients.company.get('/api/delivery-notes/99999999999')).statusCode).toBe(404);
    expect((await w.clients.company.get('/api/delivery-notes/a%20b')).statusCode).toBe(422);
  });
});

describe('GET /api/customers/{id}/digital-documents', () => {
  const years = { delivery_note: [2026, 2025], invoice: [2026, 2025], credit_note: [2026] };

  it("lists the latest year's invoices with net amount, VAT and total to the cent, and every type's years", async () => {
    const res = await w.clients.company.get(`/api/customers/${w.ids.company}/digital-documents?type=invoice`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: w.docs['INV-2026-000001'],
          number: 'INV-2026-000001',
          type: 'invoice',
          date: '2026-03-02',
          amount: 97960,
          vat: 21011,
          total: 118971,
          payment_terms_name: null,
          due_dates: [{ due_date: '2026-03-02', amount: 118971, paid: false }],
          payment_status: 'overdue',
        },
      ],
      meta: { total: 1, page: 1, per_page: 25 },
      type: 'invoice',
      year: 2026,
      years,
    });
  });

  it('lists the year asked for, and credit notes and delivery notes by type', async () => {
    const base = `/api/customers/${w.ids.company}/digital-documents`;
    const lastYear = (await w.clients.company.get(`${base}?type=invoice&year=2025`)).json();
    expect(lastYear.year).toBe(2025);
    expect(lastYear.data).toEqual([
      {
        id: w.docs['INV-2025-000033'],
        number: 'INV-2025-000033',
        type: 'invoice',
        date: '2025-12-20',
        amount: 2580,
        vat: 568,
        total: 3148,
        payment_terms_name: null,
        due_dates: [{ due_date: '2025-12-20', amount: 3148, paid: false }],
        payment_status: 'overdue',
      },
    ]);
    const credit = (await w.clients.company.get(`${base}?type=credit_note&year=2026`)).json();
    expect(credit.data).toEqual([
      {
        id: w.docs['CN-2026-000001'],
        number: 'CN-2026-000001',
        type: 'credit_note',
        date: '2026-05-05',
        amount: 1290,
        vat: 284,
        total: 1574,
        payment_terms_name: null,
        due_dates: [],
        payment_status: null,
      },
    ]);
    const notes = (await w.clients.company.get(`${base}?type=delivery_note`)).json();
    expect(notes.data.map((d: { number: string }) => d.number)).toEqual([
      'DDT-2026-000002',
      'DDT-2026-000001',
    ]);
    const none = (await w.clients.company.get(`${base}?type=credit_note&year=2025`)).json();
    expect(none).toMatchObject({ data: [], meta: { total: 0 }, year: 2025, years });
  });

  it('answers a customer without documents with no year and empty lists', async () => {
    const res = await w.clients.private.get(`/api/customers/${w.ids.private}/digital-documents?type=invoice`);
    expect(res.json()).toEqual({
      data: [],
      meta: { total: 0, page: 1, per_page: 25 },
      type: 'invoice',
      year: null,
      years: { delivery_note: [], invoice: [], credit_note: [] },
    });
  });

  it('refuses a missing or unknown type and a malformed year with 422', async () => {
    const base = `/api/customers/${w.ids.company}/digital-documents`;
    const missing = await w.clients.company.get(base);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty('type');
    expect((await w.clients.company.get(`${base}?type=order`)).statusCode).toBe(422);
    const year = await w.clients.company.get(`${base}?type=invoice&year=26x`);
    expect(year.statusCode).toBe(422);
    expect(year.json().errors).toHaveProperty('year');
  });

  it("answers 404 for another customer's id, lets an admin read any, and 401 to a visitor", async () => {
    const path = `/api/customers/${w.ids.english}/digital-documents?type=invoice`;
    expect((await w.clients.company.get(path)).statusCode).toBe(404);
    const admin = await w.clients.admin.get(path);
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({
      year: 2026,
      data: [{ number: 'INV-2026-000002', amount: 125000, vat: 27500, total: 152500 }],
    });
    expect((await w.visitor.get(path)).statusCode).toBe(401);
  });
});
