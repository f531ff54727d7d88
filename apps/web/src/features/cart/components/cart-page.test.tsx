import type { CartLineInput, QuoteRequest } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { cartStorageKey } from '../../../lib/cart/cart-store';
import { queryClient } from '../../../lib/query-client';
import { cartProduct, quote } from '../../../test/cart-fixtures';
import { customerUser, shop } from '../../../test/fixtures';
import { json, renderApp, stubFetch } from '../../../test/render';

const userKey = cartStorageKey(customerUser.id);
const cdLine = { id: 1, isVariant: false, quantity: 2, sku: 'MU000001', title: 'Canzoni del mare' };
const lpLine = { id: 2, isVariant: false, quantity: 1, sku: 'MU000002', title: 'Notti di vinile' };
const stored = () => JSON.parse(localStorage.getItem(userKey) ?? 'null');

/** The CD priced as the server would: 12.90 net, 22% VAT, at most 12 in stock. */
function pricedCd(line: CartLineInput) {
  const quantity = Math.min(line.quantity, 12);
  const gross = Math.round(1290 * quantity * 1.22);
  return cartProduct({
    quantity,
    requested_quantity: line.quantity,
    totalPrice: 1290 * quantity,
    totalPriceWithVat: gross,
    roundedTotalPriceWithVat: gross,
    vat: gross - 1290 * quantity,
  });
}

function serve(answer?: (request: QuoteRequest) => unknown) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, customerUser),
    'GET /api/shop': () => json(200, shop),
    'POST /api/cart/quote': (init) => {
      const request = JSON.parse(String(init?.body)) as QuoteRequest;
      if (answer) return json(200, answer(request));
      return json(200, quote(request.products.filter((p) => p.id === 1).map(pricedCd)));
    },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const quoteRequests = (calls: ReturnType<typeof serve>['calls']) =>
  calls
    .filter((c) => c.url === '/api/cart/quote')
    .map((c) => JSON.parse(String(c.init?.body)) as QuoteRequest);

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
});

