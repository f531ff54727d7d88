import type { CurrentUser, CustomerAddress, PlaceOrderRequest, QuoteRequest } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { cartStorageKey } from '../../../lib/cart/cart-store';
import { queryClient } from '../../../lib/query-client';
import { cartProduct, order, quote } from '../../../test/cart-fixtures';
import { customer, customerUser, shop } from '../../../test/fixtures';
import { headerOf, json, renderApp, stubFetch } from '../../../test/render';

const address = (overrides: Partial<CustomerAddress>): CustomerAddress => ({
  id: 1,
  type: 'B',
  company: 'Dischi Rossi srl',
  firstname: 'Anna',
  lastname: 'Rossi',
  co: null,
  address: 'Via Verdi 3',
  postcode: '20121',
  city: 'Milano',
  state: 'MI',
  country: 'IT',
  phone: null,
  note: null,
  is_default: true,
  ...overrides,
});

const user: CurrentUser = {
  ...customerUser,
  customer: {
    ...customer,
    addresses: [
      address({
        id: 5,
        type: 'S',
        address: 'Via del Porto 9',
        city: 'Genova',
        postcode: '16121',
        is_default: false,
      }),
      address({ id: 4, type: 'S', address: 'Corso Magenta 12', is_default: true }),
      address({ id: 3, type: 'B' }),
    ],
  },
};

/** Cash on delivery: a 5.00 fee + 22% VAT (6.10). */
function priced(request: QuoteRequest) {
  const base = quote([cartProduct()]);
  if (request.coupon_code === 'OLD') return { ...base, coupon_error: 'This coupon has expired.' };
  if (request.payment_method !== 'cash_on_delivery') return base;
  return {
    ...base,
    payment_method: 'cash_on_delivery',
    payment_fee: 500,
    payment_fee_with_vat: 610,
    vat: base.vat + 110,
    total_without_taxes: base.total_without_taxes + 500,
    total: base.total + 610,
  };
}

