import { request as playwrightRequest } from '@playwright/test';
import type { Order, Quote } from '@shop/domain';
import { accounts, expect, PASSWORD, test } from '../fixtures';
import { addFromProductPage, euro, nextQuote, orderableProducts } from './cart-helpers';

/**
 * Issue 16 (DESIGN §6 rule 16): what is charged is what was shown. A private customer sees the same
 * VAT-inclusive figures, coupon as its own line, on cart, checkout, confirmation and order detail.
 * Staff edit an unpaid card order; the payment page the customer opened before the edit is refused,
 * and the customer pays the new amount from the order page.
 */

/** A staff member's API session, as the back office's browser would hold it. */
async function staffSession(baseURL: string) {
  const staff = await playwrightRequest.newContext({ baseURL });
  await staff.get('/sanctum/csrf-cookie');
  const xsrf = async () =>
    decodeURIComponent((await staff.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
  expect(
    (
      await staff.post('/login', {
        data: { email: accounts.admin, password: PASSWORD },
        headers: { 'X-XSRF-TOKEN': await xsrf() },
      })
    ).status(),
  ).toBe(200);
  return {
    put: async (url: string, data: unknown) =>
      staff.put(url, { data, headers: { 'X-XSRF-TOKEN': await xsrf() } }),
    get: (url: string) => staff.get(url),
  };
}

test('a private customer with a coupon sees the same gross figures from cart to order detail', async ({
  page,
  loginAs,
}) => {
  await loginAs('private');
  const [first, second] = await orderableProducts(page, 2, '&category=MUSICA');
  await addFromProductPage(page, first!.sku);
  await addFromProductPage(page, second!.sku);

  await page.goto('/cart');
  const cartTotals = page.getByTestId('quote-totals');
  await expect(cartTotals).toHaveAttribute('data-display', 'gross');
  const cartSubtotal = (await page.getByTestId('total-subtotal').textContent())!;

  const quoted = nextQuote(page, (body) => body.payment_method === 'cash_on_delivery' && !!body.coupon_code);
  await page.goto('/checkout');
  await page.getByRole('radio', { name: 'Contrassegno' }).check();
  await page.getByTestId('coupon-code').fill('BENVENUTO10');
  await page.getByRole('button', { name: 'Applica' }).click();
  const quote: Quote = await quoted;
  expect(quote.coupon?.code).toBe('BENVENUTO10');
  await expect(page.getByTestId('coupon-applied')).toBeVisible();
  await expect(page.getByTestId('total')).toHaveText(euro(quote.total));

  // Checkout: the subtotal before the coupon is the cart's, then the coupon with its amount.
  const figures = async (prefix: 'total' | 'order') => {
    const read = async (name: string) =>
      (await page.getByTestId(`${prefix}-${name}`).textContent())!.replace(/\s/g, ' ');
    return {
      subtotal: await read('subtotal'),
      coupon: await read('coupon'),
      shipping: await read('shipping'),
      fee: await read('payment-fee'),
      total:
        prefix === 'total'
          ? (await page.getByTestId('total').textContent())!.replace(/\s/g, ' ')
          : await read('total'),
    };
  };
  const atCheckout = await figures('total');
  expect(atCheckout.subtotal).toBe(cartSubtotal.replace(/\s/g, ' '));
  expect(atCheckout.coupon).toMatch(/\d/);
  await expect(page.getByText(/Coupon BENVENUTO10/).first()).toBeVisible();

  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/checkout\/complete\/[^/]+$/);
  const orderNo = decodeURIComponent(page.url().split('/').pop()!);
  await expect(page.getByTestId('order-totals')).toHaveAttribute('data-display', 'gross');
  expect(await figures('order')).toEqual(atCheckout);

  await page.goto(`/profile/orders/${encodeURIComponent(orderNo)}`);
  await expect(page.getByTestId('order-totals')).toHaveAttribute('data-display', 'gross');
  expect(await figures('order')).toEqual(atCheckout);
  await expect(page.getByTestId('order-rows')).toHaveAttribute('data-display', 'gross');
});

test('staff raise a row of an unpaid card order: the old payment page is refused, the customer pays the new amount', async ({
  page,
  loginAs,
  baseURL,
}) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await loginAs('private');
  const [product] = await orderableProducts(page, 1, '&category=MUSICA');
  await addFromProductPage(page, product!.sku);
  await page.goto('/checkout');
  await page.getByRole('radio', { name: 'Credit card' }).check();
  await page.getByTestId('place-order').click();

  // The gateway's page, opened for the total at checkout; the customer leaves it for now.
  await expect(page).toHaveURL(/\/payments\/test\//);
  const oldPage = page.url();
  const orderNo = (await page.locator('dl dd').first().textContent())!.trim();
  const staff = await staffSession(baseURL!);
  const placed = (await (await staff.get(`/api/orders/${encodeURIComponent(orderNo)}`)).json()) as Order;
  await expect(page.getByText(euro(placed.total, 'it-IT'), { exact: true })).toBeVisible();

  const edit = await staff.put(`/api/orders/${encodeURIComponent(orderNo)}`, {
    rows: [{ id: placed.rows[0]!.id, quantity: 3 }],
  });
  expect(edit.status()).toBe(200);
  const edited = (await edit.json()) as Order;
  expect(edited.total).toBeGreaterThan(placed.total);

  // Back on the old page: no longer valid, nothing charged, and the way to the order.
  await page.goto(oldPage);
  // (the hosted page speaks the customer's language: Italian, the profile's)
  await expect(page.getByRole('heading', { name: 'Link di pagamento non più valido' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approva il pagamento' })).toHaveCount(0);
  await page.getByRole('link', { name: `Apri l'ordine ${orderNo} per pagare il nuovo importo` }).click();

  await expect(page).toHaveURL(new RegExp(`/profile/orders/${orderNo}$`));
  const pay = page.getByTestId('pay-now');
  await expect(pay).toHaveText(`Pay ${euro(edited.total, 'en-GB')}`);
  await pay.click();
  await expect(page).toHaveURL(/\/payments\/test\//);
  await expect(page.getByText(euro(edited.total, 'it-IT'), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Approva il pagamento' }).click();

  await expect(page).toHaveURL(new RegExp(`/checkout/complete/${encodeURIComponent(orderNo)}$`));
  await expect(page.getByTestId('order-status')).toHaveText('Confirmed');
  await expect(page.getByTestId('pay-now')).toHaveCount(0);
  const paid = (await (await staff.get(`/api/orders/${encodeURIComponent(orderNo)}/payments`)).json()) as {
    paid: number;
    due: number;
  };
  expect(paid).toMatchObject({ paid: edited.total, due: 0 });
});
