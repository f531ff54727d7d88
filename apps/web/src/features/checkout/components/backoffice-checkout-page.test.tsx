import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { cartStorageKey } from '../../../lib/cart/cart-store';
import { queryClient } from '../../../lib/query-client';
import { cartProduct, order, quote } from '../../../test/cart-fixtures';
import { adminUser, customer, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const rossi = { ...customer, id: 40, addresses: [] };

function serve() {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/customers/40': () => json(200, rossi),
    'POST /api/cart/quote': () => json(200, quote([cartProduct()], { customer_id: 40 })),
    'GET /api/orders/W-2026-000090': () =>
      json(
        200,
        order({ customer_id: 40, channel: 'backoffice', status: 'registered', customer_reference: 'PO-7' }),
      ),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
}

beforeEach(async () => {
  queryClient.clear();
  localStorage.setItem(
    cartStorageKey(adminUser.id),
    JSON.stringify({
      products: [{ id: 1, isVariant: false, quantity: 2 }],
      customer: { id: 40, name: 'Dischi Rossi S.r.l.' },
    }),
  );
  await i18n.changeLanguage('it');
});

describe('the back-office checkout speaks about the customer, not to him (issue 22)', {
  timeout: 20_000,
}, () => {
  it('labels the reference, the summary and the payment hints as the customer’s', async () => {
    serve();
    renderApp('/backoffice/checkout');
    expect(await screen.findByLabelText("Riferimento d'ordine del cliente")).toBeTruthy();
    expect(
      screen.getByText(
        "Facoltativo: il numero dell'ordine d'acquisto del cliente, riportato sui nostri documenti.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ordine del cliente' })).toBeTruthy();
    expect(screen.queryByText(/\btuo\b|\btua\b|\bPaghi\b/)).toBeNull();
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    serve();
    renderApp('/backoffice/checkout');
    expect(await screen.findByLabelText("Customer's order reference")).toBeTruthy();
    expect(screen.getByRole('heading', { name: "The customer's order" })).toBeTruthy();
    expect(screen.queryByText(/\byour\b/i)).toBeNull();
  });

  it('says the order was placed for the customer, with the customer’s reference', async () => {
    serve();
    renderApp('/backoffice/checkout/complete/W-2026-000090');
    expect(await screen.findByRole('heading', { name: 'Ordine inserito per il cliente' })).toBeTruthy();
    expect(screen.getByText('Riferimento del cliente: PO-7')).toBeTruthy();
    expect(screen.queryByText(/\btuo\b/)).toBeNull();
  });
});
