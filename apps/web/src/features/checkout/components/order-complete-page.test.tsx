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

/** A private person's order as the server answers it: every figure also shown with VAT (issue 16). */
const grossOrder = (): Partial<Order> => ({
  display: 'gross',
  coupon_rate: null,
  shipping_costs_with_vat: 964,
  payment_fee_with_vat: 0,
  shown: { subtotal_before_coupon: 3148, coupon: 0, subtotal: 3148, shipping: 964, payment_fee: 0 },
  rows: [
    {
      ...order().rows[0]!,
      list_price: 1290,
      price_before_coupon: 1290,
      discount_rate: 0,
      shown_price: 1574,
      shown_total: 3148,
    },
  ],
});

/** A company's order with DISCHIROSSI15: 12.90 less 15% = 10.97 net, × 2 = 21.94. */
const couponOrder = (): Partial<Order> => ({
  display: 'net',
  coupon_code: 'DISCHIROSSI15',
  coupon_rate: 1500,
  shipping_costs_with_vat: 964,
  payment_fee_with_vat: 0,
  vat: 483 + 174,
  total_without_taxes: 2194 + 790,
  total: 2194 + 790 + 657,
  shown: { subtotal_before_coupon: 2580, coupon: 386, subtotal: 2194, shipping: 790, payment_fee: 0 },
  rows: [
    {
      ...order().rows[0]!,
      price: 1097,
      subtotal: 2194,
      discount: 1496,
      list_price: 1290,
      price_before_coupon: 1290,
      discount_rate: 0,
      shown_price: 1290,
      shown_total: 2580,
    },
  ],
});

describe('order confirmation page', { timeout: 15_000 }, () => {
  it('shows a private person the figures with VAT the cart showed, each labelled (issue 16)', async () => {
    serve('registered', grossOrder());
    renderApp('/checkout/complete/W-2026-000090');
    const row = within(await screen.findByTestId('order-row'));
    expect(row.getByTestId('row-price').textContent).toBe('15,74\u00a0€');
    expect(row.getByTestId('row-total').textContent).toBe('31,48\u00a0€');
    const rows = within(screen.getByTestId('order-rows'));
    expect(rows.getByRole('columnheader', { name: 'Prezzo unitario (IVA incl.)' })).toBeTruthy();
    expect(rows.getByRole('columnheader', { name: 'Totale riga (IVA incl.)' })).toBeTruthy();
    expect(screen.getByTestId('order-subtotal').textContent).toBe('31,48\u00a0€');
    expect(screen.getByText('Subtotale (IVA incl.)')).toBeTruthy();
    expect(screen.getByTestId('order-shipping').textContent).toBe('9,64\u00a0€');
    expect(screen.getByText('Spedizione (IVA incl.)')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('41,12\u00a0€');
    expect(screen.getByText('Totale (IVA incl.)')).toBeTruthy();
    expect(screen.getByTestId('order-vat').textContent).toBe('7,42\u00a0€');
    expect(screen.getByText('di cui IVA')).toBeTruthy();
    expect(screen.queryByTestId('order-total-net')).toBeNull();
  });

  it('shows a company’s coupon as its own line with its amount, after the subtotal without it (issue 16)', async () => {
    serve('registered', couponOrder());
    renderApp('/checkout/complete/W-2026-000090');
    const row = within(await screen.findByTestId('order-row'));
    expect(row.getByTestId('row-price').textContent).toBe('12,90\u00a0€');
    expect(row.getByTestId('row-total').textContent).toBe('25,80\u00a0€');
    expect(row.getByTestId('row-discount').textContent).toBe('—');
    expect(screen.getByTestId('order-subtotal').textContent).toBe('25,80\u00a0€');
    expect(screen.getByText('Subtotale (IVA escl.)')).toBeTruthy();
    expect(screen.getByTestId('order-coupon').textContent).toBe('-3,86\u00a0€');
    expect(screen.getByText('Coupon DISCHIROSSI15 −15% (IVA escl.)')).toBeTruthy();
    expect(screen.getByTestId('order-shipping').textContent).toBe('7,90\u00a0€');
    expect(screen.getByTestId('order-total-net').textContent).toBe('29,84\u00a0€');
    expect(screen.getByTestId('order-vat').textContent).toBe('6,57\u00a0€');
    expect(screen.getByTestId('order-total').textContent).toBe('36,41\u00a0€');
  });

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
    expect(screen.getByTestId('quick-order-summary').textContent).toBe('1 riga aggiunta su 2');
    expect(JSON.parse(localStorage.getItem(cartStorageKey(customerUser.id)) ?? '{}')).toEqual({
      products: [{ id: 1, isVariant: false, quantity: 2 }],
    });
  });
});
