import type { Order, OrderRow } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { backofficeRoutes } from '../../../../app/routes/backoffice-routes';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { json, setCookie, stubFetch } from '../../../../test/render';
import { renderRoutes } from '../../scaffold/test-harness';
import { OrderEditPage } from './order-edit-page';

const address = {
  company: null,
  firstname: 'Paola',
  lastname: 'Bianchi',
  co: null,
  address: 'Via Roma 1',
  postcode: '40121',
  city: 'Bologna',
  state: 'BO',
  country: 'IT',
  phone: null,
};

function row(id: number, sku: string, ordered: number, over: Partial<OrderRow> = {}): OrderRow {
  return {
    id,
    product_id: id + 100,
    product_sku: sku,
    description: `Disco ${sku}`,
    total_ordered_qty: ordered,
    quantities: { ordered, shipped: 0, cancelled: 0, residual: ordered, ready: ordered },
    discount: 0,
    price: 1290,
    vat_rate: 2200,
    subtotal: 1290 * ordered,
    status: 'not_shipped',
    is_preorder: false,
    note: null,
    ...over,
  };
}

const order: Order = {
  id: 123,
  orderNo: '2026-000123',
  erp_order_no: null,
  channel: 'web',
  customer_id: 7,
  billing_company: null,
  date: '2026-11-20T10:00:00.000Z',
  status: 'registered',
  payment_method: 'cash_on_delivery',
  shipping_method_id: 1,
  shipping_address: address,
  billing_address: address,
  shipping_costs: 690,
  payment_fee: 500,
  coupon_code: null,
  vat: 830,
  total: 5600,
  total_without_taxes: 3770,
  customer_reference: null,
  customer_reference_date: null,
  erp_order_reason: null,
  paid_at: null,
  rows: [row(1, 'CD-1', 2), row(2, 'CD-2', 1, { status: 'on_shipping' })],
};

const abbeyRoad = {
  id: 900,
  sku: 'LP-9',
  description: 'Abbey Road',
  author: 'The Beatles',
  label: null,
  support: 'LP',
  catalogue_no: null,
  ean13: null,
  isbn: null,
  category: 'MUSICA',
  subcategory: null,
  brand: null,
  release_date: null,
  price: 2490,
  available_quantity: 5,
  available: true,
  discontinued: false,
  has_variants: false,
  cover_url: null,
};

type Handlers = { put?: (body: unknown) => Response; post?: (body: unknown) => Response; current?: Order };

