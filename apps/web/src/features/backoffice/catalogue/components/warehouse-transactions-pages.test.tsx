import type { WarehouseTransaction } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';

const unload: WarehouseTransaction = {
  id: 5,
  document_date: '2026-11-20',
  document_number: 'DDT-9',
  operation: 'unload',
  product_id: 40,
  sku: 'MU-1',
  variant_code: null,
  warehouse_id: 2,
  warehouse_code: 'EXT',
  quantity: -3,
  previous_stock: 10,
  result_stock: 7,
  user: 'admin@example.com',
  created_at: '2026-11-21T09:30:00.000Z',
};
const BELOW_ZERO = 'Only 10 on hand in this warehouse';

function serve() {
  let posts = 0;
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/warehouses': () =>
      json(200, {
        data: [
          { id: 1, code: 'MAIN', description: 'Principale', management_type: 'standard' },
          { id: 2, code: 'EXT', description: 'Esterno', management_type: 'standard' },
        ],
        meta: { total: 2, page: 1, per_page: 100 },
      }),
    'GET /api/warehouse-transactions': () =>
      json(200, { data: [unload], meta: { total: 1, page: 1, per_page: 25 } }),
    'GET /api/warehouse-transactions/5': () => json(200, unload),
    'POST /api/warehouse-transactions': () => {
      posts += 1;
      return posts === 1
        ? json(422, { message: BELOW_ZERO, errors: { quantity: [BELOW_ZERO] } })
        : json(201, { transactions: [unload], allocated: [], deallocated: [] });
    },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

async function choose(label: RegExp, option: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('warehouse transactions back office', { timeout: 15_000 }, () => {
  it('lists the transactions of a SKU and a warehouse, and exports that list', async () => {
    const { calls } = serve();
    renderApp('/backoffice/warehouse-transactions?q=MU-1&warehouse=EXT');
    const link = await screen.findByRole('link', { name: 'DDT-9' });
    expect(link.getAttribute('href')).toBe('/backoffice/warehouse-transactions/5');
    const row = link.closest('tr')!;
    for (const text of ['20/11/2026', 'Scarico', 'MU-1', 'EXT', '-3', '10', '7', 'admin@example.com'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByText('21/11/2026 10:30')).toBeTruthy();
    const listCall = calls.find((c) => c.url.startsWith('/api/warehouse-transactions?'));
    expect(listCall?.url).toContain('sku=MU-1');
    expect(listCall?.url).toContain('warehouse=EXT');
    expect(screen.getByRole('link', { name: 'Esporta in Excel' }).getAttribute('href')).toBe(
      '/api/warehouse-transactions/export?sku=MU-1&warehouse=EXT',
    );
  });

  it('imports stock movements from Excel, with their template', async () => {
    serve();
    renderApp('/backoffice/warehouse-transactions');
    fireEvent.click(await screen.findByRole('button', { name: 'Importa da Excel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importa movimenti di magazzino da Excel' });
    expect(
      within(dialog)
        .getByRole('link', { name: /Scarica il modello/ })
        .getAttribute('href'),
    ).toBe('/api/imports/stock-movements/template');
  });

  it("records a movement: the server's 422 lands on the quantity, then the new transaction opens", async () => {
    const { calls } = serve();
    const { router } = renderApp('/backoffice/warehouse-transactions/new');
    await choose(/Operazione/, 'Scarico');
    fireEvent.change(screen.getByRole('textbox', { name: /SKU/ }), { target: { value: 'MU-1' } });
    await choose(/^Magazzino/, 'MAIN – Principale');
    expect(screen.queryByRole('combobox', { name: /Magazzino di destinazione/ })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /Quantità/ }), { target: { value: '11' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Numero documento/ }), {
      target: { value: 'DDT-9' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Registra il movimento' }));

    expect(await screen.findByText('Solo 10 in giacenza in questo magazzino')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Quantità/ }).getAttribute('aria-invalid')).toBe('true');
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toMatchObject({
      operation: 'unload',
      sku: 'MU-1',
      warehouse: 1,
      quantity: 11,
      document_number: 'DDT-9',
    });
    expect(JSON.parse(String(post?.init?.body))).not.toHaveProperty('to_warehouse');

    fireEvent.click(screen.getByRole('button', { name: 'Registra il movimento' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/warehouse-transactions/5'));
    expect(await screen.findByText('Giacenza risultante')).toBeTruthy();
    expect(screen.getByText('DDT-9 – MU-1')).toBeTruthy();
  });
});
