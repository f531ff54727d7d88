import { CampaignDetailSchema, CampaignSchema, type CurrentUser } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { price, productCard } from '../../../test/catalog-fixtures';
import { customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const autumn = CampaignSchema.parse({
  id: 7,
  title: 'Autunno in vinile',
  description: 'Prezzi speciali sui vinili',
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  category: 'MUSICA',
  in_home: true,
  is_featured: true,
});

function serve(user: CurrentUser | null) {
  const stub = stubFetch({
    'GET /api/user': () => (user ? json(200, user) : json(401, { message: 'Unauthenticated.' })),
    'GET /api/shop': () => json(200, shop),
    'GET /api/campaigns': () => json(200, { data: [autumn] }),
    'GET /api/campaigns/7': () =>
      json(
        200,
        CampaignDetailSchema.parse({
          ...autumn,
          products: user
            ? [
                productCard({
                  price: price({
                    campaign_price: 990,
                    is_under_campaign: true,
                    unit_price: 990,
                    unit_price_with_vat: 1208,
                  }),
                }),
              ]
            : [],
          meta: { total: user ? 1 : 0, page: 1, per_page: 24 },
        }),
      ),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

/** Whole-app renders: generous time on a busy machine. */
describe('campaigns', { timeout: 15_000 }, () => {
  it('lists a category’s campaigns with their dates, then one campaign’s products at campaign prices', async () => {
    const { calls } = serve(customerUser);
    const { router } = renderApp('/campaigns?category=MUSICA');
    expect(await screen.findByRole('heading', { level: 1, name: 'Campagne · Musica' })).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/campaigns?category=MUSICA')).toBe(true);
    const card = within(await screen.findByTestId('campaign-card'));
    expect(card.getByText('Dal 01/11/2026 al 30/11/2026')).toBeTruthy();

    fireEvent.click(card.getByRole('link', { name: 'Autunno in vinile' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=MUSICA&campaign=7'));
    const product = within(await screen.findByTestId('product-card'));
    expect(product.getByText('Campagna')).toBeTruthy();
    expect(product.getByTestId('unit-price').textContent).toBe('9,90\u00a0€');
    expect(product.getByTestId('list-price').textContent).toBe('12,90\u00a0€');
    expect(document.title).toBe('Autunno in vinile | Sonora Distribuzione');
  });

  it('asks for the recent campaigns on /new-campaign and invites visitors to sign in for the products', async () => {
    const { calls } = serve(null);
    renderApp('/new-campaign');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuove campagne' })).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/campaigns?new=1')).toBe(true));
    fireEvent.click(await screen.findByRole('link', { name: 'Autunno in vinile' }));
    expect(await screen.findByText('Accedi per vedere i prodotti e i prezzi della campagna.')).toBeTruthy();
  });
});
