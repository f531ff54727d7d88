import AxeBuilder from '@axe-core/playwright';
import type { ProductCard, ProductDetail } from '@shop/domain';
import { expect, test } from '../fixtures';

const euro = (cents: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(
    cents / 100,
  );

test('a company customer browses music from the navbar, filters, sorts, finds a product by EAN and reads it in English', async ({
  page,
  loginAs,
}) => {
  await loginAs('company');

  // navbar menu: Musica › Disponibili
  await page.getByRole('navigation', { name: 'Catalogo' }).getByRole('button', { name: 'Musica' }).click();
  await page.getByRole('menuitem', { name: 'Disponibili' }).click();
  await expect(page).toHaveURL(/\/products\?category=MUSICA&filter=in_stock$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Musica' })).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  // a facet value, then a sort: both land in the URL
  await page.getByTestId('facet-support').getByRole('button', { name: /^LP/ }).click();
  await expect(page).toHaveURL(/support=LP/);
  await expect(page.getByRole('button', { name: 'Rimuovi il filtro Formato: LP' })).toBeVisible();
  await page.getByLabel('Ordina per').selectOption('title:asc');
  await expect(page).toHaveURL(/support=LP.*sort=title&dir=asc/);

  // the product to look for: a discounted LP in stock, as the API prices it for this customer
  const list = await page.request.get('/api/products?category=MUSICA&support=LP&filter=in_stock&per_page=50');
  const candidates = ((await list.json()) as { data: ProductCard[] }).data;
  const card = candidates.find((p) => p.price.discount_rate > 0 && p.price.display === 'net');
  expect(card, 'a discounted LP in the demo data').toBeDefined();
  const product = (await (await page.request.get(`/api/products/${card!.sku}`)).json()) as ProductDetail;
  expect(product.ean13).toBeTruthy();

  // search by EAN (300 ms after typing): exactly that product
  await page.getByRole('combobox', { name: 'Cerca nel catalogo' }).fill(product.ean13!);
  await expect(page).toHaveURL(new RegExp(`q=${product.ean13}`));
  await expect(page.getByTestId('result-count')).toHaveText('1 prodotto');
  await page.getByTestId('product-card').getByRole('link', { name: product.description }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.sku}$`));

  // the discounted price, net of VAT, with the list price struck through
  await expect(page.getByRole('heading', { level: 1, name: product.description })).toBeVisible();
  await expect(page.getByTestId('unit-price')).toHaveText(euro(product.price.unit_price, 'it-IT'));
  await expect(page.getByTestId('vat-note')).toHaveText('IVA esclusa');
  await expect(page.getByTestId('list-price')).toHaveText(euro(product.price.list_price, 'it-IT'));
  await expect(page.getByTestId('product-notes')).toHaveText(product.attributes.NOTE_PRODOTTO!);

  // English: the English notes and the same price
  await page.getByLabel('Lingua').selectOption('en');
  await expect(page.getByTestId('product-notes')).toHaveText(product.attributes.NOTE_PRODOTTO_EN!);
  await expect(page.getByTestId('vat-note')).toHaveText('VAT excl.');
  await expect(page.getByTestId('unit-price')).toHaveText(euro(product.price.unit_price, 'en-GB'));

  // add to cart: the navbar badge counts it
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toContainText('1');
});

test('a T-shirt size switches the price and availability shown', async ({ page, loginAs }) => {
  await loginAs('company');
  const list = await page.request.get('/api/products?subcategory=ABBIGLIAMENTO&per_page=1');
  const [shirt] = ((await list.json()) as { data: ProductCard[] }).data;
  const product = (await (await page.request.get(`/api/products/${shirt!.sku}`)).json()) as ProductDetail;
  expect(product.variants.length).toBeGreaterThan(1);
  const other = product.variants.find((v) => !v.is_default)!;

  await page.goto(`/products/${product.sku}`);
  const sizes = page.getByRole('radiogroup', { name: 'Taglia' });
  await expect(sizes).toBeVisible();
  await page.getByTestId('variant-picker').getByText(other.attributes.TAGLIA!, { exact: true }).click();
  await expect(page.getByTestId('variant-sku')).toHaveText(`Articolo ${other.sku}`);
  await expect(page.getByTestId('unit-price')).toHaveText(euro(other.price.unit_price, 'it-IT'));
  await expect(page.getByTestId('availability')).toHaveAttribute('data-availability', other.availability);
});

/** WCAG 2 A/AA by axe on the signed-in catalogue screens, both themes (the players' iframes excluded). */
for (const scheme of ['light', 'dark'] as const) {
  test(`the catalogue screens have no serious accessibility violation in the ${scheme} theme`, async ({
    page,
    loginAs,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await loginAs('company');
    const [first] = (
      (await (await page.request.get('/api/products?category=MUSICA&per_page=1')).json()) as {
        data: ProductCard[];
      }
    ).data;
    for (const url of ['/', '/products?category=MUSICA', `/products/${first!.sku}`, '/campaigns']) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa'])
        .exclude('iframe')
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${url} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    }
  });
}
