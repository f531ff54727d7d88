import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { cartStorageKey } from '../../../lib/cart/cart-store';
import { queryClient } from '../../../lib/query-client';
import { price, productCard } from '../../../test/catalog-fixtures';
import { customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const cd = productCard();
const lp = productCard({
  id: 2,
  sku: 'MU000002',
  description: 'Notti di vinile',
  support: 'LP',
  availability: 'preorder',
  available_quantity: 0,
  release_date: '2026-12-04',
  price: price({ list_price: 2990, discount_rate: 1000, discounted_price: 2691, unit_price: 2691 }),
});

function serve() {
  const stub = stubFetch({
    'GET /api/user': () => json(200, customerUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/product-categories': () =>
      json(200, {
        data: [
          {
            id: 1,
            code: 'MUSICA',
            description: 'Musica',
            in_homepage: true,
            subcategories: [{ id: 1, code: 'CD', description: 'CD', in_homepage: true }],
          },
        ],
      }),
    'GET /api/products': (_init, url) => {
      const query = new URL(url, 'http://shop.test').searchParams;
      if (query.get('q') === 'nulla')
        return json(200, { data: [], meta: { total: 0, page: 1, per_page: 24 } });
      return json(200, { data: [cd, lp], meta: { total: 2, page: 1, per_page: 24 } });
    },
    'GET /api/products/facets': () =>
      json(200, {
        facets: {
          label: [
            { value: 'Vinile Nero', count: 2 },
            { value: 'Aurora Records', count: 1 },
          ],
          category: [{ value: 'MUSICA', count: 2 }],
          subcategory: [{ value: 'CD', count: 1 }],
          author: [],
          area: [],
          support: [],
          distribution: [],
          genre: [],
        },
      }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

function locationOf(router: ReturnType<typeof renderApp>['router']) {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

const productCalls = (calls: ReturnType<typeof serve>['calls']) =>
  calls.filter((call) => call.url.startsWith('/api/products?')).map((call) => call.url);

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

/** Whole-app renders: generous time on a busy machine. */
describe('product list page', { timeout: 15_000 }, () => {
  it('lists the products of the URL’s filters with their prices, availability and counts', async () => {
    const { calls } = serve();
    renderApp('/products?category=MUSICA');

    expect(await screen.findByRole('heading', { level: 1, name: 'Musica' })).toBeTruthy();
    const cards = await screen.findAllByTestId('product-card');
    expect(cards).toHaveLength(2);
    expect(screen.getByTestId('result-count').textContent).toBe('2 prodotti');
    expect(document.title).toBe('Musica | Sonora Distribuzione');

    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Canzoni del mare' }).getAttribute('href')).toBe(
      '/products/MU000001',
    );
    expect(first.getByText('Disponibile')).toBeTruthy();
    expect(first.getByText('6–20 pz')).toBeTruthy();
    expect(first.getByTestId('unit-price').textContent).toBe('12,90\u00a0€');
    expect(first.getByText('IVA esclusa')).toBeTruthy();

    const second = within(cards[1]!);
    expect(second.getByText('Preordine')).toBeTruthy();
    expect(second.getByText('Uscita il 04/12/2026')).toBeTruthy();
    expect(second.getByTestId('unit-price').textContent).toBe('26,91\u00a0€');
    expect(second.getByTestId('list-price').textContent).toBe('29,90\u00a0€');
    expect(second.getByText('Sconto 10%')).toBeTruthy();

    expect(productCalls(calls)[0]).toBe('/api/products?category=MUSICA&page=1&per_page=24');
  });

  it('filters by a facet value, sorts, and keeps it all in the URL', async () => {
    const { calls } = serve();
    const { router } = renderApp('/products?category=MUSICA&page=2');

    const labels = await screen.findByTestId('facet-label');
    fireEvent.click(await within(labels).findByRole('button', { name: /Vinile Nero/ }));
    await waitFor(() => expect(locationOf(router)).toBe('/products?category=MUSICA&label=Vinile+Nero'));
    await waitFor(() =>
      expect(productCalls(calls)).toContain(
        '/api/products?category=MUSICA&label=Vinile+Nero&page=1&per_page=24',
      ),
    );
    await waitFor(() =>
      expect(
        within(labels)
          .getByRole('button', { name: /Vinile Nero/ })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(
      await screen.findByRole('button', { name: 'Rimuovi il filtro Etichetta: Vinile Nero' }),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Ordina per'), { target: { value: 'release_date:desc' } });
    await waitFor(() =>
      expect(locationOf(router)).toBe(
        '/products?category=MUSICA&label=Vinile+Nero&sort=release_date&dir=desc',
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi il filtro Etichetta: Vinile Nero' }));
    await waitFor(() =>
      expect(locationOf(router)).toBe('/products?category=MUSICA&sort=release_date&dir=desc'),
    );

    // back and forward walk through the list's states
    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLSelectElement>('Ordina per').value).toBe('release_date:desc'),
    );
    expect(locationOf(router)).toContain('label=Vinile+Nero');
  });

  it('searches 300 ms after typing and offers to reset the filters when nothing matches', async () => {
    serve();
    const { router } = renderApp('/products?category=MUSICA&sort=title&dir=asc');
    const search = await screen.findByRole('combobox', { name: 'Cerca nel catalogo' });
    fireEvent.change(search, { target: { value: 'nulla' } });
    expect(locationOf(router)).toBe('/products?category=MUSICA&sort=title&dir=asc');

    await waitFor(() =>
      expect(locationOf(router)).toBe('/products?q=nulla&category=MUSICA&sort=title&dir=asc'),
    );
    const empty = await screen.findByTestId('empty-results');
    expect(within(empty).getByText('Nessun prodotto corrisponde alla ricerca')).toBeTruthy();

    fireEvent.click(within(empty).getByRole('button', { name: 'Azzera i filtri' }));
    await waitFor(() => expect(locationOf(router)).toBe('/products?sort=title&dir=asc'));
    expect(await screen.findAllByTestId('product-card')).toHaveLength(2);
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Cerca nel catalogo' }).value).toBe(''),
    );
  });

  it('filters by product type from the search box', async () => {
    serve();
    const { router } = renderApp('/products');
    fireEvent.change(await screen.findByLabelText('Tipo di prodotto'), { target: { value: 'T_SHIRT' } });
    await waitFor(() => expect(locationOf(router)).toBe('/products?type=T_SHIRT'));
  });

  it('adds a product to the cart within its stock and says so', async () => {
    serve();
    renderApp('/products?category=MUSICA');
    const card = within((await screen.findAllByTestId('product-card'))[0]!);
    const quantity = card.getByRole('textbox', { name: 'Quantità di Canzoni del mare' });
    fireEvent.change(quantity, { target: { value: '50' } });
    fireEvent.click(card.getByRole('button', { name: 'Aggiungi al carrello' }));
    expect(JSON.parse(localStorage.getItem(cartStorageKey(customerUser.id)) ?? '{}')).toEqual({
      products: [{ id: 1, isVariant: false, quantity: 12, sku: 'MU000001', title: 'Canzoni del mare' }],
    });
    expect(await screen.findByText('Aggiunto al carrello')).toBeTruthy();
    expect((await screen.findByTestId('cart-count')).textContent).toContain('12');
  });
});
