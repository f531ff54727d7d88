import type { BackofficeReturnDetail } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';

const requested: BackofficeReturnDetail = {
  id: 12,
  number: null,
  status: 'requested',
  created_at: '2026-11-20T09:00:00Z',
  rows: [
    {
      id: 120,
      order_row_id: 5,
      sku: 'MU-1',
      description: 'Canzoni del mare',
      shipped: 2,
      quantity: 2,
      received_qty: null,
      reason: 'damaged',
      note: null,
    },
  ],
  photos: 1,
  instructions: null,
  staff_note: null,
  credit_note: null,
  refund: null,
  order_no: 'W-2026-000090',
  customer: { id: 3, name: 'Mario Bianchi', email: 'private@example.com' },
  photo_names: ['0123456789abcdef01234567.jpg'],
  warehouse: null,
  refund_method: 'bank_transfer',
  authorised_at: null,
  received_at: null,
  credited_at: null,
  next_statuses: ['authorised', 'refused'],
};
const authorised: BackofficeReturnDetail = {
  ...requested,
  number: 'RMA-2026-000001',
  status: 'authorised',
  instructions: 'Spedisci con il numero sul pacco.',
  next_statuses: ['received', 'cancelled'],
};

function serve() {
  let current = requested;
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/warehouses': () =>
      json(200, {
        data: [{ id: 1, code: 'MAIN', description: 'Principale', management_type: 'standard' }],
        meta: { total: 1, page: 1, per_page: 100 },
      }),
    'GET /api/backoffice/returns': () =>
      json(200, {
        data: [
          {
            id: 12,
            number: null,
            order_no: 'W-2026-000090',
            customer: { id: 3, name: 'Mario Bianchi' },
            created_at: '2026-11-20T09:00:00Z',
            status: 'requested',
            pieces: 2,
          },
        ],
        meta: { total: 1, page: 1, per_page: 25 },
      }),
    'GET /api/backoffice/returns/12': () => json(200, current),
    'POST /api/backoffice/returns/12/authorise': () => {
      current = authorised;
      return json(200, authorised);
    },
    'POST /api/backoffice/returns/12/receive': () =>
      json(422, {
        message: 'Row 120 (MU-1): the customer asked to return 2.',
        errors: { 'rows.0.quantity': ['Row 120 (MU-1): the customer asked to return 2.'] },
      }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('back-office returns (issue 21 point 5)', { timeout: 20_000 }, () => {
  it('lists the returns with their order, customer, status and pieces', async () => {
    serve();
    renderApp('/backoffice/returns');
    const link = await screen.findByRole('link', { name: '#12' });
    expect(link.getAttribute('href')).toBe('/backoffice/returns/12');
    const row = link.closest('tr')!;
    expect(within(row).getByText('W-2026-000090')).toBeTruthy();
    expect(within(row).getByTestId('return-status').textContent).toBe('Richiesto');
  });

  it('authorises with instructions, then shows the received-quantity refusal on its row', async () => {
    const { calls } = serve();
    renderApp('/backoffice/returns/12');
    expect(await screen.findByRole('img', { name: 'Foto 1 del reso' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Autorizza' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Istruzioni/ }), {
      target: { value: 'Spedisci con il numero sul pacco.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Autorizza' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reso RMA-2026-000001' })).toBeTruthy();
    const post = calls.find((c) => c.url.endsWith('/authorise'));
    expect(JSON.parse(String(post!.init!.body))).toEqual({
      instructions: 'Spedisci con il numero sul pacco.',
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Registra ricezione' }));
    const receive = await screen.findByRole('dialog');
    fireEvent.click(within(receive).getByRole('combobox', { name: /Magazzino/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'MAIN – Principale' }));
    fireEvent.click(within(receive).getByRole('button', { name: 'Registra ricezione' }));
    expect(
      await within(receive).findByText('Riga 120 (MU-1): il cliente ha chiesto di rendere 2.'),
    ).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/receive'))).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.url.endsWith('/receive'))!.init!.body));
    expect(body).toEqual({ warehouse_id: 1, rows: [{ row_id: 120, quantity: 2 }] });
  });
});
