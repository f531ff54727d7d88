import { correctsVat, type DocumentType, type OrderDocument, unitsVat, vatOf } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import * as q from './document-issue.queries';

/**
 * Issuing delivery notes, invoices and credit notes (DESIGN §6 rule 15): numbered per type and year
 * (DDT-2026-000123, INV-…, CN-…), rows and totals stored so the PDF is rendered from them later.
 */

const PREFIX: Record<DocumentType, string> = { delivery_note: 'DDT', invoice: 'INV', credit_note: 'CN' };

/**
 * A document row: `price` (unit, net) in cents, `vatRate` in basis points; its amount is price ×
 * quantity. A goods row names its order row and carries that row's price and rate; a charge (shipping,
 * the cash-on-delivery fee) has none.
 */
export type IssueRow = {
  orderRowId: number | null;
  productSku: string;
  description: string;
  quantity: number;
  price: number;
  vatRate: number;
};

export type IssueInput = {
  type: DocumentType;
  customerId: number;
  orderId: number | null;
  /** The business date, YYYY-MM-DD (Europe/Rome); its year picks the numbering. */
  date: string;
  rows: IssueRow[];
};

/** The document number of the type, year and sequence number: DDT-2026-000123. */
export function documentNumber(type: DocumentType, year: number, sequence: number): string {
  return `${PREFIX[type]}-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The rows as stored: each goods row with its order row's price before the coupon and the VAT its units
 * add to that order row as the order charged it (DESIGN §6 rules 5 and 16: a delivery note and its
 * invoice add them after the units already invoiced, a credit note takes back the last ones invoiced),
 * so a fully shipped order's invoices sum to its total to the cent; a charge with its own VAT.
 */
async function storedRows(ctx: Pick<Ctx, 'db'>, input: IssueInput) {
  const goods = input.rows.flatMap((r) => (r.orderRowId === null ? [] : [r.orderRowId]));
  const orderRows = await q.listInvoicedRows(ctx.db, goods);
  const priceBeforeCoupon = new Map(orderRows.map((r) => [r.id, r.priceBeforeCoupon]));
  const invoiced = new Map(orderRows.map((r) => [r.id, r.invoiced]));
  // documents.customer_id references the customer: the document could not be written without one.
  const correct = correctsVat((await q.findVatCustomer(ctx.db, input.customerId))!);
  const credit = input.type === 'credit_note';
  return input.rows.map((r) => {
    const amount = r.price * r.quantity;
    if (r.orderRowId === null)
      return { ...r, amount, priceBeforeCoupon: null, vat: vatOf(amount, r.vatRate) };
    const row = { price: r.price, vatRate: r.vatRate, correct };
    const before = invoiced.get(r.orderRowId)!;
    const after = credit ? before - r.quantity : before + r.quantity;
    invoiced.set(r.orderRowId, after);
    return {
      ...r,
      amount,
      priceBeforeCoupon: priceBeforeCoupon.get(r.orderRowId) ?? null,
      vat: credit ? unitsVat(row, after, before) : unitsVat(row, before, after),
    };
  });
}

/**
 * Issues one document in the caller's transaction: takes the next number of its type and year and
 * writes the document with its rows. Amount is the net sum of the rows, VAT the sum of the rows' VAT
 * (see storedRows), quantity counts the goods rows.
 */
export async function issueDocument(ctx: Pick<Ctx, 'db'>, input: IssueInput): Promise<OrderDocument> {
  const year = Number(input.date.slice(0, 4));
  const rows = await storedRows(ctx, input);
  const sequence = await q.takeNextNumber(ctx.db, input.type, year);
  const doc = await q.insertDocument(ctx.db, {
    type: input.type,
    number: documentNumber(input.type, year, sequence),
    year,
    customerId: input.customerId,
    orderId: input.orderId,
    date: input.date,
    quantity: rows.reduce((sum, r) => sum + (r.orderRowId === null ? 0 : r.quantity), 0),
    amount: rows.reduce((sum, r) => sum + r.amount, 0),
    vat: rows.reduce((sum, r) => sum + r.vat, 0),
  });
  await q.insertDocumentRows(
    ctx.db,
    rows.map((r) => ({ documentId: doc.id, ...r })),
  );
  return {
    id: doc.id,
    type: doc.type,
    number: doc.number,
    date: doc.date,
    quantity: doc.quantity,
    amount: doc.amount,
    vat: doc.vat,
  };
}
