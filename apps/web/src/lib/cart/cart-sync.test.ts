import { notifications } from '@mantine/notifications';
import { type PutCart, type ServerCart, tooManyLinesMessage } from '@shop/domain';
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customerUser } from '../../test/fixtures';
import { json, stubFetch } from '../../test/render';
import { CURRENT_USER_QUERY_KEY, queryClient } from '../query-client';
import { addToCart, readCart, setCartQuantity } from './cart-store';
import { SYNC_DEBOUNCE_MS, stopCartSync } from './cart-sync';

const cd = { id: 1, isVariant: false, quantity: 2, sku: 'MU000001', title: 'Canzoni del mare' };
const lp = { id: 2, isVariant: false, quantity: 1, sku: 'MU000002', title: 'Notti di vinile' };

/** A server cart as PUT /api/cart keeps it: merge adds quantities of the same line. */
function fakeServer(initial: ServerCart['products'] = []) {
  let lines = [...initial];
  const puts: PutCart[] = [];
  const stub = stubFetch({
    'GET /api/cart': () => json(200, { products: lines }),
    'PUT /api/cart': (init) => {
      const body = JSON.parse(String(init?.body)) as PutCart;
      puts.push(body);
      const next = body.merge ? [...lines] : [];
      for (const l of body.products) {
        const seen = next.find((n) => n.id === l.id && n.isVariant === l.isVariant);
        const named = { ...l, sku: `SKU${l.id}`, title: `Title ${l.id}` };
        if (seen && body.merge) seen.quantity += l.quantity;
        else next.push(named);
      }
      lines = next;
      return json(200, { products: lines });
    },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return { puts, lines: () => lines };
}

function signIn(user: typeof customerUser | null) {
  act(() => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user));
}

beforeEach(() => {
  stopCartSync();
  queryClient.clear();
});

describe('cart sync (issue 22 point 3)', () => {
  it('at sign-in merges the guest cart into the server cart, shows the result and empties the guest cart', async () => {
    const server = fakeServer([{ ...cd, quantity: 1 }]);
    addToCart(cd);
    addToCart(lp);
    signIn(customerUser);
    await waitFor(() =>
      expect(readCart(2).products.map((p) => [p.id, p.quantity])).toEqual([
        [1, 3],
        [2, 1],
      ]),
    );
    expect(server.puts[0]).toMatchObject({ merge: true, products: [{ id: 1, quantity: 2 }, { id: 2 }] });
    expect(localStorage.getItem('shop-cart:guest')).toBeNull();
  });

  it('shows the cart kept on the server when this browser had none (another device filled it)', async () => {
    fakeServer([lp]);
    signIn(customerUser);
    await waitFor(() => expect(readCart(2).products).toEqual([lp]));
  });

  it('writes changes to the server once, debounced, after the page already shows them', async () => {
    const server = fakeServer([cd]);
    signIn(customerUser);
    await waitFor(() => expect(readCart(2).products).toHaveLength(1));
    addToCart(lp);
    setCartQuantity('2:p', 5);
    expect(readCart(2).products.map((p) => p.quantity)).toEqual([2, 5]);
    expect(server.puts).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, SYNC_DEBOUNCE_MS + 100));
    expect(server.puts).toEqual([
      {
        products: [
          { id: 1, isVariant: false, quantity: 2 },
          { id: 2, isVariant: false, quantity: 5 },
        ],
      },
    ]);
  });

  it('keeps the browser cart when the server cannot be reached, merging the guest cart locally', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    addToCart(lp);
    signIn(customerUser);
    await waitFor(() => expect(readCart(2).products).toEqual([lp]));
    expect(localStorage.getItem('shop-cart:guest')).toBeNull();
  });

  it('says so when the server refuses the cart (over 500 lines), keeping the lines in this browser', async () => {
    const show = vi.spyOn(notifications, 'show');
    let lines: ServerCart['products'] = [cd];
    const stub = stubFetch({
      'GET /api/cart': () => json(200, { products: lines }),
      'PUT /api/cart': (init) => {
        const body = JSON.parse(String(init?.body)) as PutCart;
        if (body.products.length > 1) return json(422, { message: tooManyLinesMessage(1) });
        lines = body.products.map((l) => ({ ...l, sku: `SKU${l.id}`, title: `Title ${l.id}` }));
        return json(200, { products: lines });
      },
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    signIn(customerUser);
    await waitFor(() => expect(readCart(2).products).toHaveLength(1));
    expect(show).not.toHaveBeenCalled();
    addToCart(lp);
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: tooManyLinesMessage(1), color: 'yellow' }),
      ),
    );
    expect(readCart(2).products.map((p) => p.id)).toEqual([1, 2]);
    show.mockRestore();
  });
});
