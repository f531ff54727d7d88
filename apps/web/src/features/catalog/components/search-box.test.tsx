import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { productCard } from '../../../test/catalog-fixtures';
import { customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

/** Issue 22: the suggestions while typing (ARIA combobox) and the 'did you mean' line of the list. */

const neon = productCard({ id: 7, sku: 'MU000928', description: 'Neon Hearts', author: 'Lucy Walsh' });

function serve() {
  const stub = stubFetch({
    'GET /api/user': () => json(200, customerUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/product-categories': () => json(200, { data: [] }),
    'GET /api/products': (_init, url) => {
      const q = new URL(url, 'http://shop.test').searchParams.get('q');
      if (q === 'Neon Harts') {
        return json(200, {
          data: [neon],
          meta: { total: 1, page: 1, per_page: 24, did_you_mean: 'Neon Hearts' },
        });
      }
      return json(200, { data: [neon], meta: { total: 1, page: 1, per_page: 24 } });
    },
    'GET /api/products/facets': () => json(200, { facets: {} }),
    'GET /api/search/suggestions': (_init, url) =>
      json(200, {
        q: new URL(url, 'http://shop.test').searchParams.get('q'),
        did_you_mean: null,
        products: [neon],
        authors: [{ name: 'Lucy Walsh' }],
        labels: [],
        categories: [{ code: 'MUSICA', description: 'Musica', category: null }],
      }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const suggestionCalls = (calls: ReturnType<typeof serve>['calls']) =>
  calls.filter((c) => c.url.startsWith('/api/search/suggestions')).map((c) => c.url);

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('search box suggestions', { timeout: 15_000 }, () => {
  it('opens while typing (debounced), moves with the arrows, opens a product with Enter', async () => {
    const { calls } = serve();
    const { router } = renderApp('/products');
    const input = await screen.findByRole('combobox', { name: 'Cerca nel catalogo' });
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'ne' } });
    fireEvent.change(input, { target: { value: 'neon' } });
    const listbox = await screen.findByRole('listbox', { name: 'Suggerimenti' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    // one request for the text the typing settled on
    await waitFor(() => expect(suggestionCalls(calls)).toEqual(['/api/search/suggestions?q=neon']));

    const options = await within(listbox).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Neon Hearts'),
      'Lucy Walsh',
      'Musica',
    ]);
    expect(within(options[0]!).getByTestId('suggestion-price').textContent).toContain('12,90');
    expect(within(listbox).getByRole('group', { name: 'Autori' })).toBeTruthy();
    expect(options[1]!.getAttribute('href')).toBe('/products?author=Lucy+Walsh');
    expect(options[2]!.getAttribute('href')).toBe('/products?category=MUSICA');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);

    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/MU000928'));
  });

  it('closes with Escape and reopens with ArrowDown', async () => {
    serve();
    renderApp('/products');
    const input = await screen.findByRole('combobox', { name: 'Cerca nel catalogo' });
    fireEvent.change(input, { target: { value: 'lucy' } });
    expect(await screen.findByRole('listbox', { name: 'Suggerimenti' })).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('search-suggestions')).toBeNull());
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(await screen.findByRole('listbox', { name: 'Suggerimenti' })).toBeTruthy();
  });

  it("shows the 'did you mean' line with a link that runs the corrected search", async () => {
    serve();
    const { router } = renderApp('/products?q=Neon+Harts');
    const line = await screen.findByTestId('did-you-mean');
    expect(line.textContent).toContain('Forse cercavi Neon Hearts?');
    expect(line.textContent).toContain('Nessun prodotto per «Neon Harts»');
    fireEvent.click(within(line).getByRole('link', { name: 'Neon Hearts' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=Neon+Hearts'));
  });
});
