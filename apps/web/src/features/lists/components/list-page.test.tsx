import type { QuickOrderReport, ShoppingList, ShoppingListSummary } from '@shop/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { readCart } from '../../../lib/cart/cart-store';
import { queryClient } from '../../../lib/query-client';
import { customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const summary: ShoppingListSummary = {
  id: 7,
  name: 'Scaffale libri',
  kind: 'saved_cart',
  shared: false,
  own: true,
  owner_email: 'company@example.com',
  lines: 2,
  items: 5,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const list: ShoppingList = {
  ...summary,
  products: [
    {
      id: 11,
      isVariant: false,
      quantity: 2,
      note: null,
      sku: 'BK000011',
      title: 'Il nome della rosa',
      author: 'Umberto Eco',
      cover_url: null,
    },
    {
      id: 12,
      isVariant: false,
      quantity: 3,
      note: null,
      sku: 'BK000012',
      title: 'Se questo è un uomo',
      author: 'Primo Levi',
      cover_url: null,
    },
  ],
};

const report: QuickOrderReport = {
  products: [
    { id: 11, isVariant: false, quantity: 2 },
    { id: 12, isVariant: false, quantity: 1 },
  ],
  lines: [
    {
      line: 1,
      code: 'BK000011',
      requested: 2,
      quantity: 2,
      status: 'added',
      sku: 'BK000011',
      title: 'Il nome della rosa',
    },
    {
      line: 2,
      code: 'BK000012',
      requested: 3,
      quantity: 1,
      status: 'capped',
      sku: 'BK000012',
      title: 'Se questo è un uomo',
    },
  ],
};

function serve(shown: ShoppingList | null) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, customerUser),
    'GET /api/shop': () => json(200, shop),
    'GET /api/cart': () => json(200, { products: [] }),
    'PUT /api/cart': (init) => json(200, { products: JSON.parse(String(init?.body)).products }),
    'GET /api/lists': () => json(200, { data: shown ? [shown] : [] }),
    'GET /api/lists/7': () => (shown ? json(200, shown) : json(404, { message: 'Not Found' })),
    'POST /api/lists/7/cart': () => json(200, report),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('lists pages (issue 22 point 3)', { timeout: 20_000 }, () => {
  it('adds a whole list to the cart and says which line was capped, as quick order does', async () => {
    serve(list);
    renderApp('/profile/lists/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Scaffale libri' })).toBeTruthy();
    expect(screen.getAllByTestId('list-line')).toHaveLength(2);
    expect(
      (screen.getByRole('textbox', { name: 'Quantità di Il nome della rosa' }) as HTMLInputElement).value,
    ).toBe('2');

    fireEvent.click(screen.getByTestId('list-add-all'));
    const shown = await screen.findByTestId('list-cart-report');
    expect(within(shown).getByText('2 prodotti aggiunti al carrello.')).toBeTruthy();
    expect(within(shown).getByText('Se questo è un uomo: massimo 1 disponibile')).toBeTruthy();
    expect(readCart(customerUser.id).products.map((p) => [p.id, p.quantity])).toEqual([
      [11, 2],
      [12, 1],
    ]);
  });

  it("shows a colleague's shared list read-only: no quantity fields, no delete", async () => {
    serve({ ...list, own: false, shared: true, owner_email: 'buyer@example.com' });
    renderApp('/profile/lists/7');
    expect(
      await screen.findByText(
        'Lista condivisa da buyer@example.com: puoi aggiungerla al carrello, non modificarla.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Quantità di/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Elimina lista' })).toBeNull();
    expect((screen.getByTestId('list-add-all') as HTMLButtonElement).disabled).toBe(false);
  });

  it('says a list that is not the customer’s was not found', async () => {
    serve(null);
    renderApp('/profile/lists/7');
    expect((await screen.findByTestId('list-not-found')).textContent).toContain('Lista non trovata');
  });

  it('lists the lists with their kind and lines, linked from the profile menu', async () => {
    serve(list);
    renderApp('/profile/lists');
    const card = await screen.findByTestId('list-card');
    expect(within(card).getByText('Carrello salvato')).toBeTruthy();
    expect(within(card).getByText('2 righe · 5 pezzi')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Liste e avvisi' }).length).toBeGreaterThan(0);
  });
});
