import { MAX_CART_LINES, messages, type QuickOrderReport } from '@shop/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/app';
import { addProduct, line, openShop, type Shop } from '../orders/checkout.fixtures';
import { parseQuickOrderText } from './quick-order.service';

/** Quick order (issue 5, item 8): pasted lines or an uploaded .csv/.xlsx into cart lines, reported line by line. */

let shop: Shop;
let a: { id: number; sku: string; description: string };
let b: { id: number; sku: string; description: string };
let few: { id: number; sku: string; description: string };
let gone: { id: number; sku: string; description: string };

beforeAll(async () => {
  shop = await openShop();
  a = await addProduct(shop.t.db, { stock: 50, ean13: '8001234567894' });
  b = await addProduct(shop.t.db, { stock: 50 });
  few = await addProduct(shop.t.db, { stock: 3 });
  gone = await addProduct(shop.t.db, { stock: 0 });
});
afterAll(() => shop.t.close());

const paste = (text: string, who: 'company' | 'private' | 'admin' = 'company', extra = {}) =>
  shop.clients[who].post('/api/cart/quick-order', { text, ...extra });

/**
 * A multipart upload as a browser sends it, with the client's session and XSRF token; text fields
 * (customer_id) go before the file, as the web's FormData puts them.
 */
function upload(
  client: TestClient,
  filename: string,
  content: Buffer,
  type = 'application/octet-stream',
  fields: Record<string, string> = {},
) {
  const boundary = '----quickorder7d93';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return shop.t.app.inject({
    method: 'POST',
    url: '/api/cart/quick-order/file',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
    },
  });
}

describe('POST /api/cart/quick-order', () => {
  it('reads "CODE QTY", "CODE;QTY", "CODE,QTY" and tabs, by SKU or EAN, and reports every line', async () => {
    const text = [
      `${a.sku} 2`,
      `${b.sku.toLowerCase()};4`,
      '',
      `8001234567894,1`,
      `${few.sku}\t10`,
      `${gone.sku} 1`,
      'NO-SUCH-CODE 3',
      `${b.sku} zero`,
      `${b.sku}`,
    ].join('\n');
    const res = await paste(text);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as QuickOrderReport;
    const of = (p: typeof a) => ({ sku: p.sku, title: p.description });
    expect(body.lines).toEqual([
      { line: 1, code: a.sku, requested: 2, quantity: 2, status: 'added', ...of(a) },
      { line: 2, code: b.sku.toLowerCase(), requested: 4, quantity: 4, status: 'added', ...of(b) },
      { line: 4, code: '8001234567894', requested: 1, quantity: 1, status: 'added', ...of(a) },
      { line: 5, code: few.sku, requested: 10, quantity: 3, status: 'capped', ...of(few) },
      { line: 6, code: gone.sku, requested: 1, quantity: 0, status: 'out_of_stock', ...of(gone) },
      {
        line: 7,
        code: 'NO-SUCH-CODE',
        requested: 3,
        quantity: 0,
        status: 'not_found',
        sku: null,
        title: null,
      },
      { line: 8, code: b.sku, requested: null, quantity: 0, status: 'invalid', sku: null, title: null },
      { line: 9, code: b.sku, requested: null, quantity: 1, status: 'added', ...of(b) },
    ]);
    // The same product on several lines is one cart line.
    expect(body.products).toEqual([line(a.id, 3), line(b.id, 5), line(few.id, 3)]);
  });

  it('takes 20 pasted lines in one go', async () => {
    const text = Array.from({ length: 20 }, (_, i) => `${i % 2 ? a.sku : b.sku} 1`).join('\n');
    const body = (await paste(text)).json() as QuickOrderReport;
    expect(body.lines.filter((l) => l.status === 'added')).toHaveLength(20);
    expect(body.products).toEqual([line(b.id, 10), line(a.id, 10)]);
  });

  it('refuses more than the cart can hold (422), another customer id (403), an admin naming no one (422)', async () => {
    const many = Array.from({ length: MAX_CART_LINES + 1 }, () => `${a.sku} 1`).join('\n');
    expect((await paste(many)).statusCode).toBe(422);
    expect((await paste(`${a.sku} 1`, 'private', { customer_id: shop.ids.company })).statusCode).toBe(403);
    expect((await paste(`${a.sku} 1`, 'admin', { customer_id: shop.ids.company })).statusCode).toBe(200);
    const anonymous = await paste(`${a.sku} 1`, 'admin');
    expect(anonymous.statusCode).toBe(422);
    expect(anonymous.json()).toEqual({
      message: messages.required,
      errors: { customer_id: [messages.required] },
    });
  });

  it.each([
    ['0', 0],
    ['-4', -4],
    ['2.5', null],
    ['100001', 100001],
  ])('marks quantity %s invalid', (quantity, requested) => {
    expect(parseQuickOrderText(`ABC ${quantity}`)).toEqual([
      { line: 1, code: 'ABC', requested, valid: false },
    ]);
  });
});

