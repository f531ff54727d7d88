import { expect, test } from '../fixtures';

/** Issue 22 point 6: staff start the day on the dashboard; each figure opens the list of what it counts. */

/** The list's total as its footer says it ('N risultati'), or 0 when the list is empty. */
async function listTotal(page: import('@playwright/test').Page): Promise<number> {
  const total = page.getByText(/^\d+ risultat[oi]$/);
  const empty = page.getByText('Nessun elemento', { exact: true });
  await expect(total.or(empty).first()).toBeVisible();
  if (await empty.isVisible()) return 0;
  return Number((await total.textContent())?.match(/\d+/)?.[0]);
}

test('staff land on the dashboard and a figure opens the list whose count it shows', async ({
  page,
  loginAs,
}) => {
  await loginAs('admin');
  await expect(page).toHaveURL(/\/backoffice$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cruscotto' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ordini da lavorare' })).toBeVisible();

  // The registered orders waiting for confirmation: the badge's count is the list's total.
  const waiting = page.getByRole('heading', { name: 'Ordini da lavorare' }).locator('xpath=../..');
  const row = waiting.getByTestId('dashboard-count').nth(1);
  const count = Number(await row.textContent());
  await row.click();
  await expect(page).toHaveURL(/\/backoffice\/orders\?status=registered$/);
  expect(await listTotal(page)).toBe(count);

  // This month's orders: the figure is the total of the orders list for those dates and statuses.
  await page.goto('/backoffice');
  const month = page.getByText('Ordini del mese').locator('xpath=..').getByRole('link').first();
  const orders = Number(await month.textContent());
  await month.click();
  await expect(page).toHaveURL(/\/backoffice\/orders\?status=.*date_from=/);
  expect(await listTotal(page)).toBe(orders);

  // Products running out: the products list with the same filters.
  await page.goto('/backoffice');
  const low = page
    .getByText(/Prodotti in esaurimento/)
    .locator('xpath=../..')
    .getByTestId('dashboard-count');
  const lowCount = Number(await low.textContent());
  await low.click();
  await expect(page).toHaveURL(/\/backoffice\/products\?in_stock=1&available_max=5$/);
  expect(await listTotal(page)).toBe(lowCount);
});