function serve(placeAnswers: (() => Response)[] = []) {
  const stub = stubFetch({
    'GET /api/user': () => json(200, user),
    'GET /api/shop': () => json(200, shop),
    'POST /api/cart/quote': (init) => json(200, priced(JSON.parse(String(init?.body)))),
    'POST /api/orders': () =>
      (
        placeAnswers.shift() ?? (() => json(201, { order: order({ status: 'registered' }), payment: null }))
      )(),
    'GET /api/orders/W-2026-000090': () =>
      json(200, order({ status: 'registered', payment_method: 'cash_on_delivery', payment_fee: 500 })),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const orderCalls = (calls: ReturnType<typeof serve>['calls']) => calls.filter((c) => c.url === '/api/orders');
const userKey = cartStorageKey(customerUser.id);

beforeEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('it');
  localStorage.setItem(
    userKey,
    JSON.stringify({
      products: [{ id: 1, isVariant: false, quantity: 2, sku: 'MU000001', title: 'Canzoni del mare' }],
    }),
  );
});

describe('checkout page', { timeout: 15_000 }, () => {
  it('places a cash-on-delivery order with the default addresses, showing the fee and the quoted total', async () => {
    const { calls } = serve();
    const { router } = renderApp('/checkout');

    const checked = (testId: string) =>
      within(screen.getByTestId(testId))
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).checked);
    await screen.findByTestId('billing-addresses');
    // the billing addresses for billing, the shipping ones for shipping, each with its default chosen
    expect(checked('billing-addresses')).toEqual([true, false]);
    expect(checked('shipping-addresses')).toEqual([true, false, false]);
    const described = (testId: string) => {
      const radio = within(screen.getByTestId(testId)).getAllByRole('radio')[0];
      return document.getElementById(radio?.getAttribute('aria-describedby') ?? '')?.textContent;
    };
    expect(described('billing-addresses')).toBe('Via Verdi 3, 20121 Milano (MI), Italia');
    expect(described('shipping-addresses')).toBe('Corso Magenta 12, 20121 Milano (MI), Italia');

    // The methods show once the quote says which the customer may use (issue 20).
    fireEvent.click(await screen.findByRole('radio', { name: 'Contrassegno' }));
    expect(await screen.findByTestId('cod-fee')).toHaveProperty(
      'textContent',
      'Commissione contrassegno: 5,00\u00a0€ (IVA escl.)',
    );
    expect(screen.getByTestId('total-payment-fee').textContent).toBe('5,00\u00a0€');
    expect(screen.getByTestId('total').textContent).toBe('47,22\u00a0€');

    fireEvent.change(screen.getByLabelText(/Il tuo riferimento d'ordine/), { target: { value: 'PO-77' } });
    fireEvent.click(screen.getByRole('button', { name: "Conferma l'ordine" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/complete/W-2026-000090'));

    const [placed] = orderCalls(calls);
    expect(JSON.parse(String(placed?.init?.body)) as PlaceOrderRequest).toEqual({
      products: [{ id: 1, isVariant: false, quantity: 2 }],
      billing: { address_id: 3 },
      shipping: { address_id: 4 },
      payment_method: 'cash_on_delivery',
      customer_reference: 'PO-77',
      expected_total: 4722,
    });
    expect(headerOf(placed, 'Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem(userKey)).toBeNull();
    expect(await screen.findByText('Grazie: il tuo ordine è stato inserito')).toBeTruthy();
  });

  it('shows a private person the lines before the coupon, the coupon’s amount and the fee, all with VAT (issue 16)', async () => {
    const { fetchStub } = serve();
    // BENVENUTO10: 12.90 less 10% = 11.61 net (14.16 with VAT), × 2 = 28.32 charged
    const couponed = cartProduct({
      coupon_rate: 1000,
      unit_price: 1161,
      singlePriceWithVat: 1416,
      totalPrice: 2322,
      totalPriceWithVat: 2833,
      roundedTotalPriceWithVat: 2832,
      vat: 510,
    });
    const gross = (request: QuoteRequest) => {
      const base = quote([couponed], { display: 'gross', coupon: { code: 'BENVENUTO10', value: 1000 } });
      return request.payment_method === 'cash_on_delivery'
        ? {
            ...base,
            payment_method: 'cash_on_delivery',
            payment_fee: 500,
            payment_fee_with_vat: 610,
            vat: base.vat + 110,
            total_without_taxes: base.total_without_taxes + 500,
            total: base.total + 610,
          }
        : base;
    };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/cart/quote'
        ? json(200, gross(JSON.parse(String(init?.body))))
        : fetchStub(input, init),
    );
    renderApp('/checkout');
    fireEvent.click(await screen.findByRole('radio', { name: 'Contrassegno' }));
    expect((await screen.findByTestId('cod-fee')).textContent).toBe(
      'Commissione contrassegno: 6,10\u00a0€ (IVA incl.)',
    );
    // 15.74 × 2 = 31.48 before the coupon, as the cart line showed it
    expect(screen.getByTestId('checkout-line-total').textContent).toBe('31,48\u00a0€ (IVA incl.)');
    expect(screen.getByTestId('total-subtotal').textContent).toBe('31,48\u00a0€');
    expect(screen.getByText('Subtotale (IVA incl.)')).toBeTruthy();
    expect(screen.getByTestId('total-coupon').textContent).toBe('-3,16\u00a0€');
    expect(screen.getByText('Coupon BENVENUTO10 −10% (IVA incl.)')).toBeTruthy();
    expect(screen.getByTestId('total-shipping').textContent).toBe('9,64\u00a0€');
    expect(screen.getByTestId('total-payment-fee').textContent).toBe('6,10\u00a0€');
    expect(screen.getByText('Commissione contrassegno (IVA incl.)')).toBeTruthy();
    // 31.48 − 3.16 + 9.64 + 6.10 = 44.06, the quote's total
    expect(screen.getByTestId('total').textContent).toBe('44,06\u00a0€');
  });

  it('shows a fixed coupon as its own line, what its shares took off the lines with VAT (rule 17)', async () => {
    const { fetchStub } = serve();
    // FISSO10: 10.00 off 2 × 12.90 net = 15.80, 19.28 with VAT (no single-price correction)
    const couponed = cartProduct({
      coupon_share: 1000,
      totalPrice: 1580,
      totalPriceWithVat: 1928,
      roundedTotalPriceWithVat: 1928,
      vat: 348,
    });
    const fixed = quote([couponed], {
      display: 'gross',
      coupon: { code: 'FISSO10', value: 1000 },
      coupon_amount: 1000,
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/cart/quote' ? json(200, fixed) : fetchStub(input, init),
    );
    renderApp('/checkout');
    expect((await screen.findByTestId('total-subtotal')).textContent).toBe('31,48\u00a0€');
    expect(screen.getByText('Coupon FISSO10 (IVA incl.)')).toBeTruthy();
    expect(screen.getByTestId('total-coupon').textContent).toBe('-12,20\u00a0€');
    // 31.48 − 12.20 + 9.64 = 28.92, the quote's total
    expect(screen.getByTestId('total').textContent).toBe('28,92\u00a0€');
    fireEvent.change(screen.getByLabelText('Codice coupon'), { target: { value: 'FISSO10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Applica' }));
    expect((await screen.findByTestId('coupon-applied')).textContent).toContain(
      "Coupon FISSO10 applicato: 10,00\u00a0€ di sconto prima dell'IVA",
    );
  });

  it('shows the order error on any failure, keeps the user signed in and retries with the same key', async () => {
    const { calls } = serve([() => json(500, { message: 'Something has gone wrong with the server.' })]);
    const { router } = renderApp('/checkout');
    fireEvent.click(await screen.findByRole('radio', { name: 'Come da accordi' }));
    const place = screen.getByRole('button', { name: "Conferma l'ordine" });
    await waitFor(() => expect(place).toHaveProperty('disabled', false));
    fireEvent.click(place);

    expect((await screen.findByTestId('order-error')).textContent).toBe(
      "Si è verificato un errore durante l'inserimento dell'ordine. Riprova più tardi.",
    );
    expect(router.state.location.pathname).toBe('/checkout');
    fireEvent.click(place);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/complete/W-2026-000090'));
    const [first, second] = orderCalls(calls);
    expect(headerOf(second, 'Idempotency-Key')).toBe(headerOf(first, 'Idempotency-Key'));
  });

  it('names the product that ran out when the server refuses the order with a 409', async () => {
    serve([() => json(409, { message: 'Canzoni del mare is out of stock and was removed from the cart.' })]);
    renderApp('/checkout');
    fireEvent.click(await screen.findByRole('radio', { name: 'Carta di credito' }));
    const place = screen.getByRole('button', { name: "Conferma l'ordine" });
    await waitFor(() => expect(place).toHaveProperty('disabled', false));
    fireEvent.click(place);
    const error = await screen.findByTestId('order-error');
    expect(error.textContent).toContain(
      "Si è verificato un errore durante l'inserimento dell'ordine. Riprova più tardi.",
    );
    expect(error.textContent).toContain('Canzoni del mare è esaurito ed è stato rimosso dal carrello.');
  });

  it('asks for a payment method and checks a new address before sending anything', async () => {
    const { calls } = serve();
    renderApp('/checkout');
    const shipping = within(await screen.findByTestId('shipping-addresses'));
    fireEvent.click(shipping.getByRole('radio', { name: 'Un nuovo indirizzo' }));
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Luca' } });
    const place = screen.getByRole('button', { name: "Conferma l'ordine" });
    await waitFor(() => expect(place).toHaveProperty('disabled', false));
    fireEvent.click(place);
    expect(await screen.findByText('Scegli un metodo di pagamento.')).toBeTruthy();
    expect(screen.getAllByText('Lunghezza non valida').length).toBeGreaterThanOrEqual(4);
    expect(orderCalls(calls)).toHaveLength(0);
  });

  it('says why a coupon does not apply', async () => {
    serve();
    renderApp('/checkout');
    fireEvent.change(await screen.findByLabelText('Codice coupon'), { target: { value: 'OLD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Applica' }));
    expect(await screen.findByText('Questo coupon è scaduto.')).toBeTruthy();
  });

  it('invites a visitor to sign in and come back', async () => {
    const stub = stubFetch({
      'GET /api/user': () => json(401, { message: 'Unauthenticated.' }),
      'GET /api/shop': () => json(200, shop),
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderApp('/checkout');
    const prompt = within(await screen.findByTestId('sign-in-prompt'));
    expect(prompt.getByText("Accedi per completare l'ordine")).toBeTruthy();
    expect(prompt.getByRole('link').getAttribute('href')).toBe('/sign-in?redirect=%2Fcheckout');
  });
});

describe('checkout without a payment provider (issue 18)', () => {
  it('offers only the methods paid outside the shop', async () => {
    queryClient.clear();
    const stub = stubFetch({
      'GET /api/user': () => json(200, user),
      'GET /api/shop': () => json(200, { ...shop, payments_mode: 'off' }),
      'POST /api/cart/quote': (init) => json(200, priced(JSON.parse(String(init?.body)))),
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderApp('/checkout');
    const methods = within(await screen.findByTestId('payment-methods'));
    await waitFor(() =>
      expect(methods.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
        'cash_on_delivery',
        'as_agreed',
      ]),
    );
  });
});

describe('checkout with the methods the customer may use (issue 20)', () => {
  const notAllowed = 'This payment method is not available for your account.';

  it("offers only the quote's methods, and shows the server's 422 on the method", async () => {
    const allowed = ['card', 'cash_on_delivery'];
    const { calls, fetchStub } = stubFetch({
      'GET /api/user': () => json(200, user),
      'GET /api/shop': () => json(200, shop),
      'POST /api/cart/quote': (init) =>
        json(200, { ...priced(JSON.parse(String(init?.body))), payment_methods: allowed }),
      'POST /api/orders': () => json(422, { message: notAllowed, errors: { payment_method: [notAllowed] } }),
    });
    vi.stubGlobal('fetch', fetchStub);
    renderApp('/checkout');
    const methods = within(await screen.findByTestId('payment-methods'));
    await waitFor(() =>
      expect(methods.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(allowed),
    );
    expect(methods.queryByRole('radio', { name: 'Come da accordi' })).toBeNull();

    fireEvent.click(methods.getByRole('radio', { name: 'Contrassegno' }));
    const place = screen.getByRole('button', { name: "Conferma l'ordine" });
    await waitFor(() => expect(place).toHaveProperty('disabled', false));
    fireEvent.click(place);
    expect(
      await screen.findByText('Questo metodo di pagamento non è disponibile per il tuo account.'),
    ).toBeTruthy();
    expect(JSON.parse(String(orderCalls(calls)[0]?.init?.body))).toMatchObject({
      payment_method: 'cash_on_delivery',
    });
  });
});
