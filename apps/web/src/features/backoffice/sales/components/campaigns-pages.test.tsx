import type { AdminCampaign, CampaignRow } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { queryClient } from '../../../../lib/query-client';
import { adminUser, shop } from '../../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../../test/render';

const campaign: AdminCampaign = {
  id: 4,
  title: "Vinili d'autunno",
  description: null,
  category_id: null,
  category: null,
  start_date: '2026-11-01',
  end_date: '2026-12-16',
  in_home: true,
  is_featured: false,
  rows_count: 1,
};
const row: CampaignRow = {
  id: 31,
  campaign_id: 4,
  product_id: 9,
  sku: 'MU-100001',
  description: 'Disco 1',
  list_price: 2000,
  price: 1590,
};
const UNKNOWN = 'No product has the SKU XX-404';
const END = 'The end date must not be before the start date';

function serve() {
  const stub = stubFetch({
    'GET /api/user': () => json(200, adminUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/product-categories': () => json(200, { data: [] }),
    'GET /api/backoffice/campaigns': () =>
      json(200, { data: [campaign], meta: { total: 1, page: 1, per_page: 25 } }),
    'GET /api/backoffice/campaigns/4': () => json(200, campaign),
    'PUT /api/campaign/4': () => json(422, { message: END, errors: { end_date: [END] } }),
    'GET /api/backoffice/campaigns/4/rows': () =>
      json(200, { data: [row], meta: { total: 1, page: 1, per_page: 25 } }),
    'POST /api/campaigns/4/rows': () => json(422, { message: UNKNOWN, errors: { 'rows.0.sku': [UNKNOWN] } }),
    'DELETE /api/campaign-rows/31/delete': () => new Response(null, { status: 204 }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('campaigns back office', { timeout: 15_000 }, () => {
  it('lists campaigns with Italian dates, flags and their product count', async () => {
    serve();
    renderApp('/backoffice/campaigns');
    const link = await screen.findByRole('link', { name: "Vinili d'autunno" });
    expect(link.getAttribute('href')).toBe('/backoffice/campaigns/4');
    const cells = within(link.closest('tr')!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(["Vinili d'autunno", '01/11/2026', '16/12/2026', 'Sì', 'No', '1']);
  });

  it('shows the server 422 on the end date of the info form', async () => {
    const { calls } = serve();
    renderApp('/backoffice/campaigns/4');
    expect(await screen.findByDisplayValue('16/12/2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('La data di fine non può precedere quella di inizio')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      title: "Vinili d'autunno",
      description: '',
      start_date: '2026-11-01',
      end_date: '2026-12-16',
      in_home: true,
      is_featured: false,
    });
  });

  it('shows the price list, names an unknown SKU, and removes a row after confirmation', async () => {
    const { calls } = serve();
    renderApp('/backoffice/campaigns/4/rows');
    const sku = await screen.findByText('MU-100001');
    const cells = within(sku.closest('tr')!)
      .getAllByRole('cell')
      .map((c) => c.textContent?.replace(/\s/g, ' '));
    expect(cells.slice(0, 4)).toEqual(['MU-100001', 'Disco 1', '20,00 €', '15,90 €']);
    expect(screen.getByRole('link', { name: 'Esporta in Excel' }).getAttribute('href')).toBe(
      '/api/exports/campaign-rows?campaign_id=4',
    );

    fireEvent.change(screen.getByRole('textbox', { name: /SKU/ }), { target: { value: 'XX-404' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Prezzo campagna/ }), { target: { value: '9,90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }));
    expect(await screen.findByText('Nessun prodotto ha lo SKU XX-404')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/campaigns/4/rows');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ rows: [{ sku: 'XX-404', price: 990 }] });

    fireEvent.click(screen.getByRole('button', { name: 'Elimina MU-100001' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Il prezzo campagna di MU-100001 \(Disco 1\) sarà eliminato/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/campaign-rows/31/delete')).toBe(true),
    );
    expect(await screen.findByText('MU-100001 rimosso dalla campagna.')).toBeTruthy();
  });
});
