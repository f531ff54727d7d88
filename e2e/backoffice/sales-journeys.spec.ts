import type { Page } from '@playwright/test';
import type { Page as ListPage, Order, ProductCard, ProductDetail } from '@shop/domain';
import { expect, type Role, test } from '../fixtures';
import { euro } from '../shop/cart-helpers';

/**
 * Issue 7's sales journeys: a discount rule made in the back office reprices the company customer's
 * storefront, and a stock load recorded in the back office makes the company's backorder row ready.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
});

/** Signs the browser out (its session cookie gone) and in again as `role`. */
async function switchTo(page: Page, loginAs: (role: Role) => Promise<void>, role: Role) {
  await page.context().clearCookies();
  await loginAs(role);
}

async function choose(page: Page, label: string, option: RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Products as the signed-in browser sees them, over up to `pages` pages of 100. */
async function findProducts(page: Page, query: string, keep: (card: ProductCard) => boolean, pages = 25) {
  for (let n = 1; n <= pages; n++) {
    const res = await page.request.get(`/api/products?per_page=100&page=${n}${query}`);
    const { data } = (await res.json()) as ListPage<ProductCard>;
    const found = data.find(keep);
    if (found) return found;
    if (data.length < 100) break;
  }
  throw new Error(`no product for ${query}`);
}

test("a discount rule made in the back office lowers the company's price of a product of its category", async ({
  page,
  loginAs,
}) => {
  // The company (group RIVENDITORI, 2% base discount) has no rule on hi-fi: it pays the list price − 2%.
  await loginAs('company');
  const card = await findProducts(
    page,
    '&category=HI_FI',
    (p) => !p.has_variants && p.price.campaign_price === null && p.price.discount_rate === 200,
  );
  await page.goto(`/products/${encodeURIComponent(card.sku)}`);
  await expect(page.getByTestId('unit-price')).toHaveText(euro(card.price.discounted_price, 'en-GB'));

  await switchTo(page, loginAs, 'admin');
  await page.goto('/backoffice/discount-rules/new');
  await choose(page, 'Customer group', /^RIVENDITORI/);
  await choose(page, 'Category', /^HI_FI/);
  await page.getByRole('textbox', { name: 'Discount (%)' }).fill('10');
  await page.getByRole('textbox', { name: 'Priority' }).fill('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved').last()).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/discount-rules\/\d+$/);

  // 2% then 10%, rounded once to the cent (half up): list × 0.98 × 0.90.
  const expected = Math.floor((card.price.list_price * 9_800 * 9_000 + 50_000_000) / 100_000_000);
  expect(expected).toBeLessThan(card.price.discounted_price);
  await switchTo(page, loginAs, 'company');
  await page.goto(`/products/${encodeURIComponent(card.sku)}`);
  await expect(page.getByTestId('unit-price')).toHaveText(euro(expected, 'en-GB'));
  const detail = (await (
    await page.request.get(`/api/products/${encodeURIComponent(card.sku)}`)
  ).json()) as ProductDetail;
  expect([detail.price.discount_rate, detail.price.unit_price]).toEqual([1180, expected]);
});

test("a stock load recorded in the back office makes the company's backorder row ready", async ({
  page,
  loginAs,
}) => {
  // The company orders 2 units more than there are of a product available on request.
  await loginAs('company');
  const card = await findProducts(page, '', (p) => !p.has_variants && p.availability === 'on_request');
  const quantity = Math.max(0, card.available_quantity) + 2;
  await page.goto(`/products/${encodeURIComponent(card.sku)}`);
  await page.getByTestId('quantity').fill(String(quantity));
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await page.goto('/checkout');
  await page.getByRole('radio', { name: 'Cash on delivery' }).check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/checkout\/complete\/[^/]+$/);
  const orderNo = decodeURIComponent(page.url().split('/').pop()!);
  const rowOf = async () => {
    const order = (await (
      await page.request.get(`/api/orders/${encodeURIComponent(orderNo)}`)
    ).json()) as Order;
    return order.rows.find((r) => r.product_sku === card.sku)!;
  };
  const placed = await rowOf();
  expect(placed.quantities.ordered).toBe(quantity);
  expect(placed.quantities.ready).toBeLessThan(quantity);

  // The administrator records a load big enough for every row waiting for the product.
  await switchTo(page, loginAs, 'admin');
  await page.goto('/backoffice/warehouse-transactions');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByRole('textbox', { name: 'SKU', exact: true }).fill(card.sku);
  await choose(page, 'Warehouse', /^MAIN/);
  await page.getByRole('textbox', { name: 'Quantity', exact: true }).fill('1000');
  const documentNo = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole('textbox', { name: 'Document number', exact: true }).fill(documentNo);
  await page.getByRole('button', { name: 'Record the movement' }).click();
  await expect(page.getByText(/^\d+ units allocated to waiting order rows \(\d+\)$/)).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/warehouse-transactions\/\d+$/);
  await expect(page.getByText(`${documentNo} – ${card.sku}`)).toBeVisible();
  await expect(page.getByRole('row', { name: 'Operation Load' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Quantity 1000' })).toBeVisible();

  // The company sees the whole row ready in its open order rows (oldest order first: the last page).
  await switchTo(page, loginAs, 'company');
  const user = (await (await page.request.get('/api/user')).json()) as { customer: { id: number } };
  const rows = await page.request.get(`/api/customers/${user.customer.id}/order-rows?per_page=50`);
  const lastPage = Math.max(1, Math.ceil(((await rows.json()) as ListPage<unknown>).meta.total / 50));
  await page.goto(`/profile/order-rows${lastPage > 1 ? `?page=${lastPage}` : ''}`);
  const row = page.locator(`[data-testid=customer-row][data-row-id="${placed.id}"]`);
  await expect(row.getByRole('cell')).toContainText([orderNo, card.sku, String(quantity)]);
  await expect(row.getByRole('cell').nth(8)).toHaveText(String(quantity));
  expect((await rowOf()).quantities).toMatchObject({
    ordered: quantity,
    residual: quantity,
    ready: quantity,
  });
});
