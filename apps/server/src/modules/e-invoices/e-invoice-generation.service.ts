import {
  buildFatturaPa,
  type EInvoiceState,
  eInvoiceChecks,
  eInvoiceFileName,
  eInvoiceMessages,
  type FatturaPaAddress,
  type FatturaPaInput,
  type FatturaPaSeller,
} from '@shop/domain';
import type { AddressSnapshot } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { inTransaction } from '../../lib/transaction';
import { DOCUMENT_LABELS } from '../documents/document-labels';
import * as q from './e-invoices.queries';
import { validateFatturaPa } from './fatturapa-schema';

/**
 * Issue 21 points 1 and 2: the FatturaPA file of an invoice or credit note, built from the stored
 * document (the PDF's figures), the shop and the customer as they are now, then checked: the customer's
 * data (eInvoiceChecks) and the official schema. Any error holds the file with the reasons staff read;
 * the document itself stays issued. Runs in the caller's transaction (issueDocument's, or a
 * regeneration's): validating costs one libxml2 run (WebAssembly, the schema compiled once), about a
 * millisecond.
 */

type Db = Pick<Ctx, 'db'>;
type Document = NonNullable<Awaited<ReturnType<typeof q.findDocument>>>;

const toAddress = (a: Pick<AddressSnapshot, 'address' | 'postcode' | 'city' | 'state' | 'country'>) => ({
  street: a.address,
  postcode: a.postcode,
  city: a.city,
  province: a.state,
  country: a.country,
});

/**
 * The seller from the shop row; without a registered office its Sede cannot be filled (the free-text
 * address is not parsed): the reason names the settings to fill.
 */
function sellerOf(shop: NonNullable<Awaited<ReturnType<typeof q.findShop>>>) {
  const office = shop.registeredOffice;
  const address: FatturaPaAddress = office
    ? { ...office, country: shop.country }
    : { street: '', postcode: '', city: '', province: null, country: shop.country };
  const seller: FatturaPaSeller = {
    name: shop.name,
    vatId: shop.vatId,
    taxCode: shop.taxCode,
    address,
    rea: shop.reaOffice && shop.reaNumber ? { office: shop.reaOffice, number: shop.reaNumber } : null,
    email: shop.email,
  };
  return { seller, errors: office ? [] : [eInvoiceMessages.sellerIncomplete] };
}

/**
 * The delivery notes an invoice's goods left with (DatiDDT): the order's notes issued before it, newest
 * first, each taken while the invoice still has every unit it lists (a shipment issues its note and its
 * invoice together), with the invoice's line numbers of the rows it covers.
 */
function deliveryNotesOf(
  rows: { orderRowId: number | null; quantity: number }[],
  notes: Awaited<ReturnType<typeof q.listDeliveryNotesBefore>>,
): FatturaPaInput['deliveryNotes'] {
  const left = new Map<number, number>();
  for (const r of rows)
    if (r.orderRowId !== null) left.set(r.orderRowId, (left.get(r.orderRowId) ?? 0) + r.quantity);
  const taken: FatturaPaInput['deliveryNotes'] = [];
  for (const note of notes) {
    if ([...left.values()].every((units) => units === 0)) break;
    const covered =
      note.rows.length > 0 &&
      note.rows.every((r) => r.orderRowId !== null && (left.get(r.orderRowId) ?? 0) >= r.quantity);
    if (!covered) continue;
    for (const r of note.rows) left.set(r.orderRowId!, left.get(r.orderRowId!)! - r.quantity);
    const ids = new Set(note.rows.map((r) => r.orderRowId));
    const lines = rows.flatMap((r, i) => (r.orderRowId !== null && ids.has(r.orderRowId) ? [i + 1] : []));
    taken.push({ number: note.number, date: note.date, lines });
  }
  return taken.reverse();
}

