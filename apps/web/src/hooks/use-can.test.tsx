import type { CurrentUser, CustomerAddress, CustomerOrderRow } from '@shop/domain';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { queryClient } from '../lib/query-client';
import { order } from '../test/cart-fixtures';
import { productDetail } from '../test/catalog-fixtures';
import { customer, customerUser, shop } from '../test/fixtures';
import { json, renderApp, stubFetch } from '../test/render';

/** Issue 19: the storefront hides what a role may not do (the server refuses it anyway). */
const viewer: CurrentUser = {
  ...customerUser,
  id: 5,
  email: 'accounts@example.com',
  customer_role: 'viewer',
};
const buyer: CurrentUser = { ...customerUser, id: 3, email: 'buyer@example.com', customer_role: 'buyer' };
const admin: CurrentUser = { ...customerUser, customer_role: 'admin' };

const readyRow: CustomerOrderRow = {
  id: 1,
  product_id: 1,
  product_sku: 'MU000001',
  description: 'Canzoni del mare',
  quantities: { ordered: 3, shipped: 0, cancelled: 0, residual: 3, ready: 3 },
  status: 'not_shipped',
  is_preorder: false,
  orderNo: '2026-000001',
  order_date: '2026-11-02T09:00:00.000Z',
  order_status: 'registered',
  processing_date: null,
};
const billing: CustomerAddress = {
  id: 3,
  type: 'B',
  company: 'Dischi Rossi srl',
  firstname: 'Anna',
  lastname: 'Rossi',
  co: null,
  address: 'Via Verdi 3',
  postcode: '20121',
  city: 'Milano',
  state: 'MI',
  country: 'IT',
  phone: null,
  note: null,
  is_default: true,
};

function serve(user: CurrentUser) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, user),
    'GET /api/shop': () => json(200, shop),
    'GET /api/product-categories': () => json(200, { data: [] }),
    'GET /api/products/MU000001': () => json(200, productDetail()),
    'GET /api/orders/W-2026-000090': () => json(200, order({ status: 'pending', payment_method: 'card' })),
    'GET /api/orders/W-2026-000090/payments': () =>
      json(200, { paid: 0, due: 4112, refund_due: 0, payable: 4112 }),
    [`GET /api/customers/${customer.id}/order-rows`]: () =>
      json(200, { data: [readyRow], meta: { total: 1, page: 1, per_page: 50 } }),
    [`GET /api/customers/${customer.id}/addresses`]: () =>
      json(200, { data: [billing], meta: { total: 1, page: 1, per_page: 25 } }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('en');
});

describe('what a role may do in the storefront', { timeout: 20_000 }, () => {
  it('shows a viewer a product without Add to cart and no quick order in the header', async () => {
    serve(viewer);
    renderApp('/products/MU000001');
    await screen.findByRole('heading', { level: 1, name: 'Canzoni del mare' });
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Quick order' })).toBeNull();
  });

  it('shows a buyer the same product with Add to cart', async () => {
    serve(buyer);
    renderApp('/products/MU000001');
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Quick order' })).toBeTruthy();
  });

  it('lists a viewer’s ready rows without Request shipping', async () => {
    serve(viewer);
    renderApp('/profile/order-rows');
    expect(await screen.findByText('Canzoni del mare')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request shipping' })).toBeNull();
  });

  it('shows a viewer an order awaiting payment without Pay now or Order again', async () => {
    serve(viewer);
    renderApp('/profile/orders/W-2026-000090');
    expect((await screen.findByTestId('order-status')).textContent).toBe('Awaiting payment');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Order again' })).toBeNull();
  });

  it('tells a viewer at checkout and on quick order that his role does not allow ordering', async () => {
    serve(viewer);
    renderApp('/quick-order');
    expect((await screen.findByTestId('cannot-order')).textContent).toBe(
      'Your role does not allow ordering.',
    );
  });

  it('lets a buyer read the addresses but not change them; the company admin may', async () => {
    serve(buyer);
    const first = renderApp('/profile/addresses');
    expect(await screen.findByText('Via Verdi 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit the address/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a shipping address' })).toBeNull();
    first.unmount();
    queryClient.clear();
    serve(admin);
    renderApp('/profile/addresses');
    expect(await screen.findByRole('button', { name: 'Add a shipping address' })).toBeTruthy();
  });
});
