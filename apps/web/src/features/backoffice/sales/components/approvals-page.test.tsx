import type { CreditApproval } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { json, setCookie, stubFetch } from '../../../../test/render';
import { renderRoutes } from '../../scaffold/test-harness';
import { ApprovalsPage } from './approvals-page';

const held: CreditApproval = {
  order_no: '2026-000123',
  date: '2026-11-20T09:00:00.000Z',
  customer_id: 7,
  customer: 'Rossi Dischi Srl',
  placed_by: 'buyer@example.com',
  reason: 'credit_limit',
  total: 61_000,
  exposure: 1_230_050,
  credit_limit: 1_000_000,
  overdue_invoices: 0,
};

function serve(decide: (path: string, body: unknown) => Response) {
  const stub = stubFetch({
    'GET /api/backoffice/approvals': () =>
      json(200, { data: [held], meta: { total: 1, page: 1, per_page: 25 } }),
    'POST /api/backoffice/orders/2026-000123/approve': (init) =>
      decide('approve', JSON.parse(String(init?.body))),
    'POST /api/backoffice/orders/2026-000123/reject': (init) =>
      decide('reject', JSON.parse(String(init?.body))),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const open = () =>
  renderRoutes([{ path: '/backoffice/approvals', element: <ApprovalsPage /> }], '/backoffice/approvals');

const cells = () =>
  within(screen.getByRole('link', { name: held.order_no }).closest('tr')!)
    .getAllByRole('cell')
    .map((td) => td.textContent?.replace(/\u00a0/g, ' '));

beforeEach(async () => {
  queryClient.clear();
  setCookie('XSRF-TOKEN', 'token');
  await i18n.changeLanguage('it');
});

describe('back-office approvals queue (issue 20 point 3)', { timeout: 15_000 }, () => {
  it('lists an order held for credit with its reason, total, exposure and limit in euros', async () => {
    serve(() => json(500, {}));
    open();
    await screen.findByRole('link', { name: held.order_no });
    expect(cells().slice(0, 8)).toEqual([
      '2026-000123',
      '20/11/2026',
      'Rossi Dischi Srl',
      expect.any(String),
      '610,00 €',
      '12.300,50 €',
      '10.000,00 €',
      '0',
    ]);
  });

  it('rejects only with a reason, which is sent for the buyer', async () => {
    const decide = vi.fn(() => json(200, {}));
    serve(decide);
    open();
    fireEvent.click(await screen.findByRole('button', { name: `Rifiuta l'ordine ${held.order_no}` }));
    fireEvent.click(await screen.findByTestId('confirm-credit-decision'));
    expect(await screen.findByText("Indica il motivo: l'acquirente lo legge.")).toBeTruthy();
    expect(decide).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: /Motivo/ }), {
      target: { value: 'Fatture scadute' },
    });
    fireEvent.click(screen.getByTestId('confirm-credit-decision'));
    await waitFor(() => expect(decide).toHaveBeenCalledWith('reject', { note: 'Fatture scadute' }));
  });

  it('approves with an optional note', async () => {
    const decide = vi.fn(() => json(200, {}));
    serve(decide);
    open();
    fireEvent.click(await screen.findByRole('button', { name: `Approva l'ordine ${held.order_no}` }));
    fireEvent.click(await screen.findByTestId('confirm-credit-decision'));
    await waitFor(() => expect(decide).toHaveBeenCalledWith('approve', {}));
  });
});
