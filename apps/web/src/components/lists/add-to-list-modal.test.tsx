import type { ShoppingListSummary } from '@shop/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import i18n from '../../i18n';
import { queryClient } from '../../lib/query-client';
import { json, stubFetch } from '../../test/render';
import { AddToListModal } from './add-to-list-modal';

const lists: ShoppingListSummary[] = [
  {
    id: 1,
    name: 'Lunedì',
    kind: 'list',
    shared: false,
    own: true,
    owner_email: 'company@example.com',
    lines: 3,
    items: 6,
    updated_at: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 2,
    name: 'Del collega',
    kind: 'list',
    shared: true,
    own: false,
    owner_email: 'buyer@example.com',
    lines: 1,
    items: 1,
    updated_at: '2026-11-20T10:00:00.000Z',
  },
];

function serve() {
  const stub = stubFetch({
    'GET /api/lists': () => json(200, { data: lists }),
    'POST /api/lists/1/items': () => json(200, {}),
    'POST /api/wishlist': () => new Response(null, { status: 204 }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const target = { id: 9, isVariant: false, sku: 'MU000009', title: 'Neon Hearts', quantity: 1 };

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe("'Add to list' dialog (issue 22 point 3)", () => {
  it("offers the customer's own lists only and adds the product to the one chosen", async () => {
    const stub = serve();
    const onClose = vi.fn();
    render(
      <Providers env="test">
        <AddToListModal target={{ ...target, orderable: true }} opened onClose={onClose} />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Aggiungi a una lista' });
    const add = await within(dialog).findByRole('button', { name: 'Aggiungi a Lunedì' });
    expect(within(dialog).queryByText('Del collega')).toBeNull();
    expect(within(dialog).queryByTestId('notify-me')).toBeNull();
    fireEvent.click(add);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = stub.calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/lists/1/items'));
    expect(JSON.parse(String(call?.init?.body))).toEqual({ id: 9, isVariant: false, quantity: 1 });
  });

  it("offers 'Notify me' for a product that cannot be ordered yet", async () => {
    const stub = serve();
    render(
      <Providers env="test">
        <AddToListModal target={{ ...target, orderable: false }} opened onClose={() => {}} />
      </Providers>,
    );
    fireEvent.click(await screen.findByTestId('notify-me'));
    await waitFor(() =>
      expect(stub.calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/wishlist'))?.init?.body).toBe(
        JSON.stringify({ product_id: 9 }),
      ),
    );
  });
});
