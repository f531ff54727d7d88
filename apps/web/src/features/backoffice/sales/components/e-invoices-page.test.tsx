import { type EInvoice, eInvoiceMessages } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { json, setCookie, stubFetch } from '../../../../test/render';
import { renderRoutes } from '../../scaffold/test-harness';
import { EInvoicesPage } from './e-invoices-page';

const file = (over: Partial<EInvoice>): EInvoice => ({
  id: 1,
  file_name: 'IT12345670157_00001.xml',
  state: 'generated',
  errors: [],
  warnings: [],
  document: { id: 11, type: 'invoice', number: 'INV-2026-000001', date: '2026-11-20', total: 12_200 },
  order_no: '2026-000101',
  customer: { id: 7, name: 'Dischi Rossi srl' },
  sdi_id: null,
  sent_at: null,
  notified_at: null,
  ...over,
});

const rejected = file({
  id: 2,
  file_name: 'IT12345670157_00002.xml',
  state: 'rejected',
  errors: ['00305: 1.4.1.1.2 <IdCodice> non valido'],
  document: { id: 12, type: 'credit_note', number: 'CN-2026-000001', date: '2026-11-19', total: 1_574 },
  order_no: '2026-000102',
});
const warned = file({ warnings: [eInvoiceMessages.noRecipient] });

function serve(routes: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/backoffice/e-invoices': () =>
      json(200, { data: [warned, rejected], meta: { total: 2, page: 1, per_page: 25 } }),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const open = () =>
  renderRoutes([{ path: '/backoffice/e-invoices', element: <EInvoicesPage /> }], '/backoffice/e-invoices');
const rowOf = (orderNo: string) => screen.getByRole('link', { name: orderNo }).closest('tr')!;

beforeEach(async () => {
  queryClient.clear();
  setCookie('XSRF-TOKEN', 'token');
  await i18n.changeLanguage('it');
  vi.useRealTimers();
});

describe('back-office e-invoices (issue 21)', { timeout: 15_000 }, () => {
  it("asks for this month's files and shows each state with why it is held or rejected", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z'), toFake: ['Date'] });
    const stub = serve();
    open();
    await screen.findByRole('link', { name: '2026-000102' });
    const url = new URL(
      stub.calls.find((c) => c.url.startsWith('/api/backoffice/e-invoices'))!.url,
      'http://x',
    );
    expect(url.searchParams.get('from')).toBe('2026-11-01');
    expect(url.searchParams.get('to')).toBe('2026-11-30');

    const bad = within(rowOf('2026-000102'));
    expect(bad.getByText('Scartata')).toBeTruthy();
    expect(bad.getByText('00305: 1.4.1.1.2 <IdCodice> non valido')).toBeTruthy();
    expect(bad.getByText('CN-2026-000001')).toBeTruthy();
    expect(bad.getByRole('button', { name: 'Rigenera' })).toBeTruthy();
    const ok = within(rowOf('2026-000101'));
    expect(ok.getByText('Generata')).toBeTruthy();
    // The notices wait behind their toggle (a collapsed panel may not have rendered them yet).
    const notices = ok.getByRole('button', { name: '1 avviso' });
    expect(notices.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(notices);
    expect(await ok.findByText(/né un codice SDI né una PEC/)).toBeTruthy();
    expect(ok.getByText('IT12345670157_00001.xml')).toBeTruthy();
  });

  it('regenerates a rejected file after confirmation and says what became of it', async () => {
    const regenerate = vi.fn(() =>
      json(200, { ...rejected, state: 'generated', errors: [], file_name: 'IT12345670157_00009.xml' }),
    );
    serve({ 'POST /api/backoffice/e-invoices/2/regenerate': regenerate });
    open();
    await screen.findByRole('link', { name: '2026-000102' });
    fireEvent.click(within(rowOf('2026-000102')).getByRole('button', { name: 'Rigenera' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/con un nuovo nome/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rigenera' }));
    await waitFor(() => expect(regenerate).toHaveBeenCalled());
    expect(await screen.findByText('IT12345670157_00009.xml: Generata.')).toBeTruthy();
  });

  it('sends to the SDI after confirmation and tells how many went', async () => {
    const send = vi.fn(() => json(200, { sent: 3, failed: [] }));
    serve({ 'POST /api/backoffice/e-invoices/send': send });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Invia allo SDI' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia allo SDI' }));
    expect(await screen.findByText('3 fatture elettroniche inviate.')).toBeTruthy();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("tells why the period's .zip cannot be exported", async () => {
    serve({
      'GET /api/backoffice/e-invoices/export': () => json(422, { message: eInvoiceMessages.exportEmpty }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Esporta .zip' }));
    expect(
      await screen.findByText("Nessuna fattura elettronica in questo periodo: non c'è nulla da esportare."),
    ).toBeTruthy();
  });

  it('says so when nothing was issued in the period', async () => {
    serve({
      'GET /api/backoffice/e-invoices': () =>
        json(200, { data: [], meta: { total: 0, page: 1, per_page: 25 } }),
    });
    open();
    expect(await screen.findByRole('button', { name: 'Esporta .zip' })).toBeTruthy();
    expect(await screen.findByText(i18n.t('bo.list.empty'))).toBeTruthy();
  });
});
