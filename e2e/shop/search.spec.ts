import type { ProductCard, SearchSuggestions } from '@shop/domain';
import { expect, test } from '../fixtures';

/**
 * Issue 22 point 2: a search with a typo finds the corrected words' products and says so ("did you
 * mean"), and the search box suggests products, authors, labels and categories while typing, chosen
 * with the keyboard.
 */

test("'Neon Harts' finds 'Neon Hearts' with a 'did you mean' line", async ({ page, loginAs }) => {
  await loginAs('company');
  const api = (await (await page.request.get('/api/products?q=Neon%20Harts')).json()) as {
    data: ProductCard[];
    meta: { did_you_mean?: string };
  };
  expect(api.meta.did_you_mean).toBe('Neon Hearts');
  expect(api.data.length).toBeGreaterThan(0);

  await page.goto('/products');
  await page.getByRole('combobox', { name: 'Cerca nel catalogo' }).fill('Neon Harts');
  await page.getByRole('combobox', { name: 'Cerca nel catalogo' }).press('Enter');
  await expect(page).toHaveURL(/q=Neon\+Harts/);
  const line = page.getByTestId('did-you-mean');
  await expect(line).toContainText('Forse cercavi Neon Hearts?');
  const cards = page.getByTestId('product-card');
  await expect(cards.first()).toContainText(api.data[0]!.description);
  for (const title of await cards.getByRole('heading').allTextContents()) {
    expect(title).toMatch(/hearts/i);
  }

  // the link runs the corrected search, which needs no correction
  await line.getByRole('link', { name: 'Neon Hearts' }).click();
  await expect(page).toHaveURL(/q=Neon\+Hearts/);
  await expect(page.getByTestId('did-you-mean')).toHaveCount(0);
  await expect(cards.first()).toContainText(api.data[0]!.description);
});

test('typing opens the suggestions; arrows and Enter open a product', async ({ page, loginAs }) => {
  await loginAs('company');
  const expected = (await (
    await page.request.get('/api/search/suggestions?q=neon')
  ).json()) as SearchSuggestions;
  expect(expected.products.length).toBeGreaterThan(1);

  await page.goto('/products');
  await page.mouse.move(0, 0);
  const box = page.getByRole('combobox', { name: 'Cerca nel catalogo' });
  await box.pressSequentially('neon', { delay: 40 });
  const listbox = page.getByRole('listbox', { name: 'Suggerimenti' });
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = listbox.getByRole('option');
  // the answer for 'neon' itself, not one for a prefix typed on the way
  await expect(page.getByTestId('search-suggestions')).toHaveAttribute('aria-busy', 'false');
  await expect(options).toHaveCount(
    (expected.did_you_mean ? 1 : 0) +
      expected.products.length +
      expected.authors.length +
      expected.labels.length +
      expected.categories.length,
  );
  await expect(options.first()).toContainText(expected.products[0]!.description);
  await expect(listbox.getByRole('group', { name: 'Prodotti' })).toBeVisible();

  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/products/${expected.products[1]!.sku}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: expected.products[1]!.description }),
  ).toBeVisible();
});
