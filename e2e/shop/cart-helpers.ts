import { type Page, request as playwrightRequest } from '@playwright/test';
import type { CurrentUser, Order, ProductCard, Quote } from '@shop/domain';
import { accounts, expect, PASSWORD } from '../fixtures';

export const euro = (cents: number, locale = 'it-IT') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(
    cents / 100,
  );

/**
 * Products the signed-in customer can order now, from the API as the customer's browser sees it:
 * in stock, without variants, with a few units to spare.
 */
export async function orderableProducts(page: Page, count: number, query = ''): Promise<ProductCard[]> {
  const found: ProductCard[] = [];
  for (let pageNo = 1; found.length < count && pageNo <= 10; pageNo++) {
    const response = await page.request.get(
      `/api/products?filter=in_stock&per_page=100&page=${pageNo}${query}`,
    );
    const { data } = (await response.json()) as { data: ProductCard[] };
    if (data.length === 0) break;
    found.push(
      ...data.filter((p) => !p.has_variants && p.availability === 'in_stock' && p.available_quantity >= 5),
    );
  }
  expect(found.length, `${count} orderable products in the demo data`).toBeGreaterThanOrEqual(count);
  return found.slice(0, count);
}

/** Adds one unit from the product page, as a customer does. */
export async function addFromProductPage(page: Page, sku: string) {
  await page.goto(`/products/${encodeURIComponent(sku)}`);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByText(/^(Aggiunto al carrello|Added to cart)$/).first()).toBeVisible();
}

/** The next quote the page asks for that matches `when`, as the server answered it. */
export async function nextQuote(
  page: Page,
  when: (request: Record<string, unknown>) => boolean = () => true,
) {
  const response = await page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/cart/quote') &&
      r.request().method() === 'POST' &&
      r.status() === 200 &&
      when(r.request().postDataJSON() as Record<string, unknown>),
  );
  return (await response.json()) as Quote;
}

/**
 * Places an order as a demo customer through the API, as their browser would (CSRF cookie, sign-in,
 * default addresses), and answers it with the customer's id. Cash on delivery and 'as agreed' start
 * registered.
 */
export async function placeOrderAs(
  baseURL: string,
  role: 'company' | 'private',
  products: { id: number; quantity: number }[],
  paymentMethod: 'cash_on_delivery' | 'as_agreed' = 'cash_on_delivery',
): Promise<{ order: Order; customerId: number }> {
  const customer = await playwrightRequest.newContext({ baseURL });
  await customer.get('/sanctum/csrf-cookie');
  const xsrf = async () =>
    decodeURIComponent((await customer.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
  const login = await customer.post('/login', {
    data: { email: accounts[role], password: PASSWORD },
    headers: { 'X-XSRF-TOKEN': await xsrf() },
  });
  expect(login.status()).toBe(200);
  const user = (await (await customer.get('/api/user')).json()) as CurrentUser;
  const addressOf = (type: 'B' | 'S') =>
    user.customer!.addresses.find((a) => a.type === type && a.is_default)!.id;
  const placed = await customer.post('/api/orders', {
    data: {
      products: products.map((p) => ({ ...p, isVariant: false })),
      billing: { address_id: addressOf('B') },
      shipping: { address_id: addressOf('S') },
      payment_method: paymentMethod,
    },
    headers: {
      'X-XSRF-TOKEN': await xsrf(),
      'Idempotency-Key': `e2e-${role}-${Date.now()}-${Math.random()}`,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: Order };
  await customer.dispose();
  return { order, customerId: user.customer!.id };
}
