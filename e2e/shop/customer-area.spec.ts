import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
});

test('a company customer adds an address, requests shipping of ready rows, downloads an invoice and cancels backorders', async ({
  page,
  loginAs,
}) => {
  await loginAs('company');

  // a new shipping address, saved and listed
  await page.goto('/profile/addresses');
  await page.getByRole('button', { name: 'Add a shipping address' }).click();
  const editor = page.getByRole('dialog', { name: 'New address' });
  await expect(editor.getByLabel('Shipping')).toBeChecked();
  const field = (name: string) => editor.getByRole('textbox', { name, exact: true });
  await field('Company').fill('Dischi Rossi – Magazzino Torino');
  await field('Address').fill('Via Nizza 150');
  await field('Postcode').fill('10126');
  await field('City').fill('Torino');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Address saved.')).toBeVisible();
  await expect(page.getByText('Via Nizza 150')).toBeVisible();

  // the ready rows: choose one, see the processing date, confirm; it moves to the rows being shipped
  await page.goto('/profile/order-rows');
  const onlyReady = page.getByRole('switch', { name: 'Only rows ready for shipping' });
  await onlyReady.click();
  await expect(onlyReady).toBeChecked();
  const choice = page.getByRole('checkbox', { name: /^Select row / }).first();
  const label = (await choice.getAttribute('aria-label'))!;
  const [, sku, orderNo] = /^Select row (.+) of order (.+)$/.exec(label)!;
  await choice.check();
  await page.getByRole('button', { name: 'Request shipping' }).click();
  const request = page.getByRole('dialog', { name: 'Request shipping' });
  await expect(request.getByText(/^Processing date: \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expect(request.getByText(sku!)).toBeVisible();
  await request.getByRole('button', { name: 'Confirm the request' }).click();
  await expect(page.getByText(/^Shipping requested: it will be processed on /)).toBeVisible();
  await page.goto('/profile/on-shipping-rows');
  await expect(page.getByRole('row').filter({ hasText: sku! }).filter({ hasText: orderNo! })).toBeVisible();

  // an invoice as a real PDF file named after its number
  await page.goto('/profile/invoices-downloads');
  const firstInvoice = page.getByRole('button', { name: /^Download INV-/ }).first();
  const invoiceNo = (await firstInvoice.getAttribute('aria-label'))!.replace(/^Download (\S+) as PDF$/, '$1');
  const downloading = page.waitForEvent('download');
  await firstInvoice.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${invoiceNo}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // backorders of the orders placed up to today: counted, confirmed, gone
  await page.goto('/profile/backorder');
  await expect(page.getByText(/^Rows: \d+ · Units in backorder: \d+$/)).toBeVisible();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  await page.getByLabel('Orders placed up to').fill(today);
  await page.getByRole('button', { name: 'Cancel backorder up to this date' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel backorder' });
  await expect(
    confirm.getByText(/The backorder of \d+ rows? \(\d+ units?\) of the orders placed up to/),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel backorder' }).click();
  await expect(page.getByText(/^Backorder cancelled: \d+ units? on \d+ rows?\.$/)).toBeVisible();
  await expect(page.getByText('Nothing in backorder')).toBeVisible();
});
