import type { ProductDetail } from '@shop/domain';
import { expect, test } from '../fixtures';
import { orderableProducts } from './cart-helpers';

/** buyer@example.com may place orders up to 500 € net (demo seed); this one goes a little over. */
const ORDER_LIMIT = 50_000;
const WANTED_NET = ORDER_LIMIT + 5_000;

test('a buyer’s order over his limit waits until the company admin approves it from To approve', async ({
  page,
  loginAs,
}) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));

  // the buyer puts enough units of one product in his cart to pass 500 € net
  await loginAs('buyer');
  const candidates = await orderableProducts(page, 10);
  let chosen: { product: ProductDetail; quantity: number } | null = null;
  for (const card of candidates) {
    const product = (await (
      await page.request.get(`/api/products/${encodeURIComponent(card.sku)}`)
    ).json()) as ProductDetail;
    const quantity = Math.ceil(WANTED_NET / product.price.unit_price);
    const max = Math.min(product.available_quantity, product.max_quantity ?? Number.POSITIVE_INFINITY);
    if (quantity >= product.min_quantity && quantity <= max) {
      chosen = { product, quantity };
      break;
    }
  }
  expect(chosen, 'a demo product with stock enough to pass 500 € net').not.toBeNull();
  const { product, quantity } = chosen!;
  await page.goto(`/products/${encodeURIComponent(product.sku)}`);
  await page.getByTestId('quantity').fill(String(quantity));
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();

  await page.goto('/checkout');
  await page.getByRole('radio', { name: 'Cash on delivery' }).check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/checkout\/complete\/[^/]+$/);
  const orderNo = decodeURIComponent(page.url().split('/').pop()!);
  await expect(page.getByTestId('order-status')).toHaveText('Awaiting approval');

  await page.goto(`/profile/orders/${encodeURIComponent(orderNo)}`);
  await expect(page.getByTestId('order-approval-state')).toHaveText(
    'Waiting for approval: over your per-order limit',
  );
  await expect(page.getByTestId('order-placed-by')).toHaveText('Placed by buyer@example.com');
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

  // the company admin approves it from To approve, with a note
  await loginAs('company');
  await page.goto('/profile');
  await page
    .getByRole('navigation', { name: 'My account' })
    .getByRole('link', { name: 'To approve' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'To approve' })).toBeVisible();
  const row = page.getByTestId('approval').filter({ hasText: orderNo });
  await expect(row).toContainText('buyer@example.com');
  await expect(row).toContainText('Over the per-order limit');
  await row.getByRole('button', { name: `Approve order ${orderNo}` }).click();
  const dialog = page.getByRole('dialog', { name: `Approve order ${orderNo}` });
  await dialog.getByLabel('Note for the buyer (optional)').fill('Fine for the Christmas stock');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`Order ${orderNo} approved: it goes on to processing.`)).toBeVisible();
  await expect(page.getByTestId('approval').filter({ hasText: orderNo })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

  // the buyer sees his order moved on, and who approved it
  await loginAs('buyer');
  await page.goto(`/profile/orders/${encodeURIComponent(orderNo)}`);
  await expect(page.getByTestId('order-status')).toHaveText('Registered');
  await expect(page.getByTestId('order-approval-state')).toHaveText(/^Approved by company@example\.com on /);
  await expect(page.getByTestId('order-approval-note')).toHaveText('Note: Fine for the Christmas stock');
  await expect(page.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
});
