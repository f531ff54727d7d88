import type { ServerCart } from '@shop/domain';
import { expect, fillSignIn, test } from '../fixtures';
import { addFromProductPage, orderableProducts } from './cart-helpers';

/** Issue 22 point 3: the cart follows the buyer across browsers; a saved list goes back into the cart. */
test('a cart filled in one browser appears in another after sign-in, is saved as a list and re-added from it', async ({
  page,
  loginAs,
  browser,
  baseURL,
}) => {
  await loginAs('private');
  const products = await orderableProducts(page, 2, '&category=EDITORIA');
  for (const product of products) await addFromProductPage(page, product.sku);
  await expect(page.getByTestId('cart-count')).toContainText('2');
  // the writes are debounced: the server has the cart shortly after
  await expect
    .poll(async () => ((await (await page.request.get('/api/cart')).json()) as ServerCart).products.length)
    .toBe(2);

  // the same buyer on another device (a browser context of its own: no shared storage)
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const other = await phone.newPage();
  await other.goto('/sign-in');
  await fillSignIn(other, 'private');
  await expect(other).not.toHaveURL(/\/sign-in/);
  await other.goto('/cart');
  const lines = other.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  for (const product of products)
    await expect(other.locator(`[data-testid=cart-line][data-sku="${product.sku}"]`)).toBeVisible();

  // saved as a list, then the cart emptied
  await other.getByTestId('save-as-list').click();
  const dialog = other.getByRole('dialog', { name: 'Salva come lista' });
  await dialog.getByLabel('Nome').fill('Scaffale libri');
  await dialog.getByTestId('save-list').click();
  await expect(other.getByText('Salvato in «Scaffale libri».')).toBeVisible();
  // the toast sits over the page's buttons on a phone until it closes by itself
  await expect(other.getByRole('alert')).toHaveCount(0);
  for (const product of products) {
    await other
      .locator(`[data-testid=cart-line][data-sku="${product.sku}"]`)
      .getByRole('button', { name: /^Rimuovi .* dal carrello$/ })
      .click();
  }
  await expect(lines).toHaveCount(0);

  // the first browser sees the list; adding it all puts both products back, with the report
  await page.goto('/profile/lists');
  const card = page.getByTestId('list-card').filter({ hasText: 'Scaffale libri' });
  await expect(card).toContainText('2 righe');
  await card.getByTestId('list-add-all').click();
  const report = page.getByTestId('list-cart-report');
  await expect(report).toContainText('2 prodotti aggiunti al carrello.');
  await report.getByRole('link', { name: 'Vai al carrello' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await phone.close();
});

test("'Add to list' on a product card files the product in a new list shown in the profile", async ({
  page,
  loginAs,
}) => {
  await loginAs('company');
  const [product] = await orderableProducts(page, 1, '&category=MUSICA');
  await page.goto(`/products?q=${encodeURIComponent(product!.sku)}`);
  const card = page.locator(`[data-testid=product-card][data-sku="${product!.sku}"]`);
  await card.getByRole('button', { name: `Aggiungi ${product!.description} a una lista` }).click();
  const dialog = page.getByRole('dialog', { name: 'Aggiungi a una lista' });
  await dialog.getByLabel('Nuova lista').fill('Vinili del mese');
  await dialog.getByRole('button', { name: 'Crea' }).click();
  await expect(page.getByText(`${product!.description} aggiunto a «Vinili del mese».`)).toBeVisible();

  await page.goto('/profile/lists');
  await page.getByRole('link', { name: 'Vinili del mese' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vinili del mese' })).toBeVisible();
  await expect(page.locator(`[data-testid=list-line][data-sku="${product!.sku}"]`)).toBeVisible();
});
