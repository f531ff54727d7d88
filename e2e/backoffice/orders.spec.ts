import type { Page } from '@playwright/test';
import type { ShipmentResult } from '@shop/domain';
import { expect, test } from '../fixtures';
import { orderableProducts, placeOrderAs } from '../shop/cart-helpers';

const statusBadge = (page: Page) => page.getByTestId('order-status').first();

/** Clicks 'Move to …', confirms the dialog, and waits for the new status badge. */
async function advance(page: Page, label: string) {
  await page.getByRole('button', { name: `Passa a «${label}»` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(new RegExp(`passerà da «.+» a «${label}»`))).toBeVisible();
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByText(`Ordine passato a «${label}».`).last()).toBeVisible();
  await expect(statusBadge(page)).toHaveText(label);
}

/** Marks `quantity` of the row shipped through its dialog; answers the delivery note and invoice numbers. */
async function ship(page: Page, sku: string, quantity: number) {
  await page.getByRole('button', { name: `Segna spedita la riga ${sku}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Segna la riga come spedita' });
  await dialog.getByRole('textbox', { name: /Quantità/ }).fill(String(quantity));
  await expect(dialog.getByText(new RegExp(`per ${quantity} pz di ${sku}`))).toBeVisible();
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/shipments') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Conferma spedizione' }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  const result = (await response.json()) as ShipmentResult;
  const ddt = result.delivery_note.number;
  const inv = result.invoice.number;
  expect(ddt).toMatch(/^DDT-\d{4}-\d{6}$/);
  expect(inv).toMatch(/^INV-\d{4}-\d{6}$/);
  await expect(page.getByText(`Spedizione registrata: ${ddt} e ${inv}.`)).toBeVisible();
  return { ddt, inv };
}

/** The row's quantities as the table shows them: ordered, shipped, residual. */
async function quantitiesOf(page: Page, sku: string) {
  const cells = page.getByTestId('order-row').filter({ hasText: sku }).getByRole('cell');
  return [
    await cells.nth(2).textContent(),
    await cells.nth(3).textContent(),
    await cells.nth(4).textContent(),
  ];
}

test('an administrator takes an order from registered to shipped, one row shipped in two parts', async ({
  page,
  loginAs,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await loginAs('admin');
  const [first, second] = await orderableProducts(page, 2, '&category=MUSICA');
  const { order } = await placeOrderAs(baseURL!, 'company', [
    { id: first!.id, quantity: 2 },
    { id: second!.id, quantity: 3 },
  ]);

  await page.goto(`/backoffice/orders?q=${encodeURIComponent(order.orderNo)}`);
  await page.getByRole('link', { name: order.orderNo }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Ordine ${order.orderNo}` })).toBeVisible();
  await expect(statusBadge(page)).toHaveText('Registrato');

  for (const label of ['Confermato', 'In lavorazione', 'In preparazione', 'Pronto per la spedizione'])
    await advance(page, label);
  await advance(page, 'In spedizione');

  // The first row in full, then back on shipping for one piece of the second.
  const firstShipment = await ship(page, first!.sku, 2);
  await expect(statusBadge(page)).toHaveText('Spedito parzialmente');
  await advance(page, 'In spedizione');
  const secondShipment = await ship(page, second!.sku, 1);
  await expect(statusBadge(page)).toHaveText('Spedito parzialmente');
  expect(await quantitiesOf(page, first!.sku)).toEqual(['2', '2', '0']);
  expect(await quantitiesOf(page, second!.sku)).toEqual(['3', '1', '2']);
  for (const number of [firstShipment.ddt, firstShipment.inv, secondShipment.ddt, secondShipment.inv])
    await expect(page.getByRole('link', { name: `Apri il PDF di ${number}` })).toBeVisible();
  await expect(page.getByTestId('status-change').last()).toContainText('admin@example.com');

  // The company customer finds the new delivery notes and invoices in their area.
  await page.context().clearCookies();
  await loginAs('company');
  await page.goto('/profile/delivery-notes');
  await expect(page.getByText(secondShipment.ddt).first()).toBeVisible();
  await expect(page.getByText(firstShipment.ddt).first()).toBeVisible();
  await page.goto('/profile/invoices-downloads');
  // Each invoice as PDF and as its FatturaPA XML (issue 21).
  for (const { inv } of [secondShipment, firstShipment])
    for (const format of ['PDF', 'XML'])
      await expect(page.getByRole('button', { name: new RegExp(`${inv} (in|as) ${format}`) })).toBeVisible();

  // Back as the administrator: on shipping again, the rest of the second row, shipped.
  await page.context().clearCookies();
  await loginAs('admin');
  // The back office in Italian again, whatever language the customer's session chose.
  await page.evaluate(() => localStorage.setItem('lang', 'it'));
  await page.goto(`/backoffice/orders/${encodeURIComponent(order.orderNo)}`);
  await advance(page, 'In spedizione');
  await ship(page, second!.sku, 2);
  await expect(statusBadge(page)).toHaveText('Spedito');
  expect(await quantitiesOf(page, second!.sku)).toEqual(['3', '3', '0']);
  await expect(page.getByRole('button', { name: 'Passa a «Consegnato»' })).toBeVisible();
});
