import type { CustomerOrderRow } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { customer, customerUser, shop } from '../../../test/fixtures';
import { headerOf, json, renderApp, stubFetch } from '../../../test/render';

function row(
  id: number,
  more: Partial<CustomerOrderRow> & { ready?: number; residual?: number } = {},
): CustomerOrderRow {
  const { ready = 0, residual = 3, ...rest } = more;
  return {
    id,
    product_id: id,
    product_sku: `MU00000${id}`,
    description: `Disco ${id}`,
    quantities: { ordered: residual, shipped: 0, cancelled: 0, residual, ready },
    status: 'not_shipped',
    is_preorder: false,
    orderNo: '2026-000001',
    order_date: '2026-11-02T09:00:00.000Z',
    order_status: 'registered',
    processing_date: null,
    ...rest,
  };
}

const open = [
  row(1, { ready: 3 }),
  row(2, { ready: 1, residual: 4 }),
  row(3),
  row(4, { ready: 1, orderNo: '2026-000002', order_status: 'pending' }),
];
const rowsUrl = `/api/customers/${customer.id}/order-rows`;
const shippingUrl = `/api/customers/${customer.id}/shipping-requests`;
const pageOf = (data: CustomerOrderRow[]) =>
  json(200, { data, meta: { total: data.length, page: 1, per_page: 50 } });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

function serve(post: (init: RequestInit | undefined) => Response = () => json(404, {})) {
  let shipped = false;
  const stub = stubFetch({
    'GET /api/user': () => json(200, customerUser),
    'GET /api/shop': () => json(200, shop),
    [`GET ${rowsUrl}`]: (_, url) =>
      url.includes('ready=true')
        ? pageOf(open.filter((r) => r.quantities.ready > 0))
        : pageOf(shipped ? open.slice(2) : open),
    [`GET ${shippingUrl}/processing-date`]: () => json(200, { processing_date: '2026-11-22' }),
    [`POST ${shippingUrl}`]: (init) => {
      const answer = post(init);
      shipped = answer.status === 201;
      return answer;
    },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

const checkbox = (name: string) => screen.getByRole('checkbox', { name });

describe('open order rows', { timeout: 20_000 }, () => {
  it('asks to ship the chosen ready rows after confirming the processing date', async () => {
    const { calls } = serve((init) =>
      json(201, {
        id: 9,
        processing_date: '2026-11-22',
        rows: bodyOf(init).row_ids.map((id: number) => open[id - 1]),
      }),
    );
    renderApp('/profile/order-rows');
    const table = await screen.findByTestId('customer-rows');
    // Only rows with something ready, of orders not awaiting payment, can be chosen.
    expect(
      within(table)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual([
      'Seleziona tutte le righe pronte di questa pagina',
      "Seleziona la riga MU000001 dell'ordine 2026-000001",
      "Seleziona la riga MU000002 dell'ordine 2026-000001",
    ]);
    const [first] = within(table).getAllByTestId('customer-row');
    expect([...first!.querySelectorAll('td')].slice(1).map((td) => td.textContent)).toEqual([
      '2026-000001',
      '02/11/2026',
      'MU000001',
      'Disco 1',
      '3',
      '0',
      '3',
      '3',
      'Da spedire',
    ]);
    const request = screen.getByRole('button', { name: 'Richiedi spedizione' });
    expect(request.hasAttribute('disabled')).toBe(true);

    fireEvent.click(checkbox('Seleziona tutte le righe pronte di questa pagina'));
    expect(screen.getByTestId('selected-count').textContent).toBe('Righe selezionate: 2');
    fireEvent.click(request);
    const dialog = await screen.findByRole('dialog', { name: 'Richiedi spedizione' });
    expect((await within(dialog).findByTestId('processing-date')).textContent).toBe(
      'Data di lavorazione: 22/11/2026',
    );
    expect(within(dialog).getByText('Pronte 1 su 4: il resto rimane inevaso.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma la richiesta' }));

    expect(await screen.findByText('Spedizione richiesta: sarà lavorata il 22/11/2026.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(bodyOf(post?.init)).toEqual({ row_ids: [1, 2] });
    expect(headerOf(post, 'Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The shipped rows leave the list, and nothing is chosen any more.
    await waitFor(() => expect(screen.queryByText('Disco 1')).toBeNull());
    expect(screen.getByTestId('selected-count').textContent).toBe('Righe selezionate: 0');
  });

  it('shows the server’s refusal of a row in the confirmation, in Italian', async () => {
    const message = 'Row MU000001 of order 2026-000001 is not ready for shipping';
    serve(() => json(422, { message, errors: { row_ids: [message] } }));
    renderApp('/profile/order-rows');
    fireEvent.click(
      await screen.findByRole('checkbox', { name: "Seleziona la riga MU000001 dell'ordine 2026-000001" }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Richiedi spedizione' }));
    const dialog = await screen.findByRole('dialog', { name: 'Richiedi spedizione' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma la richiesta' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "La riga MU000001 dell'ordine 2026-000001 non è pronta per la spedizione",
    );
    expect(within(screen.getByTestId('customer-rows')).getByText('Disco 1')).toBeTruthy();
  });

  it('keeps only ready rows when asked', async () => {
    const { calls } = serve();
    renderApp('/profile/order-rows');
    expect(await screen.findByText('Disco 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Solo righe pronte per la spedizione' }));
    await waitFor(() => expect(screen.queryByText('Disco 3')).toBeNull());
    expect(calls.at(-1)?.url).toContain('ready=true');
  });
});

describe('rows being shipped', { timeout: 15_000 }, () => {
  it('lists them with the day their request is processed', async () => {
    const stub = stubFetch({
      'GET /api/user': () => json(200, customerUser),
      'GET /api/shop': () => json(200, shop),
      [`GET /api/customers/${customer.id}/on-shipping-rows`]: () =>
        pageOf([row(5, { ready: 2, residual: 2, status: 'on_shipping', processing_date: '2026-11-21' })]),
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderApp('/profile/on-shipping-rows');
    const [only] = within(await screen.findByTestId('customer-rows')).getAllByTestId('customer-row');
    const cells = [...only!.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(-2)).toEqual(['In spedizione', '21/11/2026']);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('says when no row is being shipped', async () => {
    const stub = stubFetch({
      'GET /api/user': () => json(200, customerUser),
      'GET /api/shop': () => json(200, shop),
      [`GET /api/customers/${customer.id}/on-shipping-rows`]: () => pageOf([]),
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderApp('/profile/on-shipping-rows');
    expect(await screen.findByText('Nessuna riga in spedizione')).toBeTruthy();
  });
});
