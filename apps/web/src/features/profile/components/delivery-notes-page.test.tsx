import type { DeliveryNote, DeliveryNotePage } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { customer, customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const page: DeliveryNotePage = {
  data: [
    { id: 42, note_no: 'DDT-2026-000002', date: '2026-04-10', quantity: 4, order_no: '2026-000102' },
    { id: 41, note_no: 'DDT-2026-000001', date: '2026-03-02', quantity: 6, order_no: '2026-000101' },
    { id: 7, note_no: 'DDT-2025-000041', date: '2025-12-20', quantity: 2, order_no: null },
  ],
  meta: { total: 3, page: 1, per_page: 20 },
};

const note: DeliveryNote = {
  ...page.data[1]!,
  rows: [
    { sku: 'MU-0001', description: 'Canzoni del mare (CD)', quantity: 3 },
    { sku: 'BK-0002', description: 'Storia del jazz', quantity: 2 },
    { sku: 'HF-0003', description: 'Giradischi Pro-Ject Debut', quantity: 1 },
  ],
};

const pdf = () =>
  new Response('%PDF-1.3', {
    status: 200,
    headers: { 'Content-Type': 'application/pdf' },
  });

function serve(list: DeliveryNotePage, pdfAnswer: () => Response | Promise<Response> = pdf) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, customerUser),
    'GET /api/shop': () => json(200, shop),
    [`GET /api/customers/${customer.id}/delivery-notes`]: () => json(200, list),
    'GET /api/delivery-notes/DDT-2026-000001': () => json(200, note),
    'GET /api/documents/41/pdf': pdfAnswer,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

/** The file the browser was asked to save: the clicked link's download name. */
function captureDownloads() {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('delivery notes page', { timeout: 15_000 }, () => {
  it('lists the notes with number, Italian date, pieces and order, each linked to its detail', async () => {
    serve(page);
    renderApp('/profile/delivery-notes');
    const rows = await screen.findAllByTestId('delivery-note');
    expect(rows.map(cells)).toEqual([
      ['DDT-2026-000002', '10/04/2026', '4', '2026-000102', 'PDF'],
      ['DDT-2026-000001', '02/03/2026', '6', '2026-000101', 'PDF'],
      ['DDT-2025-000041', '20/12/2025', '2', '', 'PDF'],
    ]);
    expect(screen.getByRole('link', { name: 'DDT-2026-000001' }).getAttribute('href')).toBe(
      '/profile/delivery-notes/DDT-2026-000001',
    );
    expect(document.title).toContain('Documenti di trasporto');
  });

  it('downloads a note as <number>.pdf with the session cookie, the button busy meanwhile', async () => {
    const saved = captureDownloads();
    let answer: (response: Response) => void = () => {};
    const stub = serve(page, () => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/profile/delivery-notes');
    const button = await screen.findByRole('button', { name: 'Scarica DDT-2026-000001 in PDF' });
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('data-loading')).toBe('true'));
    answer(pdf());
    await waitFor(() => expect(saved).toEqual(['DDT-2026-000001.pdf']));
    const call = stub.calls.find((c) => c.url === '/api/documents/41/pdf');
    expect(call?.init?.credentials).toBe('include');
    await waitFor(() => expect(button.getAttribute('data-loading')).toBeNull());
  });

  it('says in a toast when a download fails', async () => {
    captureDownloads();
    serve(page, () => json(500, { message: 'Something has gone wrong with the server.' }));
    renderApp('/profile/delivery-notes');
    fireEvent.click(await screen.findByRole('button', { name: 'Scarica DDT-2026-000001 in PDF' }));
    expect(await screen.findByText('Non è stato possibile scaricare DDT-2026-000001. Riprova.')).toBeTruthy();
  });

  it('pages through many notes with the page in the address', async () => {
    const stub = serve({ ...page, meta: { total: 45, page: 1, per_page: 20 } });
    const { router } = renderApp('/profile/delivery-notes');
    fireEvent.click(await screen.findByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() =>
      expect(stub.calls.some((c) => c.url.includes('/delivery-notes?page=3&per_page=20'))).toBe(true),
    );
  });

  it('says so when there are no delivery notes', async () => {
    serve({ data: [], meta: { total: 0, page: 1, per_page: 20 } });
    renderApp('/profile/delivery-notes');
    expect((await screen.findByTestId('documents-empty')).textContent).toContain(
      'Nessun documento di trasporto',
    );
  });
});

describe('delivery note page', { timeout: 15_000 }, () => {
  it('shows the note, its order and the rows it shipped, with its PDF', async () => {
    serve(page);
    renderApp('/profile/delivery-notes/DDT-2026-000001');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Documento di trasporto DDT-2026-000001' }),
    ).toBeTruthy();
    expect(screen.getByTestId('delivery-note-facts').textContent).toBe('Data 02/03/2026 · 6 pezzi');
    expect(screen.getByRole('link', { name: '2026-000101' }).getAttribute('href')).toBe(
      '/profile/orders/2026-000101',
    );
    const rows = within(screen.getByTestId('delivery-note-rows')).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['MU-0001', 'Canzoni del mare (CD)', '3'],
      ['BK-0002', 'Storia del jazz', '2'],
      ['HF-0003', 'Giradischi Pro-Ject Debut', '1'],
    ]);
    expect(screen.getByRole('button', { name: 'Scarica DDT-2026-000001 in PDF' })).toBeTruthy();
  });

  it("shows the not-found page for a note that is not the customer's", async () => {
    serve(page);
    renderApp('/profile/delivery-notes/DDT-2026-999999');
    expect(await screen.findByText('Pagina non trovata')).toBeTruthy();
  });
});
