import type { DigitalDocument, DigitalDocuments, DocumentType } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { customer, customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const years = { delivery_note: [2026, 2025], invoice: [2026, 2025], credit_note: [2026] };

const doc = (fields: Partial<DigitalDocument> & Pick<DigitalDocument, 'id' | 'number'>): DigitalDocument => ({
  type: 'invoice',
  date: '2026-03-02',
  amount: 97960,
  vat: 21011,
  total: 118971,
  payment_terms_name: null,
  due_dates: [],
  payment_status: null,
  ...fields,
});

const documents: Record<string, DigitalDocument[]> = {
  'invoice:2026': [
    doc({
      id: 2,
      number: 'INV-2026-000001',
      payment_terms_name: '30 days end of month',
      due_dates: [{ due_date: '2026-04-30', amount: 118971, paid: false }],
      payment_status: 'overdue',
    }),
  ],
  'invoice:2025': [
    doc({
      id: 6,
      number: 'INV-2025-000033',
      date: '2025-12-20',
      amount: 2580,
      vat: 568,
      total: 3148,
      due_dates: [
        { due_date: '2026-01-19', amount: 1574, paid: true },
        { due_date: '2026-02-18', amount: 1574, paid: true },
      ],
      payment_status: 'paid',
    }),
  ],
  'credit_note:2026': [
    doc({
      id: 4,
      number: 'CN-2026-000001',
      type: 'credit_note',
      date: '2026-05-05',
      amount: 1290,
      vat: 284,
      total: 1574,
    }),
  ],
  'delivery_note:2026': [
    doc({ id: 41, number: 'DDT-2026-000001', type: 'delivery_note', amount: 0, vat: 0, total: 0 }),
  ],
  'delivery_note:2025': [
    doc({
      id: 7,
      number: 'DDT-2025-000041',
      type: 'delivery_note',
      date: '2025-12-20',
      amount: 0,
      vat: 0,
      total: 0,
    }),
  ],
};

/** Answers as the server does: the year asked for, else the latest year with documents of the type. */
function serve(available = years) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, customerUser),
    'GET /api/shop': () => json(200, shop),
    [`GET /api/customers/${customer.id}/digital-documents`]: (_init, url) => {
      const params = new URL(url, 'http://shop.test').searchParams;
      const type = params.get('type') as DocumentType;
      const year = params.get('year') ? Number(params.get('year')) : (available[type][0] ?? null);
      const data = documents[`${type}:${year}`] ?? [];
      const answer: DigitalDocuments = {
        data,
        meta: { total: data.length, page: 1, per_page: 20 },
        type,
        year,
        years: available,
      };
      return json(200, answer);
    },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const rowsOf = () =>
  screen.getAllByTestId('document').map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('invoices and credit notes page', { timeout: 15_000 }, () => {
  it("shows the latest year's invoices with taxable, VAT and total, and PDF and XML buttons each", async () => {
    serve();
    renderApp('/profile/invoices-downloads');
    await screen.findAllByTestId('document');
    expect(rowsOf()).toEqual([
      [
        'INV-2026-000001',
        '02/03/2026',
        '979,60\u00a0€',
        '210,11\u00a0€',
        '1189,71\u00a0€',
        '30/04/2026',
        'Scaduta',
        'PDFXML',
      ],
    ]);
    expect(screen.getByLabelText<HTMLSelectElement>('Anno').value).toBe('2026');
    expect(screen.getByRole('button', { name: 'Scarica INV-2026-000001 in PDF' })).toBeTruthy();
    // Issue 21: the FatturaPA file beside the PDF.
    expect(
      screen.getByRole('button', { name: 'Scarica INV-2026-000001 in XML (fattura elettronica)' }),
    ).toBeTruthy();
  });

  it('switches to credit notes and to another year, keeping both in the address', async () => {
    const stub = serve();
    const { router } = renderApp('/profile/invoices-downloads');
    await screen.findAllByTestId('document');

    fireEvent.click(screen.getByRole('radio', { name: 'Note di credito' }));
    await waitFor(() => expect(rowsOf()[0]?.[0]).toBe('CN-2026-000001'));
    expect(rowsOf()).toEqual([
      ['CN-2026-000001', '05/05/2026', '12,90\u00a0€', '2,84\u00a0€', '15,74\u00a0€', 'PDFXML'],
    ]);
    expect(router.state.location.search).toBe('?type=credit_note');

    fireEvent.click(screen.getByRole('radio', { name: 'Fatture' }));
    await waitFor(() => expect(rowsOf()[0]?.[0]).toBe('INV-2026-000001'));
    fireEvent.change(screen.getByLabelText('Anno'), { target: { value: '2025' } });
    await waitFor(() => expect(rowsOf()[0]?.[0]).toBe('INV-2025-000033'));
    // Two instalments, each with its amount; both paid.
    expect(rowsOf()[0]?.slice(5, 7)).toEqual(['19/01/2026: 15,74\u00a0€18/02/2026: 15,74\u00a0€', 'Pagata']);
    expect(router.state.location.search).toBe('?year=2025');
    expect(stub.calls.some((c) => c.url.includes('type=invoice&year=2025'))).toBe(true);
  });

  it('says so when the customer has no credit notes', async () => {
    serve({ ...years, credit_note: [] });
    renderApp('/profile/invoices-downloads?type=credit_note');
    expect((await screen.findByTestId('documents-empty')).textContent).toContain(
      'Non ci sono note di credito.',
    );
  });
});

describe('delivery notes downloads page', { timeout: 15_000 }, () => {
  it('lists the delivery notes of the latest year without amounts, and of the year chosen', async () => {
    serve();
    renderApp('/profile/delivery-notes-downloads');
    await screen.findAllByTestId('document');
    expect(rowsOf()).toEqual([['DDT-2026-000001', '02/03/2026', 'PDF']]);
    fireEvent.change(screen.getByLabelText('Anno'), { target: { value: '2025' } });
    await waitFor(() => expect(rowsOf()).toEqual([['DDT-2025-000041', '20/12/2025', 'PDF']]));
  });
});