function serve({ put, post, current = order }: Handlers = {}) {
  const stub = stubFetch({
    'GET /api/orders/2026-000123': () => json(200, current),
    'GET /api/backoffice/products': () =>
      json(200, { data: [abbeyRoad], meta: { total: 1, page: 1, per_page: 10 } }),
    'PUT /api/orders/2026-000123': (init) =>
      (put ?? (() => json(200, current)))(JSON.parse(String(init?.body))),
    'POST /api/order/123/rows': (init) =>
      (post ?? (() => json(200, current)))(JSON.parse(String(init?.body))),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

function open(path = '/backoffice/orders/2026-000123/edit') {
  return renderRoutes(
    [
      { path: '/backoffice/orders/:orderNo/edit', element: <OrderEditPage /> },
      { path: '/backoffice/orders/:orderNo', element: <p>Dettaglio ordine</p> },
    ],
    path,
  );
}

const quantityOf = (sku: string) => screen.getByRole('textbox', { name: `Quantità di ${sku}` });

beforeEach(async () => {
  queryClient.clear();
  setCookie('XSRF-TOKEN', 'token');
  await i18n.changeLanguage('it');
});

describe('editing an order in the back office', { timeout: 30_000 }, () => {
  it('saves addresses, reference, reason, a quantity and a new row, toasts and returns to the order', async () => {
    const put = vi.fn(() => json(200, order));
    const post = vi.fn(() => json(200, order));
    serve({ put, post });
    const { router } = open();

    const shipping = within(await screen.findByTestId('shipping_address-form'));
    fireEvent.change(shipping.getByRole('textbox', { name: 'Indirizzo' }), {
      target: { value: 'Via Indipendenza 8' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Riferimento ordine del cliente' }), {
      target: { value: ' PO-77 ' },
    });
    const date = screen.getByRole('textbox', { name: 'Data del riferimento' });
    fireEvent.change(date, { target: { value: '02/03/2026' } });
    fireEvent.blur(date);
    fireEvent.click(screen.getByRole('combobox', { name: 'Causale ordine ERP' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sostituzione' }));

    // The row on shipping says why it cannot change; the other has its quantity input.
    expect(screen.getByText('In spedizione: non modificabile')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Quantità di CD-2' })).toBeNull();
    fireEvent.change(quantityOf('CD-1'), { target: { value: '5' } });

    const search = screen.getByPlaceholderText('SKU o titolo (almeno 2 caratteri)');
    search.focus();
    fireEvent.change(search, { target: { value: 'abbey' } });
    fireEvent.click(await screen.findByRole('option', { name: 'LP-9 · Abbey Road' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantità' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }));
    expect(
      within(screen.getByRole('table', { name: 'Righe da aggiungere' })).getByText('Abbey Road'),
    ).toBeTruthy();
    expect((quantityOf('LP-9') as HTMLInputElement).value).toBe('3');

    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Ordine 2026-000123 salvato')).toBeTruthy();
    expect(put).toHaveBeenCalledWith({
      shipping_address: { ...address, company: '', co: '', phone: '', address: 'Via Indipendenza 8' },
      billing_address: { ...address, company: '', co: '', phone: '' },
      customer_reference: 'PO-77',
      customer_reference_date: '2026-03-02',
      erp_order_reason: 'replacement',
      rows: [{ id: 1, quantity: 5 }],
    });
    expect(post).toHaveBeenCalledWith({ rows: [{ product_id: 900, quantity: 3 }] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/orders/2026-000123'));
  });

  it("shows the server's 422 on the fields, in Italian, and stays on the form", async () => {
    const put = vi.fn(() =>
      json(422, {
        message: 'Invalid value',
        errors: {
          'shipping_address.postcode': ['Invalid value'],
          'rows.0.quantity': ['This row can no longer be changed: it is on_shipping.'],
        },
      }),
    );
    const post = vi.fn(() => json(200, order));
    serve({ put, post });
    const { router } = open();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Quantità di CD-1' }), {
      target: { value: '4' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(
      await screen.findByText('Questa riga non può più essere modificata: è nello stato on_shipping.'),
    ).toBeTruthy();
    const postcode = within(screen.getByTestId('shipping_address-form')).getByRole('textbox', {
      name: 'CAP',
    });
    expect(postcode.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText("L'ordine non è stato salvato.")).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/backoffice/orders/2026-000123/edit');
  });

  it('refuses a quantity below one before sending anything', async () => {
    const put = vi.fn(() => json(200, order));
    serve({ put });
    open();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Quantità di CD-1' }), {
      target: { value: '0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Deve essere maggiore di 0')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it('shows a 409 above the form, translated', async () => {
    serve({
      put: () => json(409, { message: 'This order can no longer be edited: it is picking.' }),
    });
    open();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Riferimento ordine del cliente' }), {
      target: { value: 'PO-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    const alert = (await screen.findByText("L'ordine non è stato salvato.")).closest('[role="alert"]')!;
    expect(alert.textContent).toContain("L'ordine non è stato salvato.");
    expect(alert.textContent).toContain(
      'Questo ordine non può più essere modificato: è nello stato In preparazione.',
    );
  });

  it('keeps the rows to add on the form when only they are refused, saying the rest is saved', async () => {
    const saved = { ...order, customer_reference: 'PO-5' };
    const put = vi.fn(() => json(200, saved));
    const post = vi.fn(() =>
      json(409, { message: 'Only 1 of Abbey Road can be ordered now. Please check the cart.' }),
    );
    serve({ put, post });
    const { router } = open();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Riferimento ordine del cliente' }), {
      target: { value: 'PO-5' },
    });
    const search = screen.getByPlaceholderText('SKU o titolo (almeno 2 caratteri)');
    search.focus();
    fireEvent.change(search, { target: { value: 'abbey' } });
    fireEvent.click(await screen.findByRole('option', { name: 'LP-9 · Abbey Road' }));
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    const alert = (
      await screen.findByText(
        "Le modifiche dell'ordine sono salvate, ma le righe nuove non sono state aggiunte.",
      )
    ).closest('[role="alert"]')!;
    expect(alert.textContent).toContain('Di Abbey Road se ne possono ordinare ora solo 1.');
    expect(put).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith({ rows: [{ product_id: 900, quantity: 1 }] });
    expect((quantityOf('LP-9') as HTMLInputElement).value).toBe('1');
    expect(router.state.location.pathname).toBe('/backoffice/orders/2026-000123/edit');
  });

  it('shows why an order being picked cannot be edited, and no form', async () => {
    serve({ current: { ...order, status: 'picking' } });
    open();
    expect(await screen.findByText('Questo ordine non si può più modificare')).toBeTruthy();
    expect(screen.getByText(/L'ordine è nello stato «In preparazione»/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Salva' })).toBeNull();
  });

  it('sends /backoffice/orders/new to the back-office cart', async () => {
    const entry = backofficeRoutes.find((r) => r.path === 'orders/new')!;
    const { router } = renderRoutes(
      [
        { path: '/backoffice/orders/new', element: entry.element },
        { path: '/backoffice/cart', element: <p>Carrello</p> },
      ],
      '/backoffice/orders/new',
    );
    expect(await screen.findByText('Carrello')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice/cart');
  });
});
