import { type DocumentType, vatOf } from '@shop/domain';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import {
  type AddressSnapshot,
  documentRows,
  documents,
  invoiceInstalments,
  orders,
  shop,
} from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

/**
 * Documents made to measure for the documents tests: an Italian company with delivery notes, invoices
 * and a credit note, an English company with one invoice, a private customer with none, an admin.
 */

export type Who = 'company' | 'english' | 'private' | 'admin';
export type DocumentsWorld = {
  t: TestApp;
  clients: Record<Who, TestClient>;
  visitor: TestClient;
  ids: { company: number; english: number; private: number };
  /** Document ids by number. */
  docs: Record<string, number>;
};

const address = (fields: Partial<AddressSnapshot> & Pick<AddressSnapshot, 'address' | 'city'>) => ({
  company: null,
  firstname: null,
  lastname: null,
  co: null,
  postcode: '40121',
  state: null,
  country: 'IT',
  phone: null,
  ...fields,
});

/** A row; its VAT is its amount's, half up, unless given (a row as rule 5 corrected it). */
type RowSpec = [
  sku: string,
  description: string,
  quantity: number,
  price: number,
  vatRate: number,
  vat?: number,
];

const CD: RowSpec = ['MU-0001', 'Canzoni del mare (CD)', 3, 1290, 2200];
const BOOK: RowSpec = ['BK-0002', 'Storia del jazz', 2, 1500, 400];
const TURNTABLE: RowSpec = ['HF-0003', 'Giradischi Pro-Ject Debut', 1, 89900, 2200];
const SHIPPING: RowSpec = ['SPESE-TRASPORTO', 'Spese di trasporto', 1, 690, 2200];
const COD_FEE: RowSpec = ['CONTRASSEGNO', 'Commissione contrassegno', 1, 500, 2200];

async function addOrder(db: Db, customerId: number, orderNo: string, billing: AddressSnapshot) {
  const [row] = await db
    .insert(orders)
    .values({
      orderNo,
      customerId,
      status: 'shipped',
      paymentMethod: 'cash_on_delivery',
      shippingAddress: billing,
      billingAddress: billing,
      vat: 0,
      total: 0,
      totalWithoutTaxes: 0,
    })
    .returning({ id: orders.id });
  return row!.id;
}

/**
 * A document with its rows; quantity counts goods (not charges), amount and VAT are its rows' sums, as
 * issued documents store them.
 */
export async function addDocument(
  db: Db,
  spec: {
    type: DocumentType;
    number: string;
    date: string;
    customerId: number;
    orderId?: number | null;
    rows: RowSpec[];
  },
) {
  const goods = spec.rows.filter(([sku]) => sku !== SHIPPING[0] && sku !== COD_FEE[0]);
  const rows = spec.rows.map(([productSku, description, quantity, price, vatRate, vat]) => ({
    productSku,
    description,
    quantity,
    price,
    vatRate,
    amount: quantity * price,
    vat: vat ?? vatOf(quantity * price, vatRate),
  }));
  const [doc] = await db
    .insert(documents)
    .values({
      type: spec.type,
      number: spec.number,
      year: Number(spec.date.slice(0, 4)),
      customerId: spec.customerId,
      orderId: spec.orderId ?? null,
      date: spec.date,
      quantity: goods.reduce((sum, [, , qty]) => sum + qty, 0),
      amount: rows.reduce((sum, r) => sum + r.amount, 0),
      vat: rows.reduce((sum, r) => sum + r.vat, 0),
    })
    .returning({ id: documents.id });
  await db.insert(documentRows).values(rows.map((r) => ({ documentId: doc!.id, ...r })));
  // An invoice without terms falls due on its date (issue 20 point 2), unpaid.
  const total = rows.reduce((sum, r) => sum + r.amount + r.vat, 0);
  if (spec.type === 'invoice')
    await db.insert(invoiceInstalments).values({ documentId: doc!.id, dueDate: spec.date, amount: total });
  return doc!.id;
}

async function signIn(t: TestApp, email: string) {
  const client = t.client();
  expect((await client.login(email, PASSWORD)).statusCode).toBe(200);
  return client;
}

