import { type CurrentUser, creditMessages } from '@shop/domain';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { cartStorageKey } from '../../../lib/cart/cart-store';
import { queryClient } from '../../../lib/query-client';
import { cartProduct, quote } from '../../../test/cart-fixtures';
import { customer, customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

/** Issue 20 point 3: credit control as the customer meets it at checkout. */

const addresses = [
  { id: 3, type: 'B' as const, is_default: true },
  { id: 4, type: 'S' as const, is_default: true },
].map((a) => ({
  ...a,
  company: 'Dischi Rossi srl',
  firstname: null,
  lastname: null,
  co: null,
  address: 'Via Verdi 3',
  postcode: '20121',
  city: 'Milano',
  state: 'MI',
  country: 'IT',
  phone: null,
  note: null,
}));

const contact = 'Sonora Srl, +39 02 1234567, info@example.com';

function serve(user: CurrentUser, placed: () => Response = () => json(500, {})) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, user),
    'GET /api/shop': () => json(200, shop),
    'POST /api/cart/quote': () => json(200, quote([cartProduct()])),
    'POST /api/orders': placed,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('en');
  localStorage.setItem(
    cartStorageKey(customerUser.id),
    JSON.stringify({
      products: [{ id: 1, isVariant: false, quantity: 2, sku: 'MU000001', title: 'Canzoni' }],
    }),
  );
});

describe('checkout and credit control', { timeout: 15_000 }, () => {
  it('tells a blocked customer who to call and disables Place order before he tries', async () => {
    const blocked = creditMessages.orderingBlocked.replace(':contact', contact);
    serve({ ...customerUser, customer: { ...customer, addresses }, ordering_blocked: blocked });
    renderApp('/checkout');
    expect((await screen.findByTestId('ordering-blocked')).textContent).toBe(blocked);
    expect(screen.getByTestId('place-order')).toHaveProperty('disabled', true);
  });

  it('shows why an order over the credit limit was refused', async () => {
    const refused = creditMessages.overCreditLimit
      .replace(':available', '12.50')
      .replace(':contact', contact);
    serve({ ...customerUser, customer: { ...customer, addresses } }, () => json(422, { message: refused }));
    renderApp('/checkout');
    fireEvent.click(await screen.findByRole('radio', { name: 'Cash on delivery' }));
    const place = screen.getByTestId('place-order');
    await vi.waitFor(() => expect(place).toHaveProperty('disabled', false));
    fireEvent.click(place);
    expect((await screen.findByTestId('order-error')).textContent).toContain(refused);
  });
});