describe('POST /api/cart/quick-order/file', () => {
  it('reads a .csv with a BOM and quoted cells', async () => {
    const csv = Buffer.from(`\uFEFF"${a.sku}";"3"\r\n${few.sku};1\r\n`);
    const res = await upload(shop.clients.company, 'order.csv', csv, 'text/csv');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as QuickOrderReport).products).toEqual([line(a.id, 3), line(few.id, 1)]);
  });

  it('reads the first sheet of an .xlsx, EAN codes typed as numbers included', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Ordine');
    sheet.addRow([b.sku, 2]);
    sheet.addRow([8001234567894, 5]);
    sheet.addRow(['UNKNOWN', 1]);
    workbook.addWorksheet('Other').addRow([few.sku, 1]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(shop.clients.company, 'ordine.XLSX', content);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as QuickOrderReport;
    expect(body.products).toEqual([line(b.id, 2), line(a.id, 5)]);
    expect(body.lines.map((l) => [l.line, l.status])).toEqual([
      [1, 'added'],
      [2, 'added'],
      [3, 'not_found'],
    ]);
  });

  it.each([
    ['a .txt file', 'order.txt', Buffer.from('ABC 1')],
    ['a .xlsx that is not a workbook', 'order.xlsx', Buffer.from('ABC;1')],
    ['a zip that is not a workbook', 'order.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])],
    ['a binary .csv', 'order.csv', Buffer.from([0xff, 0xfe, 0x00, 0x41])],
  ])('refuses %s with 422 and a clear message', async (_name, filename, content) => {
    const res = await upload(shop.clients.company, filename, content);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: messages.quickOrderFile,
      errors: { file: [messages.quickOrderFile] },
    });
  });

  it('takes the customer from the customer_id field: an administrator must name one', async () => {
    const csv = Buffer.from(`${a.sku};2\n`);
    const admin = shop.clients.admin;
    const missing = await upload(admin, 'order.csv', csv, 'text/csv');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: messages.required,
      errors: { customer_id: [messages.required] },
    });

    const forExtra = await upload(admin, 'order.csv', csv, 'text/csv', {
      customer_id: String(shop.ids.extra),
    });
    expect(forExtra.statusCode, forExtra.body).toBe(200);
    expect((forExtra.json() as QuickOrderReport).products).toEqual([line(a.id, 2)]);
  });

  it("lets a customer name only themself (another customer's id is 403)", async () => {
    const csv = Buffer.from(`${a.sku};1\n`);
    const company = shop.clients.company;
    const own = await upload(company, 'order.csv', csv, 'text/csv', {
      customer_id: String(shop.ids.company),
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as QuickOrderReport).products).toEqual([line(a.id, 1)]);
    const other = await upload(company, 'order.csv', csv, 'text/csv', {
      customer_id: String(shop.ids.extra),
    });
    expect(other.statusCode).toBe(403);
  });

  it.each(['abc', '0', '-3', '2.5', '1e3', ''])('refuses customer_id "%s" with 422', async (value) => {
    const csv = Buffer.from(`${a.sku};1\n`);
    const res = await upload(shop.clients.admin, 'order.csv', csv, 'text/csv', { customer_id: value });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: messages.invalidValue,
      errors: { customer_id: [messages.invalidValue] },
    });
  });

  it('refuses a file over QUICK_ORDER_MAX_BYTES (2 MB) with 422 naming the limit', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 'A');
    const res = await upload(shop.clients.company, 'big.csv', big);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(messages.importTooLarge.replace(':megabytes', '2'));
  });

  it('refuses a JSON body on the upload route (422)', async () => {
    const res = await shop.clients.company.post('/api/cart/quick-order/file', { text: 'x' });
    expect(res.statusCode).toBe(422);
  });
});
