import type { Order, ProductCard } from '@shop/domain';
import { expect, test } from '../fixtures';
import { euro, nextQuote } from '../shop/cart-helpers';

test('an administrator orders for an extra-EU customer from the back-office cart, with 0% VAT', async ({
  page,
  loginAs,
}) => {
  await loginAs('admin');
  const list = await page.request.get('/api/products?filter=in_stock&category=MUSICA&per_page=50');
  const [first, second] = ((await list.json()) as { data: ProductCard[] }).data.filter(
    (p) => !p.has_variants && p.available_quantity >= 5,
  );

  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Ordine per cliente' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ordine per cliente' })).toBeVisible();
  await page.getByPlaceholder('Cerca per ragione sociale, nome o e-mail').fill('extra@example.com');
  await page.getByRole('option', { name: /extra@example\.com/ }).click();
  await expect(page.getByTestId('choose-customer')).toHaveCount(0);

  // the products go in by code, for this customer
  await page.getByRole('link', { name: 'Ordine rapido' }).click();
  await page.getByLabel('Codici e quantità').fill(`${first!.sku} 2\n${second!.sku} 1`);
  await page.getByRole('button', { name: 'Aggiungi al carrello', exact: true }).click();
  await expect(page.locator('[data-testid=quick-order-line][data-status=added]')).toHaveCount(2);

  const cartQuote = nextQuote(page, (body) => typeof body.customer_id === 'number');
  await page.getByRole('link', { name: 'Vai al carrello' }).click();
  const quote = await cartQuote;
  expect(quote.products.every((p) => p.vatRate === 0)).toBe(true);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('total-vat')).toHaveText(euro(0));
  await expect(page.getByTestId('total')).toHaveText(euro(quote.total));

  await page.getByTestId('proceed-to-checkout').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conferma ordine' })).toBeVisible();
  const agreedQuote = nextQuote(page, (body) => body.payment_method === 'as_agreed');
  await page.getByRole('radio', { name: 'Come da accordi' }).check();
  const agreed = await agreedQuote;
  expect(agreed.vat).toBe(0);
  await expect(page.getByTestId('total')).toHaveText(euro(agreed.total));
  await page.getByTestId('place-order').click();

  await expect(page).toHaveURL(/\/backoffice\/checkout\/complete\/[^/]+$/);
  const orderNo = decodeURIComponent(page.url().split('/').pop()!);
  await expect(page.getByTestId('order-status')).toHaveText('Registrato');
  await expect(page.getByTestId('order-vat')).toHaveText(euro(0));
  await expect(page.getByTestId('order-total')).toHaveText(euro(agreed.total));

  const order = (await (
    await page.request.get(`/api/orders/${encodeURIComponent(orderNo)}`)
  ).json()) as Order;
  expect(order).toMatchObject({
    channel: 'backoffice',
    customer_id: agreed.customer_id,
    vat: 0,
    total: agreed.total,
  });
});
