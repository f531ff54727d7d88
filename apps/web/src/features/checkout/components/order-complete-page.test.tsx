import type { Order, QuickOrderReport } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { cartStorageKey } from '../../../lib/cart/cart-store';
import { leavePageTo } from '../../../lib/leave-page';
import { queryClient } from '../../../lib/query-client';
import { order } from '../../../test/cart-fixtures';
import { customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

vi.mock('../../../lib/leave-page', () => ({ leavePageTo: vi.fn() }));

const report: QuickOrderReport = {
  products: [{ id: 1, isVariant: false, quantity: 2 }],
  lines: [
    {
      line: 1,
      code: 'MU000001',
      requested: 2,
      quantity: 2,
      status: 'added',
      sku: 'MU000001',
      title: 'Canzoni del mare',
    },
    {
      line: 2,
      code: 'MU000002',
      requested: 1,
      quantity: 0,
      status: 'out_of_stock',
      sku: 'MU000002',
      title: 'Notti di vinile',
    },
  ],
};

function serve(status: 'failed_payment' | 'confirmed' | 'registered', more: Partial<Order> = {}) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, customerUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/orders/W-2026-000090': () => json(200, order({ status, ...more })),
    'POST /api/orders/W-2026-000090/payments': () =>
      json(201, { redirect_url: 'http://shop.test/payments/test/tok-2' }),
    'POST /api/orders/W-2026-000090/reorder': () => json(200, report),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  vi.mocked(leavePageTo).mockClear();
  await i18n.changeLanguage('it');
});

describe('order confirmation page', { timeout: 15_000 }, () => {
  it('says a declined payment was declined and pays again on the gateway', async () => {
    serve('failed_payment');
    renderApp('/checkout/complete/W-2026-000090');
    expect((await screen.findByTestId('order-status')).textContent).toBe('Pagamento non riuscito');
    expect(screen.getByTestId('payment-declined').textContent).toContain('Il pagamento è stato rifiutato.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ordine W-2026-000090');
    expect(screen.getByTestId('order-total').textContent).toBe('41,12\u00a0€');
    expect(screen.getByTestId('order-vat').textContent).toBe('7,42\u00a0€');
    expect(within(screen.getByTestId('order-rows')).getByText('Canzoni del mare')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Paga ora' }));
    await waitFor(() => expect(leavePageTo).toHaveBeenCalledWith('http://shop.test/payments/test/tok-2'));
  });

  it('offers a registered SEPA order its mandate (Pay now) while it is unpaid', async () => {
    serve('registered', { payment_method: 'sepa', paid_at: null });
    renderApp('/checkout/complete/W-2026-000090');
    expect((await screen.findByTestId('order-status')).textContent).toBe('Registrato');
    expect(screen.getByTestId('payment-pending')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Paga ora' }));
    await waitFor(() => expect(leavePageTo).toHaveBeenCalledWith('http://shop.test/payments/test/tok-2'));
  });

  it('offers no payment to a paid SEPA order nor to a cash-on-delivery one', async () => {
    serve('registered', { payment_method: 'sepa', paid_at: '2026-11-21T10:00:00.000Z' });
    const { unmount } = renderApp('/checkout/complete/W-2026-000090');
    expect((await screen.findByTestId('order-status')).textContent).toBe('Registrato');
    expect(screen.queryByRole('button', { name: 'Paga ora' })).toBeNull();
    unmount();
    queryClient.clear();
    serve('registered', { payment_method: 'cash_on_delivery' });
    renderApp('/checkout/complete/W-2026-000090');
    expect((await screen.findByTestId('order-status')).textContent).toBe('Registrato');
    expect(screen.queryByRole('button', { name: 'Paga ora' })).toBeNull();
    expect(screen.queryByTestId('payment-pending')).toBeNull();
  });

  it('thanks for a confirmed order, offers no payment, and orders it again line by line', async () => {
    serve('confirmed');
    renderApp('/checkout/complete/W-2026-000090');
    expect(
      await screen.findByRole('heading', { name: 'Grazie: il tuo ordine è stato inserito' }),
    ).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe('Confermato');
    expect(screen.queryByRole('button', { name: 'Paga ora' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Ordina di nuovo' }));
    const lines = await screen.findAllByTestId('quick-order-line');
    expect(lines.map((line) => line.getAttribute('data-status'))).toEqual(['added', 'out_of_stock']);
    expect(within(lines[1]!).getByText('Esaurito')).toBeTruthy();
    expect(screen.getByTestId('quick-order-summary').textContent).toBe('1 righe aggiunte su 2');
    expect(JSON.parse(localStorage.getItem(cartStorageKey(customerUser.id)) ?? '{}')).toEqual({
      products: [{ id: 1, isVariant: false, quantity: 2 }],
    });
  });
});
