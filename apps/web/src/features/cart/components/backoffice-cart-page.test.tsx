import type { PlaceOrderRequest, QuoteRequest } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { cartStorageKey } from '../../../lib/cart/cart-store';
import { queryClient } from '../../../lib/query-client';
import { cartProduct, order, quote } from '../../../test/cart-fixtures';
import { adminUser, customer, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const swiss = {
  ...customer,
  id: 40,
  company: 'Swiss Sounds AG',
  email: 'extra@example.com',
  country: 'CH',
  extra_cee: true,
  tax_rule: 'exempt' as const,
  addresses: [
    {
      id: 70,
      type: 'B' as const,
      company: 'Swiss Sounds AG',
      firstname: null,
      lastname: null,
      co: null,
      address: 'Bahnhofstrasse 1',
      postcode: '8001',
      city: 'Zürich',
      state: null,
      country: 'CH',
      phone: null,
      note: null,
      is_default: true,
    },
  ],
};

/** Priced for the Swiss customer: VAT exempt, so no VAT at all. */
const exempt = quote(
  [
    cartProduct({
      vatRate: 0,
      singlePriceWithVat: 1290,
      totalPriceWithVat: 2580,
      roundedTotalPriceWithVat: 2580,
      vat: 0,
    }),
  ],
  {
    customer_id: 40,
    shipping: {
      methodId: 2,
      slug: 'international',
      price: 2500,
      priceWithVAT: 2500,
      free_shipping: 30000,
      is_free: false,
    },
    vat: 0,
    total_without_taxes: 5080,
    total: 5080,
  },
);

function serve() {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/customers': (_init, url) =>
      json(200, {
        data: new URL(url, 'http://shop.test').searchParams.get('text') === 'swiss' ? [swiss] : [],
        meta: { total: 1, page: 1, per_page: 20 },
      }),
    'GET /api/customers/40': () => json(200, swiss),
    'POST /api/cart/quote': () => json(200, exempt),
    'POST /api/orders': () =>
      json(201, {
        order: order({ customer_id: 40, channel: 'backoffice', status: 'registered' }),
        payment: null,
      }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const adminKey = cartStorageKey(adminUser.id);

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('back-office cart and checkout', { timeout: 20_000 }, () => {
  it('prices the cart as the chosen customer and places the order for them', async () => {
    localStorage.setItem(adminKey, JSON.stringify({ products: [{ id: 1, isVariant: false, quantity: 2 }] }));
    const { calls } = serve();
    const { router } = renderApp('/backoffice/cart');

    expect(await screen.findByTestId('choose-customer')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/cart/quote')).toBe(false);

    const picker = screen.getByPlaceholderText('Cerca per ragione sociale, nome o e-mail');
    // typed by the user: the field has the focus (Mantine tells typing from autofill by it)
    picker.focus();
    fireEvent.change(picker, { target: { value: 'swiss' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Swiss Sounds AG — extra@example.com' }));

    await screen.findByTestId('cart-line');
    const quoted = calls
      .filter((c) => c.url === '/api/cart/quote')
      .map((c) => JSON.parse(String(c.init?.body)) as QuoteRequest);
    expect(quoted.at(-1)).toEqual({ products: [{ id: 1, isVariant: false, quantity: 2 }], customer_id: 40 });
    expect(screen.getByTestId('total-vat').textContent).toBe('0,00\u00a0€');
    expect(screen.getByTestId('total').textContent).toBe('50,80\u00a0€');
    expect(JSON.parse(localStorage.getItem(adminKey) ?? '{}').customer).toEqual({
      id: 40,
      name: 'Swiss Sounds AG — extra@example.com',
    });

    fireEvent.click(screen.getByTestId('proceed-to-checkout'));
    expect(await screen.findByText('Ordine per Swiss Sounds AG — extra@example.com')).toBeTruthy();
    const billing = within(await screen.findByTestId('billing-addresses'));
    expect(billing.getAllByRole('radio')[0]).toHaveProperty('checked', true);
    fireEvent.click(await screen.findByRole('radio', { name: 'Come da accordi' }));
    const place = screen.getByRole('button', { name: "Conferma l'ordine" });
    await waitFor(() => expect(place).toHaveProperty('disabled', false));
    fireEvent.click(place);

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/backoffice/checkout/complete/W-2026-000090'),
    );
    const body = JSON.parse(
      String(calls.find((c) => c.url === '/api/orders')?.init?.body),
    ) as PlaceOrderRequest;
    expect(body).toMatchObject({
      customer_id: 40,
      billing: { address_id: 70 },
      shipping: { address_id: 70 },
      expected_total: 5080,
    });
    expect(localStorage.getItem(adminKey)).toBeNull();
  });
});
