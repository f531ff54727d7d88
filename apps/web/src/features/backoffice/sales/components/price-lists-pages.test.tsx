import type { PriceList, PriceListRow } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';
import { PriceTiersSection } from '../../catalogue/components/price-tiers-section';
import { renderRoutes } from '../../scaffold/test-harness';

const list: PriceList = {
  id: 5,
  name: 'Catene 2026',
  currency: 'EUR',
  valid_from: '2026-01-01',
  valid_until: null,
  customer_groups: [{ id: 1, name: 'RIVENDITORI – Rivenditori' }],
  customers: [{ id: 9, name: 'Extra Srl' }],
  rows_count: 1,
};
const row: PriceListRow = {
  id: 41,
  price_list_id: 5,
  product_id: 3,
  sku: 'MU-100001',
  description: 'Disco 1',
  list_price: 2000,
  price: 1450,
  min_quantity: 10,
};
const TAKEN = 'Another price list already has this name.';
const ROW_TAKEN = 'This list already has a row for MU-100001 from 10 units.';
const DECREASING = 'Each tier’s price must be lower than the list price and the tier below it.';
const page = <T,>(data: T[]) => json(200, { data, meta: { total: data.length, page: 1, per_page: 25 } });

function serve() {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/customer-groups': () =>
      page([{ id: 1, code: 'RIVENDITORI', description: 'Rivenditori', external_group_id: null }]),
    'GET /api/customers': () => page([]),
    'GET /api/price-lists': () => page([list]),
    'GET /api/price-lists/5': () => json(200, list),
    'PUT /api/price-lists/5': () => json(422, { message: TAKEN, errors: { name: [TAKEN] } }),
    'GET /api/price-lists/5/rows': () => page([row]),
    'POST /api/price-lists/5/rows': () =>
      json(422, { message: ROW_TAKEN, errors: { min_quantity: [ROW_TAKEN] } }),
    'PUT /api/price-list-rows/41': (init) => json(200, { ...row, ...JSON.parse(String(init?.body)) }),
    'DELETE /api/price-list-rows/41': () => new Response(null, { status: 204 }),
    'GET /api/products/3/price-tiers': () =>
      json(200, { list_price: 2000, tiers: [{ min_quantity: 10, price: 1900 }] }),
    'PUT /api/products/3/price-tiers': () =>
      json(422, { message: DECREASING, errors: { 'tiers.1.price': [DECREASING] } }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

const bodyOf = (calls: ReturnType<typeof serve>['calls'], method: string, url: string) =>
  JSON.parse(String(calls.find((c) => c.method === method && c.url === url)?.init?.body));

describe('price lists back office', { timeout: 15_000 }, () => {
  it('lists price lists with Italian dates, who they apply to and their rows', async () => {
    serve();
    renderApp('/backoffice/price-lists');
    const link = await screen.findByRole('link', { name: 'Catene 2026' });
    expect(link.getAttribute('href')).toBe('/backoffice/price-lists/5');
    const cells = within(link.closest('tr')!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['Catene 2026', '01/01/2026', '–', 'RIVENDITORI – Rivenditori, Extra Srl', '1']);
    expect(screen.getByRole('link', { name: 'Esporta in Excel' }).getAttribute('href')).toBe(
      '/api/exports/price-list-rows',
    );
  });

  it('sends groups and customers by id and shows a reused name on the name field', async () => {
    const { calls } = serve();
    renderApp('/backoffice/price-lists/5');
    expect(await screen.findByDisplayValue('Catene 2026')).toBeTruthy();
    expect(screen.getByDisplayValue('EUR')).toHaveProperty('readOnly', true);
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Un altro listino ha già questo nome.')).toBeTruthy();
    expect(bodyOf(calls, 'PUT', '/api/price-lists/5')).toEqual({
      name: 'Catene 2026',
      currency: 'EUR',
      valid_from: '2026-01-01',
      valid_until: null,
      customer_group_ids: [1],
      customer_ids: [9],
    });
  });

  it('refuses a validity end before its start on the field, without calling the server', async () => {
    const { calls } = serve();
    renderApp('/backoffice/price-lists/5');
    const until = await screen.findByRole('textbox', { name: 'Valido fino al' });
    fireEvent.change(until, { target: { value: '31/12/2025' } });
    fireEvent.blur(until);
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText("La fine della validità non può precedere l'inizio.")).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the rows in euros, puts a taken quantity on its field, edits a row and deletes one', async () => {
    const { calls } = serve();
    renderApp('/backoffice/price-lists/5/rows');
    const sku = await screen.findByText('MU-100001');
    const cells = within(sku.closest('tr')!)
      .getAllByRole('cell')
      .map((c) => c.textContent?.replace(/\s/g, ' '));
    expect(cells.slice(0, 5)).toEqual(['MU-100001', 'Disco 1', '10', '20,00 €', '14,50 €']);
    expect(screen.getByRole('link', { name: 'Esporta in Excel' }).getAttribute('href')).toBe(
      '/api/exports/price-list-rows?price_list_id=5',
    );

    fireEvent.change(screen.getByRole('textbox', { name: /SKU/ }), { target: { value: 'MU-100001' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Prezzo netto/ }), { target: { value: '13,90' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Da quantità/ }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }));
    expect(await screen.findByText('Questo listino ha già una riga per MU-100001 da 10 pezzi.')).toBeTruthy();
    expect(bodyOf(calls, 'POST', '/api/price-lists/5/rows')).toEqual({
      sku: 'MU-100001',
      price: 1390,
      min_quantity: 10,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Modifica MU-100001' }));
    const price = await screen.findByDisplayValue('€ 14,50');
    fireEvent.change(price, { target: { value: '12,00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Prezzo di MU-100001 aggiornato.')).toBeTruthy();
    expect(bodyOf(calls, 'PUT', '/api/price-list-rows/41')).toEqual({
      sku: 'MU-100001',
      price: 1200,
      min_quantity: 10,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Elimina MU-100001' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Il prezzo di MU-100001 \(Disco 1\) da 10 pezzi/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/price-list-rows/41')).toBe(true),
    );
    expect(await screen.findByText('MU-100001 rimosso dal listino.')).toBeTruthy();
  });
});

describe('volume prices of a product', { timeout: 15_000 }, () => {
  const renderTiers = () => renderRoutes([{ path: '/', element: <PriceTiersSection productId={3} /> }], '/');

  it('refuses a tier from 1 unit on its own field before sending', async () => {
    const { calls } = serve();
    renderTiers();
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi uno scaglione' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Scaglione 2: da pezzi/ }), {
      target: { value: '1' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Scaglione 2: prezzo netto/ }), {
      target: { value: '18' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva i prezzi a quantità' }));
    expect(
      await screen.findByText('Uno scaglione parte da 2 pezzi o più: un pezzo paga il prezzo di listino.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("sends the whole list in cents and shows the server's tiers.N.price error on that row", async () => {
    const { calls } = serve();
    renderTiers();
    expect(await screen.findByDisplayValue('€ 19,00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi uno scaglione' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Scaglione 2: da pezzi/ }), {
      target: { value: '50' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Scaglione 2: prezzo netto/ }), {
      target: { value: '17,50' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva i prezzi a quantità' }));
    const error = await screen.findByText(
      'Il prezzo di ogni scaglione deve essere più basso del prezzo di listino e di quello dello scaglione precedente.',
    );
    const second = screen.getByRole('textbox', { name: /Scaglione 2: prezzo netto/ });
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(second.getAttribute('aria-describedby')).toContain(error.id);
    expect(bodyOf(calls, 'PUT', '/api/products/3/price-tiers')).toEqual({
      tiers: [
        { min_quantity: 10, price: 1900 },
        { min_quantity: 50, price: 1750 },
      ],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi lo scaglione 2' }));
    expect(screen.queryByRole('textbox', { name: /Scaglione 2/ })).toBeNull();
  });
});
