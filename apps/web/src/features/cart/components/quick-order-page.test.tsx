import type { QuickOrderReport } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { cartStorageKey } from '../../../lib/cart/cart-store';
import { queryClient } from '../../../lib/query-client';
import { customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const report: QuickOrderReport = {
  products: [
    { id: 1, isVariant: false, quantity: 3 },
    { id: 9, isVariant: true, quantity: 5 },
  ],
  lines: [
    {
      line: 1,
      code: 'MU000001',
      requested: 3,
      quantity: 3,
      status: 'added',
      sku: 'MU000001',
      title: 'Canzoni del mare',
    },
    {
      line: 2,
      code: '8012345678901',
      requested: 50,
      quantity: 5,
      status: 'capped',
      sku: 'ME000009-L',
      title: 'T-shirt – L',
    },
    { line: 3, code: 'NOPE', requested: 1, quantity: 0, status: 'not_found', sku: null, title: null },
    { line: 4, code: 'MU000001 x', requested: null, quantity: 0, status: 'invalid', sku: null, title: null },
  ],
};

function serve(answer: () => Response = () => json(200, report)) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, customerUser),
    'GET /api/shop': () => json(200, shop),
    'POST /api/cart/quick-order': answer,
    'POST /api/cart/quick-order/file': answer,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const userKey = cartStorageKey(customerUser.id);

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('quick order page', { timeout: 15_000 }, () => {
  it('adds the pasted lines that were found to the cart and reports every line', async () => {
    localStorage.setItem(userKey, JSON.stringify({ products: [{ id: 1, isVariant: false, quantity: 1 }] }));
    const { calls } = serve();
    renderApp('/quick-order');
    const text = 'MU000001 3\n8012345678901 50\nNOPE 1\nMU000001 x';
    fireEvent.change(await screen.findByLabelText(/Codici e quantità/), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi al carrello' }));

    const lines = await screen.findAllByTestId('quick-order-line');
    expect(
      lines.map((l) => [l.getAttribute('data-status'), within(l).getAllByRole('cell')[5]?.textContent]),
    ).toEqual([
      ['added', 'Aggiunto'],
      ['capped', 'Quantità ridottamassimo 5 disponibili'],
      ['not_found', 'Non trovato'],
      ['invalid', 'Riga non valida'],
    ]);
    // the capped line says why: what is available, not just 'reduced'
    expect(within(lines[1]!).getByTestId('quantity-limit').textContent).toBe('massimo 5 disponibili');
    expect(screen.getByTestId('quick-order-summary').textContent).toBe('2 righe aggiunte su 4');
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/cart/quick-order')?.init?.body))).toEqual({
      text,
    });
    expect(JSON.parse(localStorage.getItem(userKey) ?? '{}').products).toEqual([
      { id: 1, isVariant: false, quantity: 4 },
      { id: 9, isVariant: true, quantity: 5 },
    ]);
    expect(await screen.findByText('2 prodotti aggiunti al carrello.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toContain('9'));
  });

  it('uploads a spreadsheet as the file field', async () => {
    const { calls } = serve();
    renderApp('/quick-order');
    await screen.findByTestId('quick-order-file');
    const input = document.querySelector('input[type=file]');
    const file = new File(['MU000001;3\n'], 'ordine.csv', { type: 'text/csv' });
    fireEvent.change(input!, { target: { files: [file] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Carica e aggiungi al carrello' }));
    await screen.findAllByTestId('quick-order-line');
    const body = calls.find((c) => c.url === '/api/cart/quick-order/file')?.init?.body as FormData;
    expect((body.get('file') as File).name).toBe('ordine.csv');
  });

  it('shows the server’s refusal of a file on the page', async () => {
    serve(() => json(422, { message: 'The file has more than 1,000 lines.' }));
    renderApp('/quick-order');
    fireEvent.change(await screen.findByLabelText(/Codici e quantità/), { target: { value: 'A 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi al carrello' }));
    const refusal = await screen.findByText('Il file ha più di 1000 righe.');
    expect(refusal.closest('[role=alert]')).toBeTruthy();
    expect(localStorage.getItem(cartStorageKey(customerUser.id))).toBeNull();
  });
});
