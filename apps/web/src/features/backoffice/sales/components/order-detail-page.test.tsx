import type { BackofficeOrderDetail, ErpSync } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';

const address = {
  company: 'Dischi Rossi S.r.l.',
  firstname: 'Giulia',
  lastname: 'Rossi',
  co: null,
  address: 'Corso di Porta Ticinese 58',
  postcode: '20123',
  city: 'Milano',
  state: 'MI',
  country: 'IT',
  phone: null,
};

function orderIn(status: BackofficeOrderDetail['status']): BackofficeOrderDetail {
  return {
    id: 40,
    order_no: '2026-000123',
    erp_order_no: null,
    date: '2026-11-20T09:30:00.000Z',
    status,
    channel: 'web',
    payment_method: 'cash_on_delivery',
    shipping_method_id: 1,
    customer_reference: 'PO-77',
    customer_reference_date: null,
    erp_order_reason: null,
    coupon_code: null,
    billing_company: 'Dischi Rossi S.r.l.',
    billing_address: address,
    shipping_address: address,
    total: 4910,
    total_without_taxes: 4000,
    vat: 880,
    shipping_costs: 0,
    payment_fee: 500,
    customer: {
      id: 7,
      name: 'Dischi Rossi S.r.l.',
      email: 'company@example.com',
      type: 'G',
      vat_id: 'IT01234567890',
      erp_code: null,
    },
    rows: [
      {
        id: 91,
        sku: 'MU-100001',
        description: 'Disco 1',
        ordered: 3,
        shipped: 0,
        cancelled: 0,
        residual: 3,
        ready: 3,
        discount: 200,
        price: 1000,
        subtotal: 3000,
        vat_rate: 2200,
        status: 'not_shipped',
      },
    ],
    payments: [],
    balance: { paid: 0, due: 4910, refund_due: 0 },
    documents: [],
    history: [{ from: null, to: 'registered', by: 'company@example.com', at: '2026-11-20T09:30:00.000Z' }],
    next_statuses: status === 'on_ship' ? ['shipped', 'partially_shipped'] : ['confirmed', 'cancelled'],
    erp_sync: 'queued',
  };
}

const sync: ErpSync = {
  id: 3,
  entity: 'order',
  status: 'failed',
  requested_by: null,
  created_at: '2026-11-20T09:30:00.000Z',
  sent_at: null,
  attempts: [{ at: '2026-11-20T09:31:00.000Z', ok: false, answer: 'HTTP 503' }],
};

const TRANSITION = 'The order cannot go from registered to cancelled.';
const BEYOND = 'Row MU-100001 has only 3 left to ship.';

