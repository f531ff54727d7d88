import type { ShippingMethod } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { json, setCookie, stubFetch } from '../../../../test/render';
import { renderRoutes } from '../../scaffold/test-harness';
import { ShippingMethodPage, ShippingMethodsPage } from './shipping-methods-pages';

const national: ShippingMethod = {
  id: 1,
  slug: 'national',
  code: 'IT-STD',
  description: 'Corriere Italia',
  price: 690,
  free_shipping: 15000,
  vat_id: 7,
};
const international: ShippingMethod = {
  id: 2,
  slug: 'international',
  code: 'INT-STD',
  description: 'Corriere estero',
  price: 1990,
  free_shipping: null,
  vat_id: 7,
};

function serve(put: (body: unknown) => Response) {
  const stub = stubFetch({
    'GET /api/shipping-methods': () =>
      json(200, { data: [national, international], meta: { total: 2, page: 1, per_page: 2 } }),
    'GET /api/shipping-methods/1': () => json(200, national),
    'GET /api/vats': () => json(200, { data: [{ id: 7, rate: 2200, description: 'IVA 22%' }] }),
    'PUT /api/shipping-methods/1': (init) => put(JSON.parse(String(init?.body))),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

function open(path: string) {
  return renderRoutes(
    [
      { path: '/backoffice/shipping-methods', element: <ShippingMethodsPage /> },
      { path: '/backoffice/shipping-methods/:id', element: <ShippingMethodPage /> },
    ],
    path,
  );
}

const cells = (link: string) =>
  within(screen.getByRole('link', { name: link }).closest('tr')!)
    .getAllByRole('cell')
    .map((td) => td.textContent?.replace(/\u00a0/g, ' '));

beforeEach(async () => {
  queryClient.clear();
  setCookie('XSRF-TOKEN', 'token');
  await i18n.changeLanguage('it');
});

describe('back-office shipping methods', { timeout: 15_000 }, () => {
  it('lists both methods with scope, price and free-shipping threshold in euros, searchable and exportable', async () => {
    serve(() => json(500, {}));
    open('/backoffice/shipping-methods');
    await screen.findByRole('link', { name: 'IT-STD' });
    expect(cells('IT-STD')).toEqual(['IT-STD', 'Corriere Italia', 'Nazionale', '6,90 €', '150,00 €']);
    expect(cells('INT-STD')).toEqual(['INT-STD', 'Corriere estero', 'Internazionale', '19,90 €', '—']);
    expect(screen.getByRole('button', { name: 'Importa da Excel' })).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Cerca' }), { target: { value: 'estero' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'IT-STD' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Esporta in Excel' }).getAttribute('href')).toBe(
      '/api/exports/shipping-methods?q=estero',
    );
  });

  it('saves a new price in cents, toasts, and marks the storefront’s start-up methods stale', async () => {
    const put = vi.fn((body: unknown) => json(200, { ...national, ...(body as object) }));
    serve(put);
    queryClient.setQueryData(['shipping-methods'], { data: [national] });
    open('/backoffice/shipping-methods/1');
    const price = await screen.findByRole('textbox', { name: 'Prezzo (IVA esclusa)' });
    await waitFor(() => expect((price as HTMLInputElement).value).toBe('€ 6,90'));
    fireEvent.change(price, { target: { value: '€ 9,90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Salvato')).toBeTruthy();
    expect(put).toHaveBeenCalledWith({
      slug: 'national',
      code: 'IT-STD',
      description: 'Corriere Italia',
      price: 990,
      free_shipping: 15000,
      vat_id: 7,
    });
    expect(queryClient.getQueryState(['shipping-methods'])?.isInvalidated).toBe(true);
  });

  it("shows the server's 'already exist' on the code field, in Italian", async () => {
    serve(() => json(422, { message: 'already exist', errors: { code: ['already exist'] } }));
    open('/backoffice/shipping-methods/1');
    const code = await screen.findByRole('textbox', { name: 'Codice' });
    fireEvent.change(code, { target: { value: 'INT-STD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('esiste già')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
  });
});
