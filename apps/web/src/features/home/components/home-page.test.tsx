import { type CurrentUser, HomeSchema } from '@shop/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { cartStorageKey } from '../../../lib/cart/cart-store';
import { queryClient } from '../../../lib/query-client';
import { productCard } from '../../../test/catalog-fixtures';
import { customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

/** Checked against the API contract, so the page is tested with what the server may send. */
const home = () =>
  HomeSchema.parse({
    featured: [productCard({ id: 1, sku: 'MU1', description: 'In vetrina' })],
    latest: [productCard({ id: 2, sku: 'MU2', description: 'Appena uscito' })],
    coming_soon: [productCard({ id: 3, sku: 'MU3', description: 'Tra un mese', availability: 'preorder' })],
    campaigns: [
      {
        id: 7,
        title: 'Autunno in vinile',
        description: 'Prezzi speciali sui vinili',
        start_date: '2026-11-01',
        end_date: '2026-11-30',
        category: 'MUSICA',
        in_home: true,
        is_featured: true,
      },
    ],
    categories: [
      {
        id: 1,
        code: 'MUSICA',
        description: 'Musica',
        in_homepage: true,
        subcategories: [
          { id: 1, code: 'LP', description: 'LP e vinili', in_homepage: true },
          { id: 2, code: 'MC', description: 'Musicassette', in_homepage: false },
        ],
      },
    ],
    brands: [
      { id: 4, code: 'AURORA', description: 'Aurora Records', in_homepage: true, logo: null, logo_url: null },
    ],
  });

function serve(user: CurrentUser | null) {
  vi.stubGlobal(
    'fetch',
    stubFetch({
      'GET /api/user': () => (user ? json(200, user) : json(401, { message: 'Unauthenticated.' })),
      'GET /api/shop': () => json(200, shop),
      'GET /api/home': () => json(200, home()),
    }).fetchStub,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

/** Whole-app renders: generous time on a busy machine. */
describe('home page', { timeout: 15_000 }, () => {
  it('shows a customer the featured, latest and coming-soon products, campaigns, categories and brands', async () => {
    serve(customerUser);
    renderApp('/');
    expect(await within(await screen.findByTestId('home-featured')).findByText('In vetrina')).toBeTruthy();
    expect(within(screen.getByTestId('home-latest')).getByText('Appena uscito')).toBeTruthy();
    expect(within(screen.getByTestId('home-upcoming')).getByText('Tra un mese')).toBeTruthy();
    expect(
      within(screen.getByTestId('home-featured')).getByRole('link', { name: 'Vedi tutti: In evidenza' }),
    ).toHaveProperty('pathname', '/products');

    const campaign = within(screen.getByTestId('home-campaigns')).getByRole('link', {
      name: 'Autunno in vinile',
    });
    expect(campaign.getAttribute('href')).toBe('/campaigns?category=MUSICA&campaign=7');

    const categories = within(screen.getByTestId('home-categories'));
    expect(categories.getByRole('link', { name: 'LP e vinili' }).getAttribute('href')).toBe(
      '/products?category=MUSICA&subcategory=LP',
    );
    expect(categories.queryByRole('link', { name: 'Musicassette' })).toBeNull();
    expect(
      within(screen.getByTestId('home-brands'))
        .getByRole('link', { name: 'Prodotti di Aurora Records' })
        .getAttribute('href'),
    ).toBe('/products?label=Aurora+Records');
  });

  it('shows a visitor the list-priced showcases to fill the guest cart, and invites them to sign in', async () => {
    serve(null);
    renderApp('/');
    const featured = within(await screen.findByTestId('home-featured'));
    expect(await featured.findByText('In vetrina')).toBeTruthy();
    fireEvent.click(featured.getByRole('button', { name: 'Aggiungi al carrello' }));
    expect(JSON.parse(localStorage.getItem(cartStorageKey(null)) ?? '{}').products).toEqual([
      expect.objectContaining({ id: 1, sku: 'MU1', isVariant: false, quantity: 1 }),
    ]);
    const prompt = within(screen.getByTestId('sign-in-prompt'));
    expect(prompt.getByText('Accedi per vedere i tuoi prezzi')).toBeTruthy();
    expect(prompt.getByRole('link', { name: 'Accedi' }).getAttribute('href')).toBe(
      '/sign-in?redirect=%2Fproducts',
    );
    expect(await screen.findByText('Autunno in vinile')).toBeTruthy();
  });
});
