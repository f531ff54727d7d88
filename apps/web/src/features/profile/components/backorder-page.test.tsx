import type { BackorderRow } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { customer, customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

function row(id: number, orderDate: string, residual: number, ready: number): BackorderRow {
  return {
    id,
    product_id: id,
    product_sku: `MU00000${id}`,
    description: `Disco ${id}`,
    quantities: { ordered: residual, shipped: 0, cancelled: 0, residual, ready },
    status: 'not_shipped',
    is_preorder: true,
    orderNo: `2026-00000${id}`,
    order_date: orderDate,
    order_status: 'registered',
    backorder: residual - ready,
  };
}

const rows = [
  row(1, '2026-11-01T09:00:00.000Z', 10, 4),
  row(2, '2026-11-05T22:30:00.000Z', 3, 0),
  row(3, '2026-11-05T23:30:00.000Z', 2, 0),
];
const url = `/api/customers/${customer.id}/backorders`;
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

/** Backorders as the server answers them: `up_to` compares the order's day in Rome. */
function serve(list: BackorderRow[], cancel = () => json(200, { rows: 2, quantity: 9 })) {
  let current = list;
  const stub = stubFetch({
    'GET /api/user': () => json(200, customerUser),
    'GET /api/shop': () => json(200, shop),
    [`GET ${url}`]: (_, href) => {
      const upTo = new URL(href, 'http://shop.test').searchParams.get('up_to');
      const day = (r: BackorderRow) => (r.id === 2 ? '2026-11-05' : r.id === 3 ? '2026-11-06' : '2026-11-01');
      const data = upTo ? current.filter((r) => day(r) <= upTo) : current;
      const quantity = data.reduce((sum, r) => sum + r.backorder, 0);
      return json(200, { data, meta: { total: data.length, page: 1, per_page: 50, quantity } });
    },
    [`POST /api/customers/${customer.id}/cancel-backorder`]: () => {
      current = current.filter((r) => r.id === 3);
      return cancel();
    },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

const pickDate = (value: string) =>
  fireEvent.change(screen.getByLabelText('Ordini inseriti fino al'), { target: { value } });

describe('my backorder', { timeout: 20_000 }, () => {
  it('lists the units not covered yet and cancels those of orders up to a day after confirming', async () => {
    const { calls } = serve(rows);
    renderApp('/profile/backorder');
    const table = await screen.findByTestId('backorders');
    expect(screen.getByTestId('backorder-summary').textContent).toBe('Righe: 3 · Pezzi inevasi: 11');
    expect(
      within(table)
        .getAllByTestId('backorder-row')
        .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    ).toEqual([
      ['2026-000001', '01/11/2026', 'MU000001', 'Disco 1', '10', '4', '6'],
      ['2026-000002', '05/11/2026', 'MU000002', 'Disco 2', '3', '0', '3'],
      ['2026-000003', '06/11/2026', 'MU000003', 'Disco 3', '2', '0', '2'],
    ]);

    // the day typed as the shop writes it (SPEC §9), and the list shows what the cancel will take
    pickDate('05/11/2026');
    await waitFor(() =>
      expect(screen.getByTestId('backorder-summary').textContent).toBe(
        'Ordini fino al 05/11/2026 · Righe: 2 · Pezzi inevasi: 9',
      ),
    );
    expect(within(table).getAllByTestId('backorder-row')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: "Annulla l'inevaso fino a questa data" }));
    const dialog = await screen.findByRole('dialog', { name: "Annulla l'inevaso" });
    expect((await within(dialog).findByTestId('cancel-preview')).textContent).toBe(
      "Annullerai l'inevaso di 2 righe (9 pezzi) degli ordini inseriti fino al 05/11/2026. Le quantità pronte per la spedizione restano.",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: "Annulla l'inevaso" }));

    expect(await screen.findByText('Inevaso annullato: 9 pezzi su 2 righe.')).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.method === 'POST')?.init)).toEqual({ date: '2026-11-05' });
    await waitFor(() =>
      expect(screen.getByTestId('backorder-summary').textContent).toBe('Righe: 1 · Pezzi inevasi: 2'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('counts one row and one unit in the singular', async () => {
    serve([row(1, '2026-11-01T09:00:00.000Z', 1, 0)], () => json(200, { rows: 1, quantity: 1 }));
    renderApp('/profile/backorder');
    await screen.findByTestId('backorders');
    pickDate('05/11/2026');
    fireEvent.click(await screen.findByRole('button', { name: "Annulla l'inevaso fino a questa data" }));
    const dialog = await screen.findByRole('dialog', { name: "Annulla l'inevaso" });
    expect((await within(dialog).findByTestId('cancel-preview')).textContent).toBe(
      "Annullerai l'inevaso di 1 riga (1 pezzo) degli ordini inseriti fino al 05/11/2026. Le quantità pronte per la spedizione restano.",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: "Annulla l'inevaso" }));
    expect(await screen.findByText('Inevaso annullato: 1 pezzo su 1 riga.')).toBeTruthy();
  });

  it('refuses a day after today on the field, and says when nothing would be cancelled', async () => {
    const { calls } = serve(rows);
    renderApp('/profile/backorder');
    await screen.findByTestId('backorders');
    const field = screen.getByLabelText('Ordini inseriti fino al') as HTMLInputElement;
    const today = field.value;
    expect(today).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    pickDate('01/01/2999');
    fireEvent.blur(field);
    // a day after today is not taken: the field goes back to its day
    await waitFor(() => expect(field.value).toBe(today));

    pickDate('01/10/2026');
    await waitFor(() =>
      expect(screen.getByTestId('backorder-summary').textContent).toBe(
        'Ordini fino al 01/10/2026 · Righe: 0 · Pezzi inevasi: 0',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: "Annulla l'inevaso fino a questa data" }));
    const dialog = await screen.findByRole('dialog', { name: "Annulla l'inevaso" });
    expect((await within(dialog).findByTestId('cancel-preview')).textContent).toBe(
      "Non c'è nulla di inevaso negli ordini inseriti fino al 01/10/2026.",
    );
    expect(within(dialog).getByRole('button', { name: "Annulla l'inevaso" }).hasAttribute('disabled')).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mantieni' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says when nothing is in backorder', async () => {
    serve([]);
    renderApp('/profile/backorder');
    expect(await screen.findByText('Nessun inevaso')).toBeTruthy();
  });
});
