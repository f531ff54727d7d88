import type { EInvoiceState } from '@shop/domain';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customerAddresses,
  customers,
  documentRows,
  documents,
  eInvoiceProgressive,
  eInvoices,
  invoiceInstalments,
  orders,
  sdiNotifications,
  shop,
} from '../../db/schema';

/** What the FatturaPA files are built from and where they are kept (issue 21): reads and writes only. */

/** The document a file is built from. */
export async function findDocument(db: Db, documentId: number) {
  const [row] = await db
    .select({
      id: documents.id,
      type: documents.type,
      number: documents.number,
      date: documents.date,
      amount: documents.amount,
      vat: documents.vat,
      customerId: documents.customerId,
      orderId: documents.orderId,
    })
    .from(documents)
    .where(eq(documents.id, documentId));
  return row;
}

/** The document's rows in the order they were issued (charges have no order row). */
export function listDocumentRows(db: Db, documentId: number) {
  return db
    .select({
      orderRowId: documentRows.orderRowId,
      productSku: documentRows.productSku,
      description: documentRows.description,
      quantity: documentRows.quantity,
      price: documentRows.price,
      priceBeforeCoupon: documentRows.priceBeforeCoupon,
      couponShare: documentRows.couponShare,
      vatRate: documentRows.vatRate,
      amount: documentRows.amount,
      vat: documentRows.vat,
    })
    .from(documentRows)
    .where(eq(documentRows.documentId, documentId))
    .orderBy(asc(documentRows.id));
}

/** The one shop row (the oldest, as GET /api/shop reads it): the seller. */
export async function findShop(db: Db) {
  const [row] = await db.select().from(shop).orderBy(asc(shop.id)).limit(1);
  return row;
}

export async function findCustomer(db: Db, customerId: number) {
  const [row] = await db
    .select({
      type: customers.type,
      company: customers.company,
      firstname: customers.firstname,
      lastname: customers.lastname,
      email: customers.email,
      country: customers.country,
      extraCee: customers.extraCee,
      taxRule: customers.taxRule,
      vatId: customers.vatId,
      taxNumber: customers.taxNumber,
      sdiCode: customers.sdiCode,
      pec: customers.pec,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** The customer's default billing address, if he has one. */
export async function findDefaultBillingAddress(db: Db, customerId: number) {
  const [row] = await db
    .select({
      address: customerAddresses.address,
      postcode: customerAddresses.postcode,
      city: customerAddresses.city,
      state: customerAddresses.state,
      country: customerAddresses.country,
    })
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.customerId, customerId),
        eq(customerAddresses.type, 'B'),
        eq(customerAddresses.isDefault, true),
      ),
    )
    .limit(1);
  return row;
}

