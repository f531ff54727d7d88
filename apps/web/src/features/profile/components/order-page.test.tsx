import type { CustomerReturn, Order, OrderReturns } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { leavePageTo } from '../../../lib/leave-page';
import { queryClient } from '../../../lib/query-client';
import { order } from '../../../test/cart-fixtures';
import { customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

vi.mock('../../../lib/leave-page', () => ({ leavePageTo: vi.fn() }));

const rows: Order['rows'] = [
  { ...order().rows[0]!, id: 1, quantities: { ordered: 5, shipped: 2, cancelled: 0, residual: 3, ready: 1 } },
  {
    ...order().rows[0]!,
    id: 2,
    product_sku: 'MU000002',
    description: 'Notti di vinile',
    quantities: { ordered: 1, shipped: 0, cancelled: 0, residual: 1, ready: 1 },
    status: 'on_shipping',
  },
];

const noReturns: OrderReturns = {
  data: [],
  returnable: [{ row_id: 1, sku: 'MU000001', description: 'Canzoni del mare', shipped: 2, returnable: 2 }],
};

function serve(
  more: Partial<Order>,
  paymentsMode: typeof shop.payments_mode = 'live',
  routes: Parameters<typeof stubFetch>[0] = {},
) {
  const stub = stubFetch({
    'GET /api/orders/W-2026-000090/returns': () => json(200, noReturns),
    'GET /api/user': () => json(200, customerUser),
    'GET /api/shop': () => json(200, { ...shop, payments_mode: paymentsMode }),
    'GET /api/orders/W-2026-000090': () => json(200, order({ rows, ...more })),
    'GET /api/orders/W-2026-999999': () => json(404, { message: 'Not Found' }),
    'POST /api/orders/W-2026-000090/payments': () =>
      json(201, { redirect_url: 'http://shop.test/payments/test/tok-3' }),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  vi.mocked(leavePageTo).mockClear();
  await i18n.changeLanguage('it');
});

describe('my order', { timeout: 15_000 }, () => {
  it('shows where it is, each row’s shipped, residual and ready quantities, totals and addresses', async () => {
    serve({ status: 'partially_shipped', payment_method: 'cash_on_delivery' });
    renderApp('/profile/orders/W-2026-000090');
    expect((await screen.findByTestId('order-status')).textContent).toBe('Spedito parzialmente');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ordine W-2026-000090');
    const tracking = screen.getByTestId('order-tracking');
    expect(tracking.getAttribute('data-step')).toBe('2');
    expect(within(tracking).getByText('In transito')).toBeTruthy();
    const [first, second] = screen.getAllByTestId('order-row');
    expect([...first!.querySelectorAll('td')].slice(0, 7).map((td) => td.textContent)).toEqual([
      'MU000001',
      'Canzoni del mare',
      '5',
      '2',
      '3',
      '1',
      'Da spedire',
    ]);
    expect(within(second!).getByTestId('row-status').textContent).toBe('In spedizione');
    expect(screen.getByTestId('order-total').textContent).toBe('41,12\u00a0€');
    expect(within(screen.getByTestId('order-addresses')).getByText('Indirizzo di fatturazione')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Paga ora' })).toBeNull();
  });

  it('shows a private person’s order with VAT, the discount of the price shown and the fee, labelled (issue 16)', async () => {
    // 15.90 less 2% and 8% = 14.34 net, 17.49 with VAT: 9.85% below 19.40; cash on delivery
    serve({
      status: 'registered',
      payment_method: 'cash_on_delivery',
      display: 'gross',
      payment_fee: 500,
      shipping_costs: 690,
      shipping_costs_with_vat: 842,
      payment_fee_with_vat: 610,
      coupon_rate: null,
      vat: 315 + 152 + 110,
      total_without_taxes: 1434 + 690 + 500,
      total: 1749 + 842 + 610,
      shown: { subtotal_before_coupon: 1749, coupon: 0, subtotal: 1749, shipping: 842, payment_fee: 610 },
      rows: [
        {
          ...rows[0]!,
          quantities: { ordered: 1, shipped: 0, cancelled: 0, residual: 1, ready: 1 },
          price: 1434,
          subtotal: 1434,
          discount: 981,
          list_price: 1590,
          price_before_coupon: 1434,
          discount_rate: 985,
          shown_price: 1749,
          shown_total: 1749,
        },
      ],
    });
    renderApp('/profile/orders/W-2026-000090');
    const row = within(await screen.findByTestId('order-row'));
    expect(row.getByTestId('row-price').textContent).toBe('17,49\u00a0€');
    expect(row.getByTestId('row-discount').textContent).toBe('9,85%');
    expect(row.getByTestId('row-total').textContent).toBe('17,49\u00a0€');
    expect(screen.getByRole('columnheader', { name: 'Prezzo unitario (IVA incl.)' })).toBeTruthy();
    expect(screen.getByTestId('order-subtotal').textContent).toBe('17,49\u00a0€');
    expect(screen.getByTestId('order-shipping').textContent).toBe('8,42\u00a0€');
    expect(screen.getByTestId('order-payment-fee').textContent).toBe('6,10\u00a0€');
    expect(screen.getByText('Commissione contrassegno (IVA incl.)')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('32,01\u00a0€');
    expect(screen.getByTestId('order-vat').textContent).toBe('5,77\u00a0€');
  });

  it('shows a fixed coupon as its own line, with its code and what it took off (rule 17)', async () => {
    // FISSO10: 10.00 off 2 × 12.90 net = 15.80, 19.28 with VAT; before it 31.48
    serve({
      status: 'registered',
      display: 'gross',
      coupon_code: 'FISSO10',
      coupon_rate: null,
      coupon_amount: 1000,
      shipping_costs: 690,
      shipping_costs_with_vat: 842,
      payment_fee: 0,
      payment_fee_with_vat: 0,
      vat: 348 + 152,
      total_without_taxes: 1580 + 690,
      total: 1928 + 842,
      shown: { subtotal_before_coupon: 3148, coupon: 1220, subtotal: 1928, shipping: 842, payment_fee: 0 },
      rows: [
        {
          ...rows[0]!,
          quantities: { ordered: 2, shipped: 0, cancelled: 0, residual: 2, ready: 2 },
          price: 1290,
          coupon_share: 1000,
          subtotal: 1580,
          list_price: 1290,
          price_before_coupon: 1290,
          discount_rate: 0,
          shown_price: 1574,
          shown_total: 3148,
        },
      ],
    });
    renderApp('/profile/orders/W-2026-000090');
    expect((await screen.findByTestId('order-subtotal')).textContent).toBe('31,48\u00a0€');
    expect(screen.getByText('Coupon FISSO10 (IVA incl.)')).toBeTruthy();
    expect(screen.getByTestId('order-coupon').textContent).toBe('-12,20\u00a0€');
    expect(screen.getByTestId('order-total').textContent).toBe('27,70\u00a0€');
  });

  it('offers Pay now to an order awaiting payment, at the first tracking step', async () => {
    serve({ status: 'pending', payment_method: 'card' });
    renderApp('/profile/orders/W-2026-000090');
    expect((await screen.findByTestId('order-tracking')).getAttribute('data-step')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Paga ora' }));
    await waitFor(() => expect(leavePageTo).toHaveBeenCalledWith('http://shop.test/payments/test/tok-3'));
  });

  it('says online payments are not available instead of Pay now when the shop has no payment provider', async () => {
    const { calls } = serve({ status: 'pending', payment_method: 'card' }, 'off');
    renderApp('/profile/orders/W-2026-000090');
    expect(
      await screen.findByText(
        'I pagamenti online non sono disponibili: nessun sistema di pagamento è configurato.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Paga ora' })).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows no tracking for a cancelled order, and the not-found page for an unknown one', async () => {
    serve({ status: 'cancelled' });
    const { unmount } = renderApp('/profile/orders/W-2026-000090');
    expect((await screen.findByTestId('order-status')).textContent).toBe('Annullato');
    expect(screen.queryByTestId('order-tracking')).toBeNull();
    unmount();
    renderApp('/profile/orders/W-2026-999999');
    expect(await screen.findByText('Pagina non trovata')).toBeTruthy();
  });
});

describe('returns on my order (issue 21 point 5)', { timeout: 15_000 }, () => {
  const authorised: CustomerReturn = {
    id: 7,
    number: 'RMA-2026-000003',
    status: 'credited',
    created_at: '2026-11-02T09:00:00Z',
    rows: [
      {
        id: 70,
        order_row_id: 1,
        sku: 'MU000001',
        description: 'Canzoni del mare',
        shipped: 2,
        quantity: 1,
        received_qty: 1,
        reason: 'damaged',
        note: null,
      },
    ],
    photos: 0,
    instructions: 'Spedisci a Via Oslavia 17',
    staff_note: null,
    credit_note: { id: 91, number: 'CN-2026-000004', date: '2026-11-05', amount: 1290, vat: 284 },
    refund: { method: 'bank_transfer', amount: 1574, reference: null, refunded_at: '2026-11-06T10:00:00Z' },
  };

  it('lists the returns with number, status, credit note and refund', async () => {
    serve({ status: 'shipped' }, 'live', {
      'GET /api/orders/W-2026-000090/returns': () =>
        json(200, { data: [authorised], returnable: [{ ...noReturns.returnable[0]!, returnable: 1 }] }),
    });
    renderApp('/profile/orders/W-2026-000090');
    const card = await screen.findByRole('article', { name: 'Reso RMA-2026-000003' });
    expect(within(card).getByTestId('return-status').textContent).toBe('Accreditato');
    expect(within(card).getByText('Nota di credito CN-2026-000004: 15,74 €')).toBeTruthy();
    expect(within(card).getByText('15,74 € da rimborsare con bonifico bancario.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: /CN-2026-000004/ })).toBeTruthy();
  });

  it("shows a company viewer the order's returns without offering to ask for one", async () => {
    serve({ status: 'shipped' }, 'live', {
      'GET /api/orders/W-2026-000090/returns': () =>
        json(200, { data: [authorised], returnable: [{ ...noReturns.returnable[0]!, returnable: 1 }] }),
      'GET /api/user': () => json(200, { ...customerUser, customer_role: 'viewer' }),
    });
    renderApp('/profile/orders/W-2026-000090');
    expect(await screen.findByRole('article', { name: 'Reso RMA-2026-000003' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rendi articoli' })).toBeNull();
  });

  it('asks for a return in the dialog: a note for Other, and the server refusal on the quantity', async () => {
    const { calls } = serve({ status: 'shipped' }, 'live', {
      'POST /api/orders/W-2026-000090/returns': () =>
        json(422, {
          message: 'Row 1 (MU000001) can be returned for at most 1.',
          errors: { 'rows.0.quantity': ['Row 1 (MU000001) can be returned for at most 1.'] },
        }),
    });
    renderApp('/profile/orders/W-2026-000090');
    fireEvent.click(await screen.findByRole('button', { name: 'Rendi articoli' }));
    const quantity = await screen.findByRole('textbox', {
      name: 'Quantità di MU000001 da rendere, al massimo 2',
    });
    fireEvent.change(quantity, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Richiedi il reso' }));
    expect(await screen.findByText('Scegli un motivo.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('combobox', { name: 'Motivo per MU000001' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Altro' }));
    fireEvent.click(screen.getByRole('button', { name: 'Richiedi il reso' }));
    expect(await screen.findByText("Spiegaci che cosa non va nell'articolo.")).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Che cosa non va in MU000001' }), {
      target: { value: 'Custodia rotta' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Richiedi il reso' }));
    expect(await screen.findByText('La riga 1 (MU000001) può essere resa al massimo per 1.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post!.init!.body))).toEqual({
      rows: [{ row_id: 1, quantity: 2, reason: 'other', note: 'Custodia rotta' }],
    });
  });
});
