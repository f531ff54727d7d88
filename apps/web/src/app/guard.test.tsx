import type { CurrentUser } from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { queryClient } from '../lib/query-client';
import { adminUser, customerUser, shop } from '../test/fixtures';
import { json, renderApp, setCookie, stubFetch } from '../test/render';

function serve(user: CurrentUser | null, extra: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/user': () => (user ? json(200, user) : json(401, { message: 'Unauthenticated.' })),
    'GET /api/shop': () => json(200, shop),
    'GET /sanctum/csrf-cookie': () => {
      setCookie('XSRF-TOKEN', 't0k3n');
      return new Response(null, { status: 204 });
    },
    ...extra,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

function currentPath(router: ReturnType<typeof renderApp>['router']): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('route guard (SPEC §2)', () => {
  it('sends a signed-out visitor home with the full target path, then there after signing in', async () => {
    const { calls } = serve(null, { 'POST /login': () => json(200, customerUser) });
    const { router } = renderApp('/products?category=MUSICA');

    await waitFor(() => expect(currentPath(router)).toBe('/?redirect=%2Fproducts%3Fcategory%3DMUSICA'));
    const email = await screen.findByRole('textbox', { name: 'Email' });
    fireEvent.change(email, { target: { value: 'Company@Example.com ' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Password1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));

    await waitFor(() => expect(currentPath(router)).toBe('/products?category=MUSICA'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Musica' })).toBeTruthy();
    const login = calls.find((call) => call.method === 'POST' && call.url === '/login');
    expect(JSON.parse(String(login?.init?.body))).toEqual({
      email: 'company@example.com',
      password: 'Password1!',
    });
  });

  it('shows the 422 credentials message on the e-mail field, in Italian', async () => {
    const errors = { email: ['These credentials do not match our records.'] };
    serve(null, {
      'POST /login': () => json(422, { message: 'These credentials do not match our records.', errors }),
    });
    renderApp('/sign-in');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'a@b.it' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText('Queste credenziali non corrispondono ai nostri archivi.')).toBeTruthy();
  });

  it('does not enforce sign-in on checkout', async () => {
    serve(null);
    const { router } = renderApp('/checkout');
    expect(await screen.findByRole('heading', { name: 'Cassa' })).toBeTruthy();
    expect(currentPath(router)).toBe('/checkout');
  });

  it('sends an admin away from the customer profile to the back office', async () => {
    serve(adminUser);
    const { router } = renderApp('/profile/orders');
    await waitFor(() => expect(currentPath(router)).toBe('/backoffice'));
    expect(await screen.findByRole('heading', { name: 'Cruscotto' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Back office' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Profilo' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Carrello' })).toBeNull();
  });

  it('shows the 404 page to a customer who opens the back office', async () => {
    serve(customerUser);
    const { router } = renderApp('/backoffice/products');
    expect(await screen.findByText('Errore 404')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pagina non trovata' })).toBeTruthy();
    expect(currentPath(router)).toBe('/backoffice/products');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });

  it('gives a customer the profile and cart links, with the stored cart count', async () => {
    localStorage.setItem(
      'shop-cart:user:2',
      JSON.stringify({
        products: [
          { id: 1, isVariant: false, quantity: 2 },
          { id: 2, isVariant: false, quantity: 1 },
        ],
      }),
    );
    serve(customerUser);
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Il mio profilo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Profilo' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByTestId('cart-count').textContent).toContain('3');
    expect(screen.getByRole('link', { name: 'Carrello (3 articoli)' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('link', { name: 'Ordine rapido' }).getAttribute('href')).toBe('/quick-order');
  });
});
