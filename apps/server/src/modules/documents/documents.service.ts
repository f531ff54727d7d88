import {
  type DeliveryNote,
  type DeliveryNotePage,
  type DigitalDocuments,
  type DigitalDocumentsQuery,
  type DocumentType,
  type DocumentYears,
  type Language,
  MAX_ID,
  priceDisplay,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { NotFoundError, UnauthenticatedError } from '../../lib/errors';
import { getShop } from '../shop/shop.service';
import { addressLines } from './document-format';
import { renderDocumentPdf } from './document-pdf';
import type { DocumentPdfData } from './document-pdf-data';
import * as q from './documents.queries';
import { invoicePayments } from './invoice-payments.service';

/**
 * The customer's documents (SPEC §3, §7; DESIGN §6 rule 15): delivery notes, the digital documents by
 * type and year, and each document's PDF, rendered from the database on every download.
 */

type Reader = Pick<Ctx, 'db' | 'actor' | 'config' | 'now'>;
type Paging = { page: number; per_page: number };

/** GET /api/customers/{id}/delivery-notes: a page of the customer's delivery notes, newest first. */
export async function listDeliveryNotes(
  ctx: Pick<Ctx, 'db'>,
  customerId: number,
  paging: Paging,
): Promise<DeliveryNotePage> {
  const { rows, total } = await q.listCustomerDocuments(ctx.db, {
    customerId,
    type: 'delivery_note',
    limit: paging.per_page,
    offset: (paging.page - 1) * paging.per_page,
  });
  return {
    data: rows.map((r) => ({
      id: r.id,
      note_no: r.number,
      date: r.date,
      quantity: r.quantity,
      order_no: r.orderNo,
    })),
    meta: { total, page: paging.page, per_page: paging.per_page },
  };
}

/**
 * The document `ref` names (its id or its number), when the caller may see it: their own, or any for an
 * administrator. Another customer's document is a 404, like one that does not exist (DESIGN §5).
 */
async function findOwnDocument(ctx: Reader, ref: string, type?: DocumentType): Promise<q.DocumentRecord> {
  const actor = ctx.actor;
  if (!actor) throw new UnauthenticatedError();
  const byId = /^\d+$/.test(ref);
  if (byId && Number(ref) > MAX_ID) throw new NotFoundError();
  const doc = await q.findDocument(ctx.db, byId ? { id: Number(ref) } : { number: ref.toUpperCase() });
  if (!doc || (type && doc.type !== type)) throw new NotFoundError();
  if (!actor.isSuperAdmin && doc.customerId !== actor.customerId) throw new NotFoundError();
  return doc;
}

/** GET /api/delivery-notes/{id}: one delivery note with its rows. */
export async function getDeliveryNote(ctx: Reader, ref: string): Promise<DeliveryNote> {
  const note = await findOwnDocument(ctx, ref, 'delivery_note');
  const rows = await q.listDocumentRows(ctx.db, note.id);
  return {
    id: note.id,
    note_no: note.number,
    date: note.date,
    quantity: note.quantity,
    order_no: note.orderNo,
    rows: rows.map((r) => ({ sku: r.productSku, description: r.description, quantity: r.quantity })),
  };
}

/**
 * GET /api/customers/{id}/digital-documents: the documents of one type and year (the latest year with
 * documents of that type when none is asked), with the years available for every type.
 */
export async function listDigitalDocuments(
  ctx: Pick<Ctx, 'db' | 'now'>,
  customerId: number,
  query: DigitalDocumentsQuery,
): Promise<DigitalDocuments> {
  const years: DocumentYears = { delivery_note: [], invoice: [], credit_note: [] };
  for (const row of await q.listDocumentYears(ctx.db, customerId)) years[row.type].push(row.year);
  const year = query.year ?? years[query.type][0] ?? null;
  const meta = { page: query.page, per_page: query.per_page };
  if (year === null) return { data: [], meta: { total: 0, ...meta }, type: query.type, year, years };
  const { rows, total } = await q.listCustomerDocuments(ctx.db, {
    customerId,
    type: query.type,
    year,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const payments = await invoicePayments(
    ctx,
    rows.filter((r) => r.type === 'invoice').map((r) => r.id),
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      number: r.number,
      type: r.type,
      date: r.date,
      amount: r.amount,
      vat: r.vat,
      total: r.amount + r.vat,
      payment_terms_name: r.paymentTermsName,
      due_dates: payments.get(r.id)?.due_dates ?? [],
      payment_status: payments.get(r.id)?.payment_status ?? null,
    })),
    meta: { total, ...meta },
    type: query.type,
    year,
    years,
  };
}

