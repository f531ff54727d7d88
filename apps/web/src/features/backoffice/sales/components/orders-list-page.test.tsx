import type { BackofficeOrderListItem } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';

const order: BackofficeOrderListItem = {
  order_no: '2026-000123',
  date: '2026-11-20T09:30:00.000Z',
  customer: { id: 7, name: 'Dischi Rossi S.r.l.' },
  channel: 'web',
  payment_method: 'cash_on_delivery',
  status: 'partially_shipped',
  total: 12345,
  erp_sync: 'failed',
};

function serve() {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/customers': () =>
      json(200, {
        data: [
          {
            id: 7,
            type: 'G',
            company: 'Dischi Rossi S.r.l.',
            firstname: 'Giulia',
            lastname: 'Rossi',
            email: 'company@example.com',
          },
        ],
        meta: { total: 1, page: 1, per_page: 100 },
      }),
    'GET /api/orders': () => json(200, { data: [order], meta: { total: 1, page: 1, per_page: 25 } }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

async function choose(label: RegExp, option: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const lastListUrl = (calls: { url: string }[]) =>
  new URL(calls.filter((c) => c.url.startsWith('/api/orders')).at(-1)!.url, 'http://shop.test').searchParams;

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('the order list', { timeout: 20_000 }, () => {
  it('shows each order with its customer, status, total and ERP state, linked to its detail', async () => {
    serve();
    renderApp('/backoffice/orders');
    const link = await screen.findByRole('link', { name: '2026-000123' });
    expect(link.getAttribute('href')).toBe('/backoffice/orders/2026-000123');
    const cells = within(link.closest('tr')!)
      .getAllByRole('cell')
      .map((c) => c.textContent?.replace(/\s/g, ' '));
    expect(cells).toEqual([
      '2026-000123',
      '20/11/2026',
      'Dischi Rossi S.r.l.',
      'Sito',
      'Contrassegno',
      'Spedito parzialmente',
      '123,45 €',
      'Non riuscito',
    ]);
    expect(screen.getByRole('link', { name: 'Aggiungi ordine' }).getAttribute('href')).toBe(
      '/backoffice/cart',
    );
  });

  it('sends each filter, the dates, the search and the sort to the server', async () => {
    const { calls } = serve();
    renderApp('/backoffice/orders');
    await screen.findByRole('link', { name: '2026-000123' });

    await choose(/^Stato$/, 'In spedizione');
    await waitFor(() => expect(lastListUrl(calls).get('status')).toBe('on_ship'));
    await choose(/^Canale$/, 'Back office');
    await waitFor(() => expect(lastListUrl(calls).get('channel')).toBe('backoffice'));
    await choose(/^Pagamento$/, 'Contrassegno');
    await waitFor(() => expect(lastListUrl(calls).get('payment_method')).toBe('cash_on_delivery'));
    await choose(/^Sincronizzazione ERP$/, 'Mai inviato');
    await waitFor(() => expect(lastListUrl(calls).get('erp_sync')).toBe('not_sent'));
    await choose(/^Cliente$/, 'Dischi Rossi S.r.l. (company@example.com)');
    await waitFor(() => expect(lastListUrl(calls).get('customer_id')).toBe('7'));

    const from = screen.getByRole('textbox', { name: 'Dal' });
    fireEvent.change(from, { target: { value: '01/11/2026' } });
    fireEvent.blur(from);
    await waitFor(() => expect(lastListUrl(calls).get('date_from')).toBe('2026-11-01'));
    const to = screen.getByRole('textbox', { name: 'Al' });
    fireEvent.change(to, { target: { value: '21/11/2026' } });
    fireEvent.blur(to);
    await waitFor(() => expect(lastListUrl(calls).get('date_to')).toBe('2026-11-21'));
    expect(lastListUrl(calls).get('date_from')).toBe('2026-11-01');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Cerca' }), { target: { value: 'rossi' } });
    await waitFor(() => expect(lastListUrl(calls).get('q')).toBe('rossi'));

    fireEvent.click(screen.getByRole('button', { name: /Totale/ }));
    await waitFor(() => expect(lastListUrl(calls).get('sort')).toBe('total'));
    const last = lastListUrl(calls);
    expect(last.get('dir')).toBe('asc');
    expect(last.get('status')).toBe('on_ship');
    expect(last.get('customer_id')).toBe('7');
  });
});