describe('cart page', { timeout: 15_000 }, () => {
  it('shows the server’s prices and totals to the cent, sending only ids and quantities', async () => {
    localStorage.setItem(userKey, JSON.stringify({ products: [cdLine] }));
    const { calls } = serve();
    renderApp('/cart');

    const line = within(await screen.findByTestId('cart-line'));
    expect(line.getByRole('link', { name: 'Canzoni del mare' }).getAttribute('href')).toBe(
      '/products/MU000001',
    );
    expect(line.getByText('I Gabbiani · Codice MU000001')).toBeTruthy();
    expect(line.getByTestId('unit-price').textContent).toBe('12,90\u00a0€');
    expect(line.getByTestId('line-total').textContent).toBe('25,80\u00a0€');
    expect(screen.getByTestId('total-subtotal').textContent).toBe('25,80\u00a0€');
    expect(screen.getByTestId('total-shipping').textContent).toBe('7,90\u00a0€');
    expect(screen.getByTestId('total-without-taxes').textContent).toBe('33,70\u00a0€');
    expect(screen.getByTestId('total-vat').textContent).toBe('7,42\u00a0€');
    expect(screen.getByTestId('total').textContent).toBe('41,12\u00a0€');
    expect(quoteRequests(calls)[0]).toEqual({ products: [{ id: 1, isVariant: false, quantity: 2 }] });
    expect(document.title).toBe('Carrello | Sonora Distribuzione');
  });

  it('raises a quantity with +, then shows the quantity the server clamped and says so', async () => {
    localStorage.setItem(userKey, JSON.stringify({ products: [{ ...cdLine, quantity: 11 }] }));
    const { calls } = serve();
    renderApp('/cart');
    fireEvent.click(await screen.findByRole('button', { name: 'Uno in più di Canzoni del mare' }));
    await waitFor(() => expect(stored().products[0].quantity).toBe(12));
    await waitFor(() => expect(screen.getByTestId('line-total').textContent).toBe('154,80\u00a0€'));

    const input = screen.getByRole('textbox', { name: 'Quantità di Canzoni del mare' });
    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    // the cart clamps to the last quote's stock at once; the server, asked for 30, says the same
    await waitFor(() => expect(quoteRequests(calls).at(-1)?.products[0]?.quantity).toBe(12));
    localStorage.setItem(userKey, JSON.stringify({ products: [{ ...cdLine, quantity: 30 }] }));
    window.dispatchEvent(new StorageEvent('storage', { key: userKey }));
    expect(
      await screen.findByText(
        'La quantità di Canzoni del mare è stata ridotta da 30 a 12, il massimo ordinabile ora.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(stored().products[0].quantity).toBe(12));
    expect(screen.getByRole('textbox', { name: 'Quantità di Canzoni del mare' })).toHaveProperty(
      'value',
      '12',
    );
  });

  it('says why a typed quantity became smaller: at most what is available', async () => {
    localStorage.setItem(userKey, JSON.stringify({ products: [cdLine] }));
    serve();
    renderApp('/cart');
    await waitFor(() => expect(screen.getByTestId('line-total').textContent).toBe('25,80\u00a0€'));
    const input = screen.getByRole('textbox', { name: 'Quantità di Canzoni del mare' });
    fireEvent.change(input, { target: { value: '99' } });
    fireEvent.blur(input);
    await waitFor(() => expect(stored().products[0].quantity).toBe(12));
    expect(screen.getByTestId('quantity-limit').textContent).toBe('massimo 12 disponibili');
    await i18n.changeLanguage('en');
    expect((await screen.findByTestId('quantity-limit')).textContent).toBe('maximum 12 available');
  });

  it('does not tell a customer who pays no VAT that the free-shipping threshold includes VAT', async () => {
    localStorage.setItem(userKey, JSON.stringify({ products: [cdLine] }));
    // a Swiss customer: exempt, 0% VAT, net prices
    const swiss = (request: QuoteRequest) =>
      quote(
        request.products.map(() =>
          cartProduct({ vatRate: 0, vat: 0, totalPriceWithVat: 2580, roundedTotalPriceWithVat: 2580 }),
        ),
        { vat: 0, total: 3370 },
      );
    serve(swiss);
    renderApp('/cart');
    expect(await screen.findByText('Spedizione gratuita per ordini da 150,00 € (IVA esclusa)')).toBeTruthy();
    expect(screen.queryByText(/IVA inclusa\)/)).toBeNull();
  });

  it('tells a customer who pays VAT that the free-shipping threshold includes it', async () => {
    localStorage.setItem(userKey, JSON.stringify({ products: [cdLine] }));
    serve();
    renderApp('/cart');
    expect(await screen.findByText('Spedizione gratuita per ordini da 150,00 € (IVA inclusa)')).toBeTruthy();
  });

  it('removes a product that went out of stock and says so, naming it', async () => {
    localStorage.setItem(userKey, JSON.stringify({ products: [cdLine, lpLine] }));
    serve((request) =>
      quote(request.products.filter((p) => p.id === 1).map(pricedCd), {
        removed: request.products.some((p) => p.id === 2)
          ? [{ id: 2, isVariant: false, sku: 'MU000002', title: 'Notti di vinile', reason: 'out_of_stock' }]
          : [],
      }),
    );
    renderApp('/cart');
    expect(
      await screen.findByText('Notti di vinile è esaurito ed è stato rimosso dal carrello.'),
    ).toBeTruthy();
    await waitFor(() => expect(stored().products).toEqual([cdLine]));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(screen.getByTestId('cart-count').textContent).toContain('2');
  });

  it('removes a line with undo', async () => {
    localStorage.setItem(userKey, JSON.stringify({ products: [cdLine] }));
    serve();
    renderApp('/cart');
    fireEvent.click(await screen.findByRole('button', { name: 'Rimuovi Canzoni del mare dal carrello' }));
    expect(await screen.findByTestId('cart-empty')).toBeTruthy();
    expect(screen.getByText('Il carrello è vuoto')).toBeTruthy();
    expect(localStorage.getItem(userKey)).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'Annulla' }));
    expect(await screen.findByTestId('cart-line')).toBeTruthy();
    expect(stored().products).toEqual([cdLine]);
  });

  it('shows prices with VAT to a private person', async () => {
    localStorage.setItem(userKey, JSON.stringify({ products: [cdLine] }));
    serve((request) => ({ ...quote(request.products.map(pricedCd)), display: 'gross' }));
    renderApp('/cart');
    const line = within(await screen.findByTestId('cart-line'));
    expect(line.getByTestId('unit-price').textContent).toBe('15,74\u00a0€');
    expect(line.getByTestId('line-total').textContent).toBe('31,48\u00a0€');
    expect(screen.getByTestId('total-subtotal').textContent).toBe('31,48\u00a0€');
    expect(screen.getByTestId('total-shipping').textContent).toBe('9,64\u00a0€');
    expect(screen.getByTestId('total').textContent).toBe('41,12\u00a0€');
    expect(screen.getByTestId('total-vat').textContent).toBe('7,42\u00a0€');
    expect(screen.queryByTestId('total-without-taxes')).toBeNull();
    // every amount says it includes VAT (issue 16)
    expect(screen.getByText('Subtotale (IVA incl.)')).toBeTruthy();
    expect(screen.getByText('Spedizione (IVA incl.)')).toBeTruthy();
    expect(screen.getByText('Totale (IVA incl.)')).toBeTruthy();
    expect(screen.getByText('di cui IVA')).toBeTruthy();
  });

  it('shows the coupon as its own line with its amount, after a subtotal without it (issue 16)', async () => {
    localStorage.setItem(userKey, JSON.stringify({ products: [cdLine] }));
    // DISCHIROSSI15: 12.90 less 15% = 10.97 net, × 2 = 21.94 charged
    const couponed = cartProduct({
      coupon_rate: 1500,
      unit_price: 1097,
      singlePriceWithVat: 1338,
      totalPrice: 2194,
      totalPriceWithVat: 2677,
      roundedTotalPriceWithVat: 2677,
      vat: 483,
    });
    serve(() => quote([couponed], { coupon: { code: 'DISCHIROSSI15', value: 1500 } }));
    renderApp('/cart');
    const line = within(await screen.findByTestId('cart-line'));
    // the line as the product page showed it: before the coupon
    expect(line.getByTestId('unit-price').textContent).toBe('12,90\u00a0€');
    expect(line.getByTestId('line-total').textContent).toBe('25,80\u00a0€');
    expect(screen.getByTestId('total-subtotal').textContent).toBe('25,80\u00a0€');
    expect(screen.getByText('Subtotale (IVA escl.)')).toBeTruthy();
    expect(screen.getByTestId('total-coupon').textContent).toBe('-3,86\u00a0€');
    expect(screen.getByText('Coupon DISCHIROSSI15 −15% (IVA escl.)')).toBeTruthy();
    // 25.80 − 3.86 + 7.90 = 29.84 without VAT; the total is the quote's
    expect(screen.getByTestId('total-without-taxes').textContent).toBe('29,84\u00a0€');
    expect(screen.getByText('Totale (IVA escl.)')).toBeTruthy();
    expect(screen.getByTestId('total').textContent).toBe('36,41\u00a0€');
  });

  it('shows the one discount figure of the price shown, not the rules’ combined rate (issue 16)', async () => {
    localStorage.setItem(userKey, JSON.stringify({ products: [cdLine] }));
    // 15.90 less 2% then 8% = 14.34: the rules' rate is 9.84%, the price shown is 9.81% below the list
    const video = cartProduct({
      price: 1590,
      discount_rate: 984,
      discounted_price: 1434,
      price_before_coupon: 1434,
      unit_price: 1434,
      quantity: 1,
      singlePriceWithVat: 1749,
      totalPrice: 1434,
      totalPriceWithVat: 1749,
      roundedTotalPriceWithVat: 1749,
      vat: 315,
    });
    serve(() => quote([video]));
    const { unmount } = renderApp('/cart');
    const line = within(await screen.findByTestId('cart-line'));
    expect(line.getByTestId('discount').textContent).toBe('Sconto 9,81%');
    unmount();
    queryClient.clear();
    // with VAT: 19.40 and 17.49, 9.85% below
    serve(() => ({ ...quote([video]), display: 'gross' }));
    renderApp('/cart');
    const gross = within(await screen.findByTestId('cart-line'));
    expect(gross.getByTestId('unit-price').textContent).toBe('17,49\u00a0€');
    expect(gross.getByTestId('discount').textContent).toBe('Sconto 9,85%');
  });
});