export async function findOrder(db: Db, orderId: number) {
  const [row] = await db
    .select({
      orderNo: orders.orderNo,
      paymentMethod: orders.paymentMethod,
      billingAddress: orders.billingAddress,
      shippingAddress: orders.shippingAddress,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/** The order's latest invoice dated on or before `date` (the latest issued on a tie): what a credit note corrects. */
export async function findInvoiceBefore(db: Db, orderId: number, date: string) {
  const [row] = await db
    .select({ number: documents.number, date: documents.date })
    .from(documents)
    .where(and(eq(documents.orderId, orderId), eq(documents.type, 'invoice'), lte(documents.date, date)))
    .orderBy(desc(documents.date), desc(documents.id))
    .limit(1);
  return row;
}

/** The order's delivery notes issued before the document `beforeId`, newest first, with their goods rows. */
export async function listDeliveryNotesBefore(db: Db, orderId: number, beforeId: number, date: string) {
  const notes = await db
    .select({ id: documents.id, number: documents.number, date: documents.date })
    .from(documents)
    .where(
      and(
        eq(documents.orderId, orderId),
        eq(documents.type, 'delivery_note'),
        lt(documents.id, beforeId),
        lte(documents.date, date),
      ),
    )
    .orderBy(desc(documents.id));
  if (notes.length === 0) return [];
  const rows = await db
    .select({
      documentId: documentRows.documentId,
      orderRowId: documentRows.orderRowId,
      quantity: documentRows.quantity,
    })
    .from(documentRows)
    .where(
      inArray(
        documentRows.documentId,
        notes.map((n) => n.id),
      ),
    );
  return notes.map((n) => ({ ...n, rows: rows.filter((r) => r.documentId === n.id) }));
}

/** An invoice's instalments in due-date order. */
export function listInstalments(db: Db, documentId: number) {
  return db
    .select({ dueDate: invoiceInstalments.dueDate, amount: invoiceInstalments.amount })
    .from(invoiceInstalments)
    .where(eq(invoiceInstalments.documentId, documentId))
    .orderBy(asc(invoiceInstalments.dueDate), asc(invoiceInstalments.id));
}

/** The next SDI progressive: PostgreSQL sequences never hand the same value twice, even rolled back. */
export async function nextProgressive(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select nextval(${eInvoiceProgressive.seqName}::regclass)::integer as n`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

export async function findEInvoiceByDocument(db: Db, documentId: number) {
  const [row] = await db.select().from(eInvoices).where(eq(eInvoices.documentId, documentId));
  return row;
}

/** The file, its row locked until the transaction ends. */
export async function lockEInvoice(db: Db, by: { id: number } | { fileName: string }) {
  const [row] = await db
    .select()
    .from(eInvoices)
    .where('id' in by ? eq(eInvoices.id, by.id) : eq(eInvoices.fileName, by.fileName))
    .for('update');
  return row;
}

/** Writes a document's file; nothing when it already has one (two instances filling in the same documents). */
export async function insertEInvoice(db: Db, values: typeof eInvoices.$inferInsert) {
  await db.insert(eInvoices).values(values).onConflictDoNothing({ target: eInvoices.documentId });
}

/** Invoices and credit notes without a file, oldest first: issued before files were, or by the demo data. */
export async function listDocumentsWithoutEInvoice(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .leftJoin(eInvoices, eq(eInvoices.documentId, documents.id))
    .where(and(inArray(documents.type, ['invoice', 'credit_note']), sql`${eInvoices.id} is null`))
    .orderBy(asc(documents.date), asc(documents.id));
  return rows.map((r) => r.id);
}

export async function updateEInvoice(
  db: Db,
  id: number,
  values: Partial<Omit<typeof eInvoices.$inferInsert, 'id' | 'documentId'>>,
) {
  const [row] = await db
    .update(eInvoices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(eInvoices.id, id))
    .returning();
  return row!;
}

/** A 'generated' file not being sent by someone else right now, locked (SKIP LOCKED) until the transaction ends. */
export async function lockGeneratedEInvoice(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(eInvoices)
    .where(and(eq(eInvoices.id, id), eq(eInvoices.state, 'generated')))
    .for('update', { skipLocked: true });
  return row;
}

/** The ids of the 'generated' files, among `ids` when given, oldest first. */
export async function listGeneratedIds(db: Db, ids: number[] | undefined): Promise<number[]> {
  const rows = await db
    .select({ id: eInvoices.id })
    .from(eInvoices)
    .where(and(eq(eInvoices.state, 'generated'), ids ? inArray(eInvoices.id, ids) : undefined))
    .orderBy(asc(eInvoices.progressive));
  return rows.map((r) => r.id);
}

/** Records a notification's id; the same id again fails with a unique violation (a replay). */
export async function insertNotification(db: Db, values: typeof sdiNotifications.$inferInsert) {
  await db.insert(sdiNotifications).values(values);
}

export type EInvoiceFilter = { from: string; to: string; state?: EInvoiceState; q?: string };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(filter: EInvoiceFilter): SQL | undefined {
  const pattern = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
  return and(
    gte(documents.date, filter.from),
    lte(documents.date, filter.to),
    filter.state ? eq(eInvoices.state, filter.state) : undefined,
    pattern === undefined
      ? undefined
      : or(
          ilike(eInvoices.fileName, pattern),
          ilike(documents.number, pattern),
          ilike(orders.orderNo, pattern),
          ilike(customers.company, pattern),
          ilike(sql`concat_ws(' ', ${customers.firstname}, ${customers.lastname})`, pattern),
          ilike(customers.email, pattern),
        ),
  );
}

/** Files with their document, order and customer. */
const withDocument = (db: Db) =>
  db
    .select({
      eInvoice: eInvoices,
      document: {
        id: documents.id,
        type: documents.type,
        number: documents.number,
        date: documents.date,
        amount: documents.amount,
        vat: documents.vat,
      },
      orderNo: orders.orderNo,
      customer: {
        id: customers.id,
        type: customers.type,
        company: customers.company,
        firstname: customers.firstname,
        lastname: customers.lastname,
        email: customers.email,
      },
    })
    .from(eInvoices)
    .innerJoin(documents, eq(documents.id, eInvoices.documentId))
    .innerJoin(customers, eq(customers.id, documents.customerId))
    .leftJoin(orders, eq(orders.id, documents.orderId));

/** A page of the period's files, newest document first, and how many there are. */
export async function listEInvoices(db: Db, filter: EInvoiceFilter, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    withDocument(db)
      .where(where(filter))
      .orderBy(desc(documents.date), desc(documents.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(eInvoices)
      .innerJoin(documents, eq(documents.id, eInvoices.documentId))
      .innerJoin(customers, eq(customers.id, documents.customerId))
      .leftJoin(orders, eq(orders.id, documents.orderId))
      .where(where(filter)),
  ]);
  return { rows, total: total!.total };
}

export async function findEInvoiceRow(db: Db, id: number) {
  const [row] = await withDocument(db).where(eq(eInvoices.id, id));
  return row;
}

/** Every file of the period (and state), by document date and number: what the .zip holds. */
export function listEInvoiceFiles(db: Db, filter: EInvoiceFilter) {
  return db
    .select({ fileName: eInvoices.fileName, xml: eInvoices.xml })
    .from(eInvoices)
    .innerJoin(documents, eq(documents.id, eInvoices.documentId))
    .where(
      and(
        gte(documents.date, filter.from),
        lte(documents.date, filter.to),
        filter.state ? eq(eInvoices.state, filter.state) : undefined,
      ),
    )
    .orderBy(asc(documents.date), asc(documents.id));
}

/** A document's file with whose document it is. */
export async function findDocumentFile(db: Db, documentId: number) {
  const [row] = await db
    .select({
      fileName: eInvoices.fileName,
      xml: eInvoices.xml,
      customerId: documents.customerId,
    })
    .from(eInvoices)
    .innerJoin(documents, eq(documents.id, eInvoices.documentId))
    .where(eq(documents.id, documentId));
  return row;
}

/** The document id of a number (the PDF route takes either). */
export async function findDocumentIdByNumber(db: Db, number: string) {
  const [row] = await db.select({ id: documents.id }).from(documents).where(eq(documents.number, number));
  return row?.id;
}

/** The state of each document's file. */
export function listStates(db: Db, documentIds: number[]) {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ documentId: eInvoices.documentId, state: eInvoices.state })
    .from(eInvoices)
    .where(inArray(eInvoices.documentId, documentIds));
}
