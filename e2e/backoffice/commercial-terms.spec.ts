import type { Page } from '@playwright/test';
import type { BackofficeOrderDetail, CustomerListItem, ShipmentResult } from '@shop/domain';
import { accounts, expect, signOut, test } from '../fixtures';
import { euro, orderableProducts } from '../shop/cart-helpers';

/** The shop's date (Europe/Rome) `days` after today, as the invoice list shows it (2027-01-26). */
function shopDatePlus(days: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  const due = new Date(`${today}T12:00:00Z`);
  due.setUTCDate(due.getUTCDate() + days);
  return due.toISOString().slice(0, 10);
}

/** A back-office write the staff's browser makes, with its CSRF header. */
async function staffPost(page: Page, url: string, data: unknown) {
  const xsrf = decodeURIComponent(
    (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value,
  );
  const response = await page.request.post(url, { data, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test('staff give extra@example.com a contract price list and 60-day terms; he orders at the contract price and his invoice shows the due date', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  const run = Date.now().toString(36);

  // staff: 60-day terms on the customer, who already may pay 'as per agreement' (demo)
  await loginAs('admin');
  const [product] = await orderableProducts(page, 1, '&category=MUSICA');
  const contractPrice = product!.price.unit_price - 123;
  const found = (await (await page.request.get(`/api/customers?text=${accounts.extra}`)).json()) as {
    data: CustomerListItem[];
  };
  const customerId = found.data[0]!.id;
  await page.goto(`/backoffice/customers/${customerId}`);
  await page.getByRole('combobox', { name: 'Payment terms' }).click();
  await page.getByRole('option', { name: '60 days', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved').last()).toBeVisible();

  // staff: a price list for him, with the product at a contract price
  await page.goto('/backoffice/price-lists');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Alpen contract ${run}`);
  const customers = page.getByRole('combobox', { name: 'Customers' });
  await customers.fill('Alpen');
  await page.getByRole('option', { name: /Alpen Musik AG/ }).click();
  await page
    .getByRole('button', { name: /^(Create|Save)/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/backoffice\/price-lists\/\d+$/);
  await page.getByRole('tab', { name: 'Prices' }).click();
  await page.getByRole('textbox', { name: 'SKU' }).fill(product!.sku);
  await page.getByRole('textbox', { name: 'Net price' }).fill((contractPrice / 100).toFixed(2));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`${product!.sku} added to the price list.`)).toBeVisible();
  await signOut(page);

  // the customer sees his contract price, and orders 'as per agreement'
  await loginAs('extra');
  await page.goto(`/products/${encodeURIComponent(product!.sku)}`);
  await expect(page.getByText('Your contract price')).toBeVisible();
  await page.getByTestId('quantity').fill('2');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await page.goto('/checkout');
  await page.getByRole('radio', { name: 'As per agreement' }).check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/checkout\/complete\/[^/]+$/);
  const orderNo = decodeURIComponent(page.url().split('/').pop()!);
  const placed = await (await page.request.get(`/api/orders/${encodeURIComponent(orderNo)}`)).json();
  expect(placed.rows.map((r: { product_sku: string; price: number }) => [r.product_sku, r.price])).toEqual([
    [product!.sku, contractPrice],
  ]);
  await signOut(page);

  // staff take the order to shipping and ship it: a delivery note and an invoice
  await loginAs('admin');
  for (const status of ['confirmed', 'in_work', 'picking', 'ready_to_ship', 'on_ship'])
    await staffPost(page, `/api/orders/${encodeURIComponent(orderNo)}/status`, { status });
  const detail = (await (
    await page.request.get(`/api/backoffice/orders/${encodeURIComponent(orderNo)}`)
  ).json()) as BackofficeOrderDetail;
  const shipped = (await staffPost(page, `/api/orders/${encodeURIComponent(orderNo)}/shipments`, {
    rows: detail.rows.map((r) => ({ id: r.id, quantity: 2 })),
  })) as ShipmentResult;
  await signOut(page);

  // the customer's invoice falls due in 60 days, at the contract price, and downloads as a PDF
  await loginAs('extra');
  await page.goto('/profile/invoices-downloads');
  const row = page.getByRole('row').filter({ hasText: shipped.invoice.number });
  await expect(row).toContainText(shopDatePlus(60));
  await expect(row).toContainText('Due');
  // extra-EU and VAT exempt: the invoice is the two units at the contract price and the shipping
  await expect(row).toContainText(euro(contractPrice * 2 + placed.shipping_costs, 'en-GB'));
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${shipped.invoice.number} as PDF` }).click();
  expect((await downloading).suggestedFilename()).toBe(`${shipped.invoice.number}.pdf`);
});