function languageOf(value: string): Language {
  return value === 'en' ? 'en' : 'it';
}

/**
 * What the PDF prints, all read now: the shop, the customer and how they see prices, the billing
 * address, the order's coupon when the rows were priced below their price before it, and the rows.
 */
async function pdfData(ctx: Reader, doc: q.DocumentRecord): Promise<DocumentPdfData> {
  const [shop, customer, rows, order, dueDates] = await Promise.all([
    getShop(ctx),
    q.findCustomer(ctx.db, doc.customerId),
    q.listDocumentRows(ctx.db, doc.id),
    doc.orderId ? q.findOrderBilling(ctx.db, doc.orderId) : undefined,
    doc.type === 'invoice' ? invoicePayments(ctx, [doc.id]) : undefined,
  ]);
  if (!customer) throw new NotFoundError();
  const language = languageOf(customer.language);
  // The address the order was billed to; a document without an order goes to today's default one.
  const billing = order?.billingAddress ?? (await q.findDefaultBillingAddress(ctx.db, doc.customerId));
  const coupon =
    order?.couponCode &&
    (order.couponRate !== null || order.couponAmount !== null) &&
    rows.some((r) => r.priceBeforeCoupon !== null)
      ? { code: order.couponCode, rate: order.couponRate }
      : null;
  const person = [customer.firstname, customer.lastname].filter(Boolean).join(' ');
  return {
    language,
    type: doc.type,
    number: doc.number,
    date: doc.date,
    orderNo: doc.orderNo,
    // Issue 19 point 4: who ordered, and who approved when the order needed it.
    orderedBy: order?.placedByEmail ?? null,
    approvedBy: order?.approvalOutcome === 'approved' ? order.decidedByEmail : null,
    shop: {
      name: shop.name,
      address: shop.address,
      vatId: shop.vat_id,
      email: shop.email,
      phone: shop.phone,
    },
    customer: {
      name: (customer.type === 'G' ? customer.company : null) || person || customer.company || customer.email,
      vatId: customer.vatId,
      taxNumber: customer.taxNumber,
      address: billing ? addressLines(billing, language) : [],
    },
    display: priceDisplay(customer),
    coupon,
    rows: rows.map((r) => ({
      sku: r.productSku,
      description: r.description,
      quantity: r.quantity,
      price: r.price,
      // Without the coupon's line the rows print at the prices charged.
      priceBeforeCoupon: coupon ? r.priceBeforeCoupon : null,
      vatRate: r.vatRate,
      amount: r.amount,
      vat: r.vat,
    })),
    payment: dueDates
      ? {
          termsName: doc.paymentTermsName,
          dueDates: (dueDates.get(doc.id)?.due_dates ?? []).map((d) => ({
            dueDate: d.due_date,
            amount: d.amount,
          })),
        }
      : null,
  };
}

/** GET /api/documents/{id}/pdf: the document's file name and its PDF, rendered from stored data. */
export async function documentPdf(
  ctx: Reader,
  ref: string,
): Promise<{ filename: string; pdf: NodeJS.ReadableStream }> {
  const doc = await findOwnDocument(ctx, ref);
  const data = await pdfData(ctx, doc);
  return { filename: `${doc.number}.pdf`, pdf: renderDocumentPdf(data) };
}