function serve(status: BackofficeOrderDetail['status'], answers: Record<string, () => Response> = {}) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/warehouses': () =>
      json(200, {
        data: [{ id: 1, code: 'MAIN', description: 'Principale', management_type: 'standard' }],
        meta: { total: 1, page: 1, per_page: 100 },
      }),
    'GET /api/backoffice/orders/2026-000123': () => json(200, orderIn(status)),
    'GET /api/erp/status': () => json(200, { enabled: false }),
    'GET /api/orders/2026-000123/erp-syncs': () => json(200, [sync]),
    ...answers,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const bodyOf = (calls: { method: string; url: string; init?: RequestInit }[], url: string) =>
  JSON.parse(String(calls.find((c) => c.method === 'POST' && c.url === url)?.init?.body));

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('the order detail', { timeout: 20_000 }, () => {
  it('shows the order, its rows, history and ERP syncs, with the actions allowed now', async () => {
    serve('registered');
    renderApp('/backoffice/orders/2026-000123');
    expect(await screen.findByRole('heading', { name: 'Ordine 2026-000123' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Modifica' })).getAttribute('href')).toBe(
      '/backoffice/orders/2026-000123/edit',
    );
    const row = await screen.findByTestId('order-row');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent?.replace(/\s/g, ' '));
    expect(cells.slice(0, 10)).toEqual([
      'MU-100001',
      'Disco 1',
      '3',
      '0',
      '3',
      '3',
      '2 %',
      '10,00 €',
      '30,00 €',
      'Da spedire',
    ]);
    expect(within(row).queryByRole('button', { name: 'Segna spedita la riga MU-100001' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Annulla la riga MU-100001' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Passa a «Confermato»' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Annulla ordine' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Modifica' }).getAttribute('href')).toBe(
      '/backoffice/orders/2026-000123/edit',
    );
    expect(within(screen.getByTestId('status-change')).getByText('company@example.com')).toBeTruthy();
    expect(await screen.findByText(/HTTP 503/)).toBeTruthy();
    expect(screen.getByText(/La sincronizzazione con l'ERP è spenta/)).toBeTruthy();
  });

  it('asks before cancelling the order, sends it, and shows the 409 message translated', async () => {
    const { calls } = serve('registered', {
      'POST /api/orders/2026-000123/status': () => json(409, { message: TRANSITION }),
    });
    renderApp('/backoffice/orders/2026-000123');
    fireEvent.click(await screen.findByRole('button', { name: 'Annulla ordine' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/le quantità residue di tutte le righe vengono annullate/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByText("L'ordine non può passare da Registrato a Annullato.")).toBeTruthy();
    expect(bodyOf(calls, '/api/orders/2026-000123/status')).toEqual({ status: 'cancelled' });
    expect(screen.getByRole('heading', { name: 'Ordine 2026-000123' })).toBeTruthy();
  });

  it('shows a payment for a cancelled order as a refund due, and refunds it after confirmation', async () => {
    const cancelled: BackofficeOrderDetail = {
      ...orderIn('cancelled'),
      payment_method: 'card',
      payments: [
        {
          id: 5,
          method: 'card',
          gateway: 'test',
          status: 'voided',
          amount: 4910,
          amount_paid: null,
          refunded_amount: 0,
          date: '2026-11-20T09:31:00.000Z',
        },
        {
          id: 6,
          method: 'card',
          gateway: 'test',
          status: 'approved',
          amount: 4910,
          amount_paid: 4910,
          refunded_amount: 0,
          date: '2026-11-20T09:40:00.000Z',
        },
      ],
      balance: { paid: 4910, due: 0, refund_due: 4910 },
    };
    const { calls } = serve('cancelled', {
      'GET /api/backoffice/orders/2026-000123': () => json(200, cancelled),
      'POST /api/orders/2026-000123/refunds': () => json(200, { refunded: 4910, via: 'by_hand' }),
    });
    renderApp('/backoffice/orders/2026-000123');
    expect((await screen.findByTestId('payment-balance')).textContent?.replace(/\s/g, ' ')).toBe(
      'Pagato 49,10 € su 49,10 €',
    );
    const due = screen.getByTestId('refund-due');
    expect(within(due).getByText('Rimborso dovuto: 49,10 €')).toBeTruthy();
    const statuses = screen
      .getAllByTestId('order-payment')
      .map((r) => within(r).getAllByRole('cell')[2]?.textContent);
    expect(statuses).toEqual(['Annullato (ordine modificato)', 'Approvato']);

    fireEvent.click(within(due).getByRole('button', { name: /^Rimborsa 49,10\s€$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/saranno registrati come rimborsati a mano/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rimborsa' }));
    expect(await screen.findByText('49,10 € rimborsati.')).toBeTruthy();
    expect(
      calls.filter((c) => c.method === 'POST' && c.url === '/api/orders/2026-000123/refunds'),
    ).toHaveLength(1);
  });

  it('moves the order on after confirmation and says so', async () => {
    const { calls } = serve('registered', {
      'POST /api/orders/2026-000123/status': () => json(200, orderIn('confirmed')),
    });
    renderApp('/backoffice/orders/2026-000123');
    fireEvent.click(await screen.findByRole('button', { name: 'Passa a «Confermato»' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/passerà da «Registrato» a «Confermato»/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByText('Ordine passato a «Confermato».')).toBeTruthy();
    expect(bodyOf(calls, '/api/orders/2026-000123/status')).toEqual({ status: 'confirmed' });
  });

  it('marks a row shipped with the quantity and warehouse chosen, and shows a 422 on the row', async () => {
    let posts = 0;
    const { calls } = serve('on_ship', {
      'POST /api/orders/2026-000123/shipments': () => {
        posts += 1;
        return posts === 1
          ? json(422, { message: BEYOND, errors: { 'rows.0.quantity': [BEYOND] } })
          : json(201, {
              delivery_note: {
                id: 5,
                type: 'delivery_note',
                number: 'DDT-2026-000010',
                date: '2026-11-21',
                quantity: 2,
                amount: 2000,
                vat: 440,
              },
              invoice: {
                id: 6,
                type: 'invoice',
                number: 'INV-2026-000010',
                date: '2026-11-21',
                quantity: 2,
                amount: 2000,
                vat: 440,
              },
              status: 'partially_shipped',
            });
      },
    });
    renderApp('/backoffice/orders/2026-000123');
    fireEvent.click(await screen.findByRole('button', { name: 'Segna spedita la riga MU-100001' }));
    // an order being shipped can no longer be edited
    expect(screen.queryByRole('link', { name: 'Modifica' })).toBeNull();
    const dialog = await screen.findByRole('dialog');
    const quantity = within(dialog).getByRole('textbox', { name: /Quantità/ }) as HTMLInputElement;
    expect(quantity.value).toBe('3');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma spedizione' }));
    expect(
      await within(dialog).findByText('Alla riga MU-100001 restano solo 3 pezzi da spedire.'),
    ).toBeTruthy();

    fireEvent.change(quantity, { target: { value: '2' } });
    expect(
      within(dialog).getByText(/Saranno emessi un documento di trasporto e una fattura per 2 pz/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Magazzino' }));
    fireEvent.click(await screen.findByRole('option', { name: 'MAIN – Principale' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma spedizione' }));
    expect(await screen.findByText('Spedizione registrata: DDT-2026-000010 e INV-2026-000010.')).toBeTruthy();
    const shipments = calls.filter((c) => c.method === 'POST' && c.url.endsWith('/shipments'));
    expect(JSON.parse(String(shipments[0]?.init?.body))).toEqual({ rows: [{ id: 91, quantity: 3 }] });
    expect(JSON.parse(String(shipments[1]?.init?.body))).toEqual({
      rows: [{ id: 91, quantity: 2 }],
      warehouse_id: 1,
    });
  });

  it('cancels part of a row after confirmation', async () => {
    const { calls } = serve('registered', {
      'POST /api/order-rows/91/cancel': () =>
        json(200, { ...orderIn('registered').rows[0], cancelled: 1, residual: 2, ready: 2 }),
    });
    renderApp('/backoffice/orders/2026-000123');
    fireEvent.click(await screen.findByRole('button', { name: 'Annulla la riga MU-100001' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Quantità/ }), { target: { value: '1' } });
    expect(within(dialog).getByText(/Saranno annullati 1 pz di MU-100001/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla i pezzi' }));
    expect(await screen.findByText('Riga MU-100001 annullata.')).toBeTruthy();
    await waitFor(() => expect(bodyOf(calls, '/api/order-rows/91/cancel')).toEqual({ quantity: 1 }));
  });

  it('re-sends the order to the ERP after confirmation', async () => {
    const { calls } = serve('registered', {
      'POST /api/orders/2026-000123/erp-sync': () =>
        json(201, { ...sync, id: 4, status: 'queued', attempts: [] }),
    });
    renderApp('/backoffice/orders/2026-000123');
    fireEvent.click(await screen.findByRole('button', { name: "Reinvia all'ERP" }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: "Reinvia all'ERP" }));
    expect(await screen.findByText("Ordine rimesso in coda per l'ERP.")).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/orders/2026-000123/erp-sync')).toBe(true);
  });

  it('shows who placed the order, the staff member who did it for him and the approval it needed (issue 19)', async () => {
    serve('registered', {
      'GET /api/backoffice/orders/2026-000123': () =>
        json(200, {
          ...orderIn('registered'),
          placed_by: { email: 'buyer@example.com', staff_email: 'admin@example.com' },
          approval: {
            reason: 'order_limit',
            outcome: 'approved',
            decided_by: 'company@example.com',
            decided_at: '2026-11-20T10:15:00.000Z',
            note: 'Scorte di Natale',
          },
        }),
    });
    renderApp('/backoffice/orders/2026-000123');
    expect(await screen.findByText('buyer@example.com')).toBeTruthy();
    expect(screen.getByText('Inserito da')).toBeTruthy();
    expect(screen.getByText('Dallo staff').nextElementSibling?.textContent).toBe('admin@example.com');
    const approval = screen.getByRole('region', { name: 'Approvazione' });
    const facts = [...approval.querySelectorAll('p')].map((p) => p.textContent);
    expect(facts).toEqual([
      'Motivo',
      'Oltre il limite per ordine',
      'Decisione',
      'Approvato',
      'Deciso da',
      'company@example.com',
      'Deciso il',
      '20/11/2026 11:15',
      'Nota',
      'Scorte di Natale',
    ]);
  });

  it('shows no approval for an order that needed none', async () => {
    serve('registered');
    renderApp('/backoffice/orders/2026-000123');
    await screen.findByRole('heading', { name: 'Ordine 2026-000123' });
    await screen.findByTestId('order-row');
    expect(screen.queryByRole('region', { name: 'Approvazione' })).toBeNull();
  });
});