export async function openDocumentsWorld(): Promise<DocumentsWorld> {
  const t = await createTestApp();
  const db = t.db;
  await db.insert(shop).values({
    name: 'Sonora Distribuzione srl',
    country: 'IT',
    address: 'Via Oslavia 17, 20134 Milano',
    email: 'info@sonora.example',
    phone: '+39 02 1234 5678',
    vatId: 'IT12345678903',
  });
  const company = await createUser(db, {
    customer: { type: 'G', company: 'Dischi Rossi srl', vatId: 'IT01234567890', language: 'it' },
  });
  const english = await createUser(db, {
    customer: { type: 'G', company: 'Vinyl Corner Ltd', vatId: 'GB123456789', language: 'en', country: 'GB' },
  });
  const privateUser = await createUser(db, {
    customer: { type: 'P', firstname: 'Mario', lastname: 'Bianchi', taxNumber: 'BNCMRA80A01F205X' },
  });
  const admin = await createUser(db, { isSuperAdmin: true });
  const ids = {
    company: company.customerId!,
    english: english.customerId!,
    private: privateUser.customerId!,
  };

  const bologna = address({
    company: 'Dischi Rossi srl',
    address: 'Via Garibaldi 5',
    city: 'Bologna',
    state: 'BO',
  });
  const order101 = await addOrder(db, ids.company, '2026-000101', bologna);
  const order102 = await addOrder(db, ids.company, '2026-000102', bologna);
  const london = address({
    address: '12 Berwick Street',
    postcode: 'W1F 0PP',
    city: 'London',
    country: 'GB',
  });
  const order103 = await addOrder(db, ids.english, '2026-000103', london);

  const docs: Record<string, number> = {};
  const add = async (spec: Parameters<typeof addDocument>[1]) => {
    docs[spec.number] = await addDocument(db, spec);
  };
  // VAT per row, half up: 3870 → 851, 3000 at 4% → 120, 89900 → 19778, 690 → 152, 500 → 110.
  await add({
    type: 'delivery_note',
    number: 'DDT-2026-000001',
    date: '2026-03-02',
    customerId: ids.company,
    orderId: order101,
    rows: [CD, BOOK, TURNTABLE],
  });
  await add({
    type: 'invoice',
    number: 'INV-2026-000001',
    date: '2026-03-02',
    customerId: ids.company,
    orderId: order101,
    rows: [CD, BOOK, TURNTABLE, SHIPPING, COD_FEE],
  });
  await add({
    type: 'delivery_note',
    number: 'DDT-2026-000002',
    date: '2026-04-10',
    customerId: ids.company,
    orderId: order102,
    rows: [['MU-0005', 'Notti di vinile (LP)', 4, 2490, 2200]],
  });
  await add({
    type: 'credit_note',
    number: 'CN-2026-000001',
    date: '2026-05-05',
    customerId: ids.company,
    orderId: order101,
    rows: [['MU-0001', 'Reso: Canzoni del mare (CD)', 1, 1290, 2200]],
  });
  // Last year's documents, without an order: billed to the customer's default billing address.
  await add({
    type: 'delivery_note',
    number: 'DDT-2025-000041',
    date: '2025-12-20',
    customerId: ids.company,
    rows: [['MU-0001', 'Canzoni del mare (CD)', 2, 1290, 2200]],
  });
  await add({
    type: 'invoice',
    number: 'INV-2025-000033',
    date: '2025-12-20',
    customerId: ids.company,
    rows: [['MU-0001', 'Canzoni del mare (CD)', 2, 1290, 2200]],
  });
  await add({
    type: 'invoice',
    number: 'INV-2026-000002',
    date: '2026-04-01',
    customerId: ids.english,
    orderId: order103,
    rows: [['MR-0004', 'T-shirt Logo (L)', 100, 1250, 2200]],
  });

  return {
    t,
    clients: {
      company: await signIn(t, company.email),
      english: await signIn(t, english.email),
      private: await signIn(t, privateUser.email),
      admin: await signIn(t, admin.email),
    },
    visitor: t.client(),
    ids,
    docs,
  };
}

/** The text of every page of a PDF, one string per text run, in drawing order. */
export async function pdfPages(payload: Buffer): Promise<string[][]> {
  const pdf = await getDocument({ data: new Uint8Array(payload), verbosity: 0, isEvalSupported: false })
    .promise;
  const pages: string[][] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : [])));
  }
  await pdf.destroy();
  return pages;
}

/** The runs that follow `first` on the page, `first` included: a table row reads left to right. */
export function runFrom(lines: string[], first: string, count: number): string[] {
  const at = lines.indexOf(first);
  expect(at, `${first} is on the page`).toBeGreaterThanOrEqual(0);
  return lines.slice(at, at + count);
}
