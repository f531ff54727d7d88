import {
  type EInvoice,
  eInvoiceMessages,
  type OrderStatus,
  type Page,
  type PlacedOrder,
  type ShipmentResult,
} from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { issueDocument } from '../documents/document-issue.service';
import { addProduct, line, openShop, postOrder, rowsOf, type Shop } from '../orders/checkout.fixtures';
import { generateMissingEInvoices } from './e-invoice-generation.service';
import { configuredSdiChannel, type SdiSimulator } from './sdi-channel';

/**
 * Issue 21: every invoice and credit note gets its FatturaPA file when issued; customers download their
 * own, staff list, export, regenerate and send them; the SDI's signed notifications set their state.
 */

const TOKEN = 'sdi-notification-test-token';
const TODAY = '2026-11-21';
let shop: Shop;
let sdi: SdiSimulator;
beforeAll(async () => {
  shop = await openShop({ SDI_CHANNEL: 'simulator', SDI_TOKEN: TOKEN });
  sdi = configuredSdiChannel(shop.t.app.deps.config) as SdiSimulator;
});
afterAll(() => shop.t.close());

const admin = () => shop.clients.admin;
const ON_SHIP: OrderStatus[] = ['confirmed', 'in_work', 'picking', 'ready_to_ship', 'on_ship'];
const euros = (cents: number) => (cents / 100).toFixed(2);
const nowSeconds = () => Math.floor(shop.t.clock.now.getTime() / 1000);

/** An order of `who` for two units of a new product at 12.90, shipped in full: its delivery note and invoice. */
async function shipOrder(who: 'company' | 'private') {
  const p = await addProduct(shop.t.db, { price: 1290, stock: 10 });
  const res = await postOrder(shop, who, { products: [line(p.id, 2)] });
  expect(res.statusCode, res.body).toBe(201);
  const { orderNo, id } = (res.json() as PlacedOrder).order;
  for (const status of ON_SHIP)
    expect((await admin().post(`/api/orders/${orderNo}/status`, { status })).statusCode).toBe(200);
  const detail = (await admin().get(`/api/backoffice/orders/${orderNo}`)).json() as {
    rows: { id: number }[];
  };
  const shipped = await admin().post(`/api/orders/${orderNo}/shipments`, {
    rows: [{ id: detail.rows[0]!.id, quantity: 2 }],
  });
  expect(shipped.statusCode, shipped.body).toBe(201);
  const result = shipped.json() as ShipmentResult;
  return { orderNo, orderId: id, rowId: detail.rows[0]!.id, product: p, ...result };
}