/** Everything but the progressive, read now; null without the shop's data or the customer. */
async function inputOf(ctx: Db, doc: Document) {
  const [shop, customer, rows, order] = await Promise.all([
    q.findShop(ctx.db),
    q.findCustomer(ctx.db, doc.customerId),
    q.listDocumentRows(ctx.db, doc.id),
    doc.orderId === null ? undefined : q.findOrder(ctx.db, doc.orderId),
  ]);
  if (!shop || !customer) return null;
  const { seller, errors } = sellerOf(shop);
  // The address book's default billing address, else the one the order was billed (or shipped) to.
  const billing = await q.findDefaultBillingAddress(ctx.db, doc.customerId);
  const address = billing ?? order?.billingAddress ?? order?.shippingAddress;
  const invoice = doc.type === 'invoice';
  const input: Omit<FatturaPaInput, 'progressive'> = {
    seller,
    buyer: {
      type: customer.type,
      company: customer.company,
      firstname: customer.firstname,
      lastname: customer.lastname,
      country: customer.country,
      extraCee: customer.extraCee,
      taxRule: customer.taxRule,
      vatId: customer.vatId,
      taxCode: customer.taxNumber,
      sdiCode: customer.sdiCode,
      pec: customer.pec,
      address: address
        ? toAddress(address)
        : { street: '', postcode: '', city: '', province: null, country: customer.country },
    },
    document: {
      type: invoice ? 'invoice' : 'credit_note',
      number: doc.number,
      date: doc.date,
      rows: rows.map((r) => ({
        sku: r.productSku,
        description: r.description,
        quantity: r.quantity,
        price: r.price,
        priceBeforeCoupon: r.priceBeforeCoupon,
        couponShare: r.couponShare,
        vatRate: r.vatRate,
        amount: r.amount,
        vat: r.vat,
        charge: r.orderRowId === null,
      })),
      amount: doc.amount,
      vat: doc.vat,
      reason: order ? `${DOCUMENT_LABELS.it.order} ${order.orderNo}` : null,
    },
    corrects:
      !invoice && doc.orderId !== null
        ? ((await q.findInvoiceBefore(ctx.db, doc.orderId, doc.date)) ?? null)
        : null,
    deliveryNotes:
      invoice && doc.orderId !== null
        ? deliveryNotesOf(rows, await q.listDeliveryNotesBefore(ctx.db, doc.orderId, doc.id, doc.date))
        : [],
    payment:
      invoice && order
        ? {
            method: order.paymentMethod,
            dueDates: await q.listInstalments(ctx.db, doc.id),
            iban: null,
          }
        : null,
  };
  return { input, sellerErrors: errors, sellerVatId: shop.vatId };
}

/** The file built with `progressive`, and its state with the reasons: held on any error. */
async function build(
  prepared: NonNullable<Awaited<ReturnType<typeof inputOf>>>,
  progressive: number,
): Promise<{
  fileName: string;
  progressive: number;
  xml: string;
  state: EInvoiceState;
  errors: string[];
  warnings: string[];
}> {
  const { input, sellerErrors, sellerVatId } = prepared;
  const xml = buildFatturaPa({ ...input, progressive });
  const checks = eInvoiceChecks(input.buyer);
  const errors = [...sellerErrors, ...checks.errors, ...(await validateFatturaPa(xml))];
  return {
    fileName: eInvoiceFileName(sellerVatId, progressive),
    progressive,
    xml,
    state: errors.length > 0 ? 'held' : 'generated',
    errors,
    warnings: checks.warnings,
  };
}

/**
 * Issue 21 point 1: the file of a just-issued invoice or credit note, with the next SDI progressive, in
 * the issuing transaction. Nothing for a delivery note, nor before the shop's data exists (setup writes
 * it: there is no seller to name).
 */
export async function generateEInvoice(ctx: Db, documentId: number): Promise<void> {
  const doc = await q.findDocument(ctx.db, documentId);
  if (!doc || doc.type === 'delivery_note') return;
  const prepared = await inputOf(ctx, doc);
  if (!prepared) return;
  const file = await build(prepared, await q.nextProgressive(ctx.db));
  await q.insertEInvoice(ctx.db, { documentId, ...file });
}

/**
 * The files of the invoices and credit notes that have none, oldest first, each in its own transaction:
 * the demo data's documents, and an upgraded shop's documents issued before e-invoices existed. Answers
 * how many were written.
 */
export async function generateMissingEInvoices(ctx: Db): Promise<number> {
  const ids = await q.listDocumentsWithoutEInvoice(ctx.db);
  for (const id of ids) await inTransaction(ctx, (tx) => generateEInvoice(tx, id));
  return ids.length;
}

/**
 * Rebuilds a file from the shop's and the customer's data as they are now (POST …/regenerate). A held
 * or generated file was never sent and keeps its name; a rejected one takes a new progressive, as the
 * SDI refuses a file name it has already seen, and forgets its sending.
 */
export async function rebuildEInvoice(
  ctx: Db,
  eInvoice: { id: number; documentId: number; progressive: number; state: EInvoiceState },
) {
  const doc = (await q.findDocument(ctx.db, eInvoice.documentId))!;
  const prepared = await inputOf(ctx, doc);
  if (!prepared) return null;
  const rejected = eInvoice.state === 'rejected';
  const file = await build(prepared, rejected ? await q.nextProgressive(ctx.db) : eInvoice.progressive);
  return q.updateEInvoice(ctx.db, eInvoice.id, {
    ...file,
    ...(rejected ? { sdiId: null, sentAt: null, notifiedAt: null } : {}),
  });
}
