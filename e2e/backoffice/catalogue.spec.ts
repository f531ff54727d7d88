import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from '../fixtures';

/** A small real PNG (solid colour), so the server's image decoding accepts it. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([200, 60, 90]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 1,000 products in an .xlsx, in the columns of the products import template. */
async function productsWorkbook(prefix: string, category: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('products');
  sheet.addRow(['sku', 'description', 'author', 'price', 'vat', 'category']);
  for (let i = 1; i <= 1000; i++) {
    sheet.addRow([
      `${prefix}-${String(i).padStart(4, '0')}`,
      `Disco importato ${i}`,
      'Orchestra Import',
      '12.90',
      '22',
      category,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function choose(page: Page, label: string, option: RegExp | string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

const saved = (page: Page) => expect(page.getByText('Salvato').last()).toBeVisible();

test('an administrator builds a category with an attribute tag, a product with a variant, attributes and an image, imports 1,000 products and finds one', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36).toUpperCase();
  const categoryCode = `E2E${run}`;
  const sku = `E2E-${run}`;
  await loginAs('admin');

  // a category
  await page.goto('/backoffice/categories');
  await page.getByRole('link', { name: 'Nuovo', exact: true }).click();
  await page.getByRole('textbox', { name: 'Codice', exact: true }).fill(categoryCode);
  await page.getByRole('textbox', { name: 'Descrizione', exact: true }).fill('Vinili da collezione');
  await page.getByRole('button', { name: 'Salva' }).click();
  await saved(page);
  await expect(page).toHaveURL(/\/backoffice\/categories\/\d+$/);
  await expect(page.getByText(`${categoryCode} – Vinili da collezione`)).toBeVisible();

  // its attribute tag: a fixed list; the same code again is 'already exist' on the code field
  await page.getByRole('tab', { name: 'Tag attributi' }).click();
  await expect(page.getByText('Nessun tag attributo.')).toBeVisible();
  const addTag = async () => {
    await page.getByRole('button', { name: 'Aggiungi tag attributo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Tag', exact: true }).fill('Colore del vinile');
    await dialog.getByRole('textbox', { name: 'Codice', exact: true }).fill('COLORE');
    await choose(page, 'Tipo', 'Elenco chiuso');
    const options = dialog.getByRole('combobox', { name: "Opzioni dell'elenco" });
    for (const option of ['Nero', 'Rosso']) {
      await options.fill(option);
      await options.press('Enter');
    }
    await dialog.getByRole('button', { name: 'Salva' }).click();
    return dialog;
  };
  await addTag();
  await expect(page.getByRole('cell', { name: 'COLORE', exact: true })).toBeVisible();
  const again = await addTag();
  await expect(again.getByText('esiste già')).toBeVisible();
  await again.getByRole('button', { name: 'Chiudi' }).click();

  // a product in it
  await page.goto('/backoffice/products/new');
  await page.getByRole('textbox', { name: 'SKU', exact: true }).fill(sku);
  await page.getByRole('textbox', { name: 'Titolo', exact: true }).fill('Sinfonie in rosso');
  await page.getByRole('textbox', { name: 'Prezzo (IVA esclusa)', exact: true }).fill('0');
  await choose(page, 'IVA', /^22%/);
  await choose(page, 'Categoria', new RegExp(`^${categoryCode}`));
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Deve essere maggiore di 0')).toBeVisible();
  await page.getByRole('textbox', { name: 'Prezzo (IVA esclusa)', exact: true }).fill('24,90');
  await page.getByRole('button', { name: 'Salva' }).click();
  await saved(page);
  await expect(page).toHaveURL(new RegExp(`/backoffice/products/${sku}$`));

  // its attributes: the category's tag offers its options
  await page.getByRole('tab', { name: 'Attributi' }).click();
  await choose(page, 'Colore del vinile', 'Rosso');
  await page.getByRole('button', { name: 'Salva' }).click();
  await saved(page);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Colore del vinile' })).toHaveValue('Rosso');

  // a variant: its value must be 1 to 4
  await page.getByRole('tab', { name: 'Aggiungi variante' }).click();
  await page.getByRole('textbox', { name: 'SKU', exact: true }).fill(`${sku}-B`);
  await page.getByRole('textbox', { name: 'Valore della variante', exact: true }).fill('5');
  await page.getByRole('button', { name: 'Aggiungi variante' }).click();
  await expect(page.getByText('Deve essere compreso tra 1 e 4')).toBeVisible();
  await page.getByRole('textbox', { name: 'Valore della variante', exact: true }).fill('2');
  await page.getByRole('button', { name: 'Aggiungi variante' }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/products/${sku}/variants$`));
  // the first variant becomes the default one
  await expect(page.getByRole('cell', { name: `${sku}-B Predefinita`, exact: true })).toBeVisible();

  // an image, which becomes the cover
  await page.getByRole('tab', { name: 'Immagini' }).click();
  await expect(page.getByText('Nessuna immagine.')).toBeVisible();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(64, 64) });
  await expect(page.getByText('1 immagine caricata')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Immagine 1' })).toBeVisible();
  await expect(page.getByText('Copertina', { exact: true })).toBeVisible();

  // 1,000 products from an .xlsx
  const prefix = `IMP${run}`;
  await page.goto('/backoffice/products');
  await page.getByRole('button', { name: 'Importa da Excel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importa prodotti da Excel' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'prodotti.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await productsWorkbook(prefix, categoryCode),
  });
  await dialog.getByRole('button', { name: 'Carica e verifica' }).click();
  await expect(dialog.getByText('Tutte le righe sono valide.')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('Da creare').locator('..')).toContainText('1000');
  await dialog.getByRole('button', { name: 'Importa', exact: true }).click();
  await expect(dialog.getByText('Importazione completata')).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByText('Creati').locator('..')).toContainText('1000');
  await dialog.getByRole('button', { name: 'Chiudi' }).last().click();

  // one of them, through the list's search
  await page.getByRole('searchbox', { name: 'Cerca' }).fill(`${prefix}-0777`);
  await expect(page).toHaveURL(new RegExp(`q=${prefix}-0777`));
  await expect(page.getByRole('link', { name: `${prefix}-0777` })).toBeVisible();
  await expect(page.getByText('1 risultato')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Disco importato 777', exact: true })).toBeVisible();
});