async function listed(query: Record<string, string> = {}) {
  const params = new URLSearchParams({ from: TODAY, to: TODAY, per_page: '100', ...query });
  const res = await admin().get(`/api/backoffice/e-invoices?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<EInvoice>;
}

async function fileOf(documentNumber: string) {
  const file = (await listed({ q: documentNumber })).data.find((e) => e.document.number === documentNumber);
  expect(file, `${documentNumber} has a file`).toBeDefined();
  return file!;
}

const xmlOf = async (documentId: number) => {
  const res = await admin().get(`/api/documents/${documentId}/xml`);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

/** The text of the first `<tag>` of the XML. */
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

function notify(
  fileName: string,
  type: 'RC' | 'NS' | 'MC',
  options: { id?: string; errors?: { code: string; description: string }[]; token?: string } = {},
) {
  const request = sdi.notification(fileName, type, { at: nowSeconds(), ...options });
  return shop.t.app.inject({ method: 'POST', url: '/api/sdi/notifications', ...request });
}

async function unzip(payload: Buffer): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(payload);
  const files = new Map<string, string>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of (await zip.openReadStreamPromise(entry)) as AsyncIterable<Buffer>)
      chunks.push(chunk);
    files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
  }
  return files;
}

describe('generating the file of an issued invoice', () => {
  it('issues the invoice of a shipment with its FatturaPA file, generated, to the cent of the invoice', async () => {
    const { invoice, delivery_note } = await shipOrder('company');
    const file = await fileOf(invoice.number);
    expect(file.state).toBe('generated');
    expect(file.errors).toEqual([]);
    expect(file.warnings).toEqual([]);
    expect(file.file_name).toMatch(/^IT12345670157_[0-9A-Z]{5}\.xml$/);
    expect(file.document).toMatchObject({
      id: invoice.id,
      type: 'invoice',
      total: invoice.amount + invoice.vat,
    });
    // 2 × 12.90 less the company's discounts, shipping and fee: whatever the invoice says, the file says.
    const xml = await xmlOf(invoice.id);
    expect(tag(xml, 'ImportoTotaleDocumento')).toBe(euros(invoice.amount + invoice.vat));
    expect(tag(xml, 'TipoDocumento')).toBe('TD01');
    expect(tag(xml, 'Numero')).toBe(invoice.number);
    expect(tag(xml, 'CodiceDestinatario')).toBe('M5UXCR1');
    expect(tag(xml, 'NumeroDDT')).toBe(delivery_note.number);
    expect(tag(xml, 'ProgressivoInvio')).toBe(file.file_name.slice(14, 19));
  });

  it('gives a credit note its TD04 file naming the invoice it corrects', async () => {
    const shipped = await shipOrder('company');
    const creditNote = await issueDocument(
      { db: shop.t.db },
      {
        type: 'credit_note',
        customerId: shop.ids.company,
        orderId: shipped.orderId,
        date: TODAY,
        rows: [
          {
            orderRowId: shipped.rowId,
            productSku: shipped.product.sku,
            description: shipped.product.description,
            quantity: 1,
            price: (
              await rowsOf<{ price: number }>(
                shop.t.db,
                sql`select price from order_rows where id = ${shipped.rowId}`,
              )
            )[0]!.price,
            vatRate: 2200,
          },
        ],
      },
    );
    const file = await fileOf(creditNote.number);
    expect(file.state).toBe('generated');
    const xml = await xmlOf(creditNote.id);
    expect(tag(xml, 'TipoDocumento')).toBe('TD04');
    expect(tag(xml, 'IdDocumento')).toBe(shipped.invoice.number);
    expect(tag(xml, 'ImportoTotaleDocumento')).toBe(euros(creditNote.amount + creditNote.vat));
  });

  it('sends a private customer without SDI code nor PEC 0000000, issues the invoice and warns staff', async () => {
    const { invoice } = await shipOrder('private');
    const file = await fileOf(invoice.number);
    expect(file.state).toBe('generated');
    expect(file.warnings).toEqual([eInvoiceMessages.noRecipient]);
    const xml = await xmlOf(invoice.id);
    expect(tag(xml, 'CodiceDestinatario')).toBe('0000000');
    expect(xml).not.toContain('<PECDestinatario>');
  });

  it('holds the file of a buyer whose VAT number fails its check digit, and generates it once fixed', async () => {
    const [before] = await rowsOf<{ vat_id: string }>(
      shop.t.db,
      sql`select vat_id from customers where id = ${shop.ids.company}`,
    );
    // The forms refuse such a number: only a direct write (an import, the ERP of old) leaves one.
    await shop.t.db.execute(
      sql`update customers set vat_id = 'IT12345678901' where id = ${shop.ids.company}`,
    );
    try {
      const { invoice } = await shipOrder('company');
      const held = await fileOf(invoice.number);
      expect(held.state).toBe('held');
      expect(held.errors).toEqual([eInvoiceMessages.vatNumberInvalid.replace(':vat_id', 'IT12345678901')]);
      expect((await listed({ state: 'held', q: invoice.number })).data.map((e) => e.id)).toEqual([held.id]);

      const again = await admin().post(`/api/backoffice/e-invoices/${held.id}/regenerate`);
      expect(again.statusCode, again.body).toBe(200);
      expect((again.json() as EInvoice).state).toBe('held');

      await shop.t.db.execute(
        sql`update customers set vat_id = ${before!.vat_id} where id = ${shop.ids.company}`,
      );
      const fixed = await admin().post(`/api/backoffice/e-invoices/${held.id}/regenerate`);
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect(fixed.json()).toMatchObject({ state: 'generated', errors: [], file_name: held.file_name });
      expect(tag(await xmlOf(invoice.id), 'IdCodice')).toBe('12345670157');
    } finally {
      await shop.t.db.execute(
        sql`update customers set vat_id = ${before!.vat_id} where id = ${shop.ids.company}`,
      );
    }
  });

  it("holds the file while the shop's registered office is not set, naming the settings to fill", async () => {
    const [office] = await rowsOf<{ registered_office: unknown }>(
      shop.t.db,
      sql`select registered_office from shop`,
    );
    await shop.t.db.execute(sql`update shop set registered_office = null`);
    try {
      const { invoice } = await shipOrder('company');
      const held = await fileOf(invoice.number);
      expect(held.state).toBe('held');
      expect(held.errors[0]).toBe(eInvoiceMessages.sellerIncomplete);
    } finally {
      await shop.t.db.execute(
        sql`update shop set registered_office = ${JSON.stringify(office!.registered_office)}::jsonb`,
      );
    }
  });
});

describe('downloading the XML', () => {
  it('lets a customer download his own, answers 404 for another customer and for a delivery note', async () => {
    const { invoice, delivery_note } = await shipOrder('company');
    const own = await shop.clients.company.get(`/api/documents/${invoice.id}/xml`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toContain('application/xml');
    const file = await fileOf(invoice.number);
    expect(own.headers['content-disposition']).toBe(`attachment; filename="${file.file_name}"`);
    expect(tag(own.body, 'Numero')).toBe(invoice.number);
    // By number, as the PDF's route takes it.
    expect((await shop.clients.company.get(`/api/documents/${invoice.number}/xml`)).body).toBe(own.body);

    expect((await shop.clients.private.get(`/api/documents/${invoice.id}/xml`)).statusCode).toBe(404);
    expect((await shop.clients.company.get(`/api/documents/${delivery_note.id}/xml`)).statusCode).toBe(404);
    expect((await admin().get(`/api/documents/${delivery_note.id}/xml`)).statusCode).toBe(404);
    expect((await shop.t.client().get(`/api/documents/${invoice.id}/xml`)).statusCode).toBe(401);
  });

  it("shows the file's state beside each invoice on the order's back-office page", async () => {
    const { orderNo, invoice, delivery_note } = await shipOrder('company');
    const detail = (await admin().get(`/api/backoffice/orders/${orderNo}`)).json() as {
      documents: { id: number; e_invoice_state: string | null }[];
    };
    expect(detail.documents.find((d) => d.id === invoice.id)?.e_invoice_state).toBe('generated');
    expect(detail.documents.find((d) => d.id === delivery_note.id)?.e_invoice_state).toBeNull();
  });
});

describe('the back-office list and export', () => {
  it('lists the files of a period and state, newest first, and refuses customers', async () => {
    const first = await shipOrder('company');
    const second = await shipOrder('private');
    const page = await listed();
    const ids = page.data.map((e) => e.document.id);
    expect(ids.indexOf(second.invoice.id)).toBeLessThan(ids.indexOf(first.invoice.id));
    const row = page.data.find((e) => e.document.id === second.invoice.id)!;
    expect(row).toMatchObject({
      order_no: second.orderNo,
      customer: { id: shop.ids.private, name: 'Mario Bianchi' },
      document: { number: second.invoice.number, date: TODAY, type: 'invoice' },
      sent_at: null,
    });
    expect((await listed({ from: '2026-10-01', to: '2026-10-31' })).meta.total).toBe(0);
    expect((await listed({ state: 'delivered', q: second.invoice.number })).data).toEqual([]);
    const paged = await listed({ per_page: '1', page: '2' });
    expect(paged.data).toHaveLength(1);
    expect(paged.meta).toMatchObject({ page: 2, per_page: 1, total: page.meta.total });
    expect(
      (await shop.clients.company.get(`/api/backoffice/e-invoices?from=${TODAY}&to=${TODAY}`)).statusCode,
    ).toBe(403);
  });

  it("exports the period's files as a .zip under their SDI names", async () => {
    const { invoice } = await shipOrder('company');
    const res = await admin().get(`/api/backoffice/e-invoices/export?from=${TODAY}&to=${TODAY}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="e-invoices_${TODAY}_${TODAY}.zip"`,
    );
    const files = await unzip(res.rawPayload);
    const all = await listed();
    expect([...files.keys()].sort()).toEqual(all.data.map((e) => e.file_name).sort());
    const file = await fileOf(invoice.number);
    expect(files.get(file.file_name)).toBe(await xmlOf(invoice.id));
  });

  it('answers 422 for an empty period, a period ending before it starts, or one longer than a year', async () => {
    const empty = await admin().get('/api/backoffice/e-invoices/export?from=2020-01-01&to=2020-01-31');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(eInvoiceMessages.exportEmpty);
    const reversed = await admin().get(`/api/backoffice/e-invoices/export?from=${TODAY}&to=2026-11-01`);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toEqual([eInvoiceMessages.periodReversed]);
    const long = await admin().get('/api/backoffice/e-invoices?from=2025-01-01&to=2026-11-21');
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.to).toEqual([eInvoiceMessages.periodTooLong]);
    expect((await admin().get('/api/backoffice/e-invoices?from=2026-02-30&to=2026-03-01')).statusCode).toBe(
      422,
    );
  });
});

describe('sending to the SDI and its notifications', () => {
  async function sent() {
    const { invoice } = await shipOrder('company');
    const file = await fileOf(invoice.number);
    const res = await admin().post('/api/backoffice/e-invoices/send', { ids: [file.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: 1, failed: [] });
    return fileOf(invoice.number);
  }

  it('hands generated files to the channel, which marks them sent; held ones stay', async () => {
    const file = await sent();
    expect(file).toMatchObject({ state: 'sent', sent_at: shop.t.clock.now.toISOString() });
    const received = sdi.received.find((r) => r.fileName === file.file_name)!;
    expect(file.sdi_id).toBe(received.sdiId);
    expect(received.xml).toBe(await xmlOf(file.document.id));
    const again = await admin().post('/api/backoffice/e-invoices/send', { ids: [file.id] });
    expect(again.json()).toEqual({ sent: 0, failed: [] });

    // Without ids every generated file goes; none is left generated.
    await shipOrder('private');
    const all = await admin().post('/api/backoffice/e-invoices/send', {});
    expect(all.json().sent).toBeGreaterThan(0);
    expect((await listed({ state: 'generated' })).data).toEqual([]);
  });

  it('sets delivered on RC, not delivered on MC, and rejected with the errors on NS', async () => {
    const delivered = await sent();
    const rc = await notify(delivered.file_name, 'RC');
    expect(rc.statusCode, rc.body).toBe(200);
    expect(rc.json()).toMatchObject({ file_name: delivered.file_name, state: 'delivered' });
    expect((await fileOf(delivered.document.number)).state).toBe('delivered');

    const lost = await sent();
    expect((await notify(lost.file_name, 'MC')).statusCode).toBe(200);
    expect((await fileOf(lost.document.number)).state).toBe('not_delivered');

    const rejected = await sent();
    const errors = [
      { code: '00305', description: '1.4.1.1.2 <IdCodice> non valido' },
      { code: '00311', description: '1.1.4 <CodiceDestinatario> non valido' },
    ];
    expect((await notify(rejected.file_name, 'NS', { errors })).statusCode).toBe(200);
    const shown = await fileOf(rejected.document.number);
    expect(shown.state).toBe('rejected');
    expect(shown.errors).toEqual([
      '00305: 1.4.1.1.2 <IdCodice> non valido',
      '00311: 1.1.4 <CodiceDestinatario> non valido',
    ]);
    expect(shown.notified_at).toBe(shop.t.clock.now.toISOString());

    // A rejected file is sent again under a new progressive: the SDI refuses a name it has seen.
    const regenerated = await admin().post(`/api/backoffice/e-invoices/${rejected.id}/regenerate`);
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const rebuilt = regenerated.json() as EInvoice;
    expect(rebuilt).toMatchObject({ state: 'generated', errors: [], sent_at: null, sdi_id: null });
    expect(rebuilt.file_name).not.toBe(rejected.file_name);
    expect(tag(await xmlOf(rebuilt.document.id), 'ProgressivoInvio')).toBe(rebuilt.file_name.slice(14, 19));
  });

  it('refuses a bad signature with 401 and changes nothing', async () => {
    const file = await sent();
    const wrong = await notify(file.file_name, 'RC', { token: 'not-the-token' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(eInvoiceMessages.notificationUnsigned);
    const unsigned = await shop.t.app.inject({
      method: 'POST',
      url: '/api/sdi/notifications',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'x-1', file_name: file.file_name, type: 'RC' }),
    });
    expect(unsigned.statusCode).toBe(401);
    const stale = sdi.notification(file.file_name, 'RC', { at: nowSeconds() - 3600 });
    expect(
      (await shop.t.app.inject({ method: 'POST', url: '/api/sdi/notifications', ...stale })).statusCode,
    ).toBe(401);
    expect((await fileOf(file.document.number)).state).toBe('sent');
    const [kept] = await rowsOf<{ n: number }>(
      shop.t.db,
      sql`select count(*)::int as n from sdi_notifications n join e_invoices e on e.id = n.e_invoice_id where e.file_name = ${file.file_name}`,
    );
    expect(kept!.n).toBe(0);
  });

  it('refuses a replayed notification with 401, an unknown file with 404, a file not sent with 409', async () => {
    const file = await sent();
    expect((await notify(file.file_name, 'MC', { id: 'replayed-1' })).statusCode).toBe(200);
    const replay = await notify(file.file_name, 'MC', { id: 'replayed-1' });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(eInvoiceMessages.notificationReplayed);

    const unknown = await notify('IT12345670157_ZZZZZ.xml', 'RC');
    expect(unknown.statusCode).toBe(404);

    const { invoice } = await shipOrder('company');
    const generated = await fileOf(invoice.number);
    const early = await notify(generated.file_name, 'RC');
    expect(early.statusCode).toBe(409);
    expect((await fileOf(invoice.number)).state).toBe('generated');
  });

  it('refuses to regenerate a file the SDI has, with 409', async () => {
    const file = await sent();
    const res = await admin().post(`/api/backoffice/e-invoices/${file.id}/regenerate`);
    expect(res.statusCode).toBe(409);
    expect((await admin().post('/api/backoffice/e-invoices/999999/regenerate')).statusCode).toBe(404);
  });
});

// Last: it fills in every document the fixtures wrote without a file.
describe('documents without a file', () => {
  it('gives the documents issued before e-invoices existed their files once, at start', async () => {
    const { invoice } = await shipOrder('private');
    // As an upgraded shop's invoice, or the demo data's: a document without its file.
    await shop.t.db.execute(sql`delete from e_invoices where document_id = ${invoice.id}`);
    expect((await admin().get(`/api/documents/${invoice.id}/xml`)).statusCode).toBe(404);

    // The fixtures' documents, written without files, get theirs too.
    expect(await generateMissingEInvoices({ db: shop.t.db })).toBeGreaterThanOrEqual(1);
    const file = await fileOf(invoice.number);
    expect(file.state).toBe('generated');
    expect(tag(await xmlOf(invoice.id), 'ImportoTotaleDocumento')).toBe(euros(invoice.amount + invoice.vat));
    expect(await generateMissingEInvoices({ db: shop.t.db })).toBe(0);
  });
});
