import type { CustomerOrderSummary, Page } from '@shop/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { customer, customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const summary = (n: number, more: Partial<CustomerOrderSummary> = {}): CustomerOrderSummary => ({
  id: n,
  orderNo: `2026-0000${n}`,
  date: '2026-11-20T23:30:00.000Z',
  status: 'registered',
  payment_method: 'cash_on_delivery',
  total: 4600,
  total_without_taxes: 3770,
  tracking_step: 1,
  rows_count: 2,
  ...more,
});

function serve(answer: (url: URL) => Response) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, customerUser),
    'GET /api/shop': () => json(200, shop),
    [`GET /api/customer/${customer.id}/orders`]: (_, url) => answer(new URL(url, 'http://shop.test')),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const page = (data: CustomerOrderSummary[], total = data.length, n = 1): Page<CustomerOrderSummary> => ({
  data,
  meta: { total, page: n, per_page: 20 },
});

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('my orders', { timeout: 15_000 }, () => {
  it('lists each order with its link, Rome date, status label and total in euros', async () => {
    serve(() =>
      json(
        200,
        page([
          summary(3, { status: 'in_work', total: 123456 }),
          summary(2, { status: 'failed_payment', date: '2026-11-02T09:00:00.000Z', rows_count: 1 }),
        ]),
      ),
    );
    renderApp('/profile/orders');
    const rows = within(await screen.findByTestId('orders')).getAllByTestId('order');
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['2026-00003', '21/11/2026', 'In lavorazione', '2', '1234,56\u00a0€'],
      ['2026-00002', '02/11/2026', 'Pagamento non riuscito', '1', '46,00\u00a0€'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: '2026-00003' }).getAttribute('href')).toBe(
      '/profile/orders/2026-00003',
    );
    expect(document.title).toContain('Ordini');
  });

  it('pages through the list and filters by status, asking the server for them', async () => {
    const { calls } = serve((url) =>
      url.searchParams.get('status') === 'pending'
        ? json(200, page([summary(7, { status: 'pending' })]))
        : json(
            200,
            page(
              [summary(Number(url.searchParams.get('page')) * 10)],
              45,
              Number(url.searchParams.get('page')),
            ),
          ),
    );
    renderApp('/profile/orders');
    expect(await screen.findByText('2026-000010')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 3' }));
    expect(await screen.findByText('2026-000030')).toBeTruthy();
    expect(calls.at(-1)?.url).toContain('page=3');

    fireEvent.click(screen.getByLabelText('Filtra per stato', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'In attesa di pagamento' }));
    expect(await screen.findByText('2026-00007')).toBeTruthy();
    const last = new URL(calls.at(-1)!.url, 'http://shop.test');
    expect(last.searchParams.get('status')).toBe('pending');
    expect(last.searchParams.get('page')).toBe('1');
  });

  it('says when there are no orders yet', async () => {
    serve(() => json(200, page([], 0)));
    renderApp('/profile/orders');
    expect(await screen.findByText('Nessun ordine')).toBeTruthy();
    expect(screen.getByText('Qui troverai gli ordini che inserisci.')).toBeTruthy();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    // A 404 is one failure that keeps the customer signed in (SPEC §8).
    serve(() => (fail ? json(404, { message: 'Not Found' }) : json(200, page([summary(4)]))));
    renderApp('/profile/orders');
    expect(await screen.findByText('Non è stato possibile caricare i tuoi ordini.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('2026-00004')).toBeTruthy();
  });
});
