import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { brands, categories, subcategories, vats, warehouses } from '../../db/schema';
import type { TestApp, TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { uploadFiles } from '../../test/multipart';

/** Sheets, uploads and reference data for the import tests. */

export type Cell = string | number | boolean | null;

export async function xlsx(rows: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An .xlsx of many rows, written with the streaming writer as a large export would be. */
export async function bigXlsx(header: string[], count: number, row: (i: number) => Cell[]): Promise<Buffer> {
  const { PassThrough } = await import('node:stream');
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('data');
  sheet.addRow(header).commit();
  for (let i = 0; i < count; i++) sheet.addRow(row(i)).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/** The first worksheet's rows as values (header included). */
export async function readXlsx(content: Buffer): Promise<Cell[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as never);
  const rows: Cell[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as Cell[]).slice(1).map((v) => v ?? null));
  });
  return rows;
}

export type Shop = {
  t: TestApp;
  admin: TestClient;
  customer: TestClient;
  ids: {
    vat22: number;
    vat4: number;
    music: number;
    video: number;
    cd: number;
    dvd: number;
    brand: number;
    main: number;
  };
};

/** An admin and a customer signed in, VAT rates, two categories with a subcategory each, a brand, a warehouse. */
export async function openShop(t: TestApp): Promise<Shop> {
  const a = await createUser(t.db, { isSuperAdmin: true });
  const c = await createUser(t.db);
  const admin = t.client();
  const customer = t.client();
  await admin.login(a.email, PASSWORD);
  await customer.login(c.email, PASSWORD);
  const [vat22, vat4] = await t.db
    .insert(vats)
    .values([
      { rate: 2200, description: 'IVA 22%' },
      { rate: 400, description: 'IVA 4%' },
    ])
    .returning();
  const [music, video] = await t.db
    .insert(categories)
    .values([
      { code: 'MUSICA', description: 'Musica' },
      { code: 'HOME_VIDEO', description: 'Home video' },
    ])
    .returning();
  const [cd, dvd] = await t.db
    .insert(subcategories)
    .values([
      { code: 'CD', description: 'CD', categoryId: music!.id },
      { code: 'DVD', description: 'DVD', categoryId: video!.id },
    ])
    .returning();
  const [brand] = await t.db.insert(brands).values({ code: 'aurora', description: 'Aurora' }).returning();
  const [main] = await t.db.insert(warehouses).values({ code: 'MAIN', description: 'Magazzino' }).returning();
  return {
    t,
    admin,
    customer,
    ids: {
      vat22: vat22!.id,
      vat4: vat4!.id,
      music: music!.id,
      video: video!.id,
      cd: cd!.id,
      dvd: dvd!.id,
      brand: brand!.id,
      main: main!.id,
    },
  };
}

/** Uploads a sheet for preview; the answer as JSON with its status. */
export async function preview(shop: Shop, resource: string, name: string, content: Buffer) {
  const res = await uploadFiles(shop.t, shop.admin, `/api/imports/${resource}`, [{ name, content }]);
  return { status: res.statusCode, body: res.json() };
}

/** Runs a previewed import and waits for its end; returns the final import. */
export async function run(shop: Shop, id: number, skipInvalid = false) {
  const started = await shop.admin.post(`/api/imports/${id}/run`, { skip_invalid: skipInvalid });
  expect(started.statusCode).toBe(202);
  for (let i = 0; i < 600; i++) {
    const res = await shop.admin.get(`/api/imports/${id}`);
    const body = res.json();
    if (body.status !== 'running') return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

/** Preview then run, expecting a clean file. */
export async function importSheet(shop: Shop, resource: string, rows: Cell[][]) {
  const p = await preview(shop, resource, `${resource}.xlsx`, await xlsx(rows));
  expect([p.status, p.body.errors]).toEqual([201, []]);
  return run(shop, p.body.id);
}
