import { readFile } from 'node:fs/promises';
import type { CurrentUser } from '@shop/domain';
import { expect, fillSignIn, test } from '../fixtures';

/**
 * Issue 21: a private customer returns one damaged item of a shipped order; staff authorise the
 * return, record its receipt and issue the credit note; the customer downloads the credit note as PDF
 * and as its FatturaPA XML (TD04 naming the invoice it corrects).
 */
test('private@example.com returns a damaged item and downloads the credit note as PDF and XML', async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await loginAs('private');

  // A shipped order of the demo: the customer opens it and asks to return one piece.
  const me = (await (await page.request.get('/api/user')).json()) as CurrentUser;
  const list = await page.request.get(`/api/customer/${me.customer!.id}/orders?status=shipped`);
  const { data: orders } = (await list.json()) as { data: { orderNo: string }[] };
  const orderNo = orders[0]!.orderNo;
  await page.goto(`/profile/orders/${encodeURIComponent(orderNo)}`);
  await page.getByRole('button', { name: 'Return items' }).click();
  const dialog = page.getByRole('dialog', { name: `Return items of order ${orderNo}` });
  const quantity = dialog.getByRole('textbox', { name: /^Quantity of .+ to return, at most \d+$/ }).first();
  const sku = (await quantity.getAttribute('aria-label'))!.replace(/^Quantity of (.+) to return, .*$/, '$1');
  await quantity.fill('1');
  await dialog.getByRole('combobox', { name: `Reason for ${sku}` }).click();
  await page.getByRole('option', { name: 'Damaged' }).click();
  await dialog.getByRole('button', { name: 'Ask for the return' }).click();
  await expect(page.getByText('Your return request was sent: we will answer by e-mail.')).toBeVisible();
  const request = page.getByRole('article', { name: 'Requested' });
  await expect(request.getByText(new RegExp(`^${sku} .+: 1 \\(Damaged\\)$`))).toBeVisible();

  // Staff authorise it with instructions, then record that it came back into a warehouse.
  const staff = await browser.newPage({ baseURL });
  await staff.addInitScript(() => localStorage.setItem('lang', 'en'));
  await staff.goto('/sign-in');
  await fillSignIn(staff, 'admin');
  await expect(staff).not.toHaveURL(/\/sign-in/);
  await staff.goto('/backoffice/returns?status=requested');
  await staff.getByRole('row').filter({ hasText: orderNo }).getByRole('link').first().click();
  await staff.getByRole('button', { name: 'Authorise' }).click();
  const authorise = staff.getByRole('dialog', { name: 'Authorise' });
  await authorise.getByLabel('Instructions').fill('Send it back to Via Privata Oslavia 17, Milano.');
  await authorise.getByRole('button', { name: 'Authorise' }).click();
  await expect(staff.getByText('The return is Authorised.')).toBeVisible();
  const rma = (await staff.getByRole('heading', { name: /^Return RMA-/ }).textContent())!.replace(
    'Return ',
    '',
  );

  await staff.getByRole('button', { name: 'Record receipt' }).click();
  const receive = staff.getByRole('dialog', { name: 'Record receipt' });
  await receive.getByRole('combobox', { name: 'Warehouse' }).click();
  await staff.keyboard.press('ArrowDown');
  await staff.keyboard.press('Enter');
  await expect(receive.getByRole('combobox', { name: 'Warehouse' })).not.toHaveValue('');
  await expect(receive.getByLabel(`Received of ${sku} (asked 1)`)).toHaveValue('1');
  await receive.getByRole('button', { name: 'Record receipt' }).click();
  await expect(staff.getByText('The return is Received.')).toBeVisible();

  await staff.getByRole('button', { name: 'Issue credit note' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(staff.getByText('The return is Credited.')).toBeVisible();
  await staff.close();

  // The customer sees the return credited, with its credit note.
  await page.reload();
  const credited = page.getByRole('article', { name: `Return ${rma}` });
  await expect(credited.getByText('Credited')).toBeVisible();
  const creditNoteNo = (await credited.getByText(/^Credit note CN-/).textContent())!.replace(
    /^Credit note (\S+):.*$/,
    '$1',
  );

  // … and downloads it from the credit notes: the PDF, and the FatturaPA TD04 for the same figures.
  await page.goto('/profile/invoices-downloads?type=credit_note');
  let downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${creditNoteNo} as PDF` }).click();
  const pdf = await readFile((await (await downloading).path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${creditNoteNo} as XML (e-invoice)` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^IT\d{11}_[A-Za-z0-9]{5}\.xml$/);
  const xml = await readFile((await download.path())!, 'utf8');
  expect(xml).toContain('<TipoDocumento>TD04</TipoDocumento>');
  expect(xml).toContain(`<Numero>${creditNoteNo}</Numero>`);
  expect(xml).toMatch(/<DatiFattureCollegate>\s*<IdDocumento>INV-/);
  expect(xml).toContain(`<CodiceValore>${sku}</CodiceValore>`);
});
