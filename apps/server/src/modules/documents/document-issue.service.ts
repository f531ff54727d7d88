import {
  correctsVat,
  couponShareOf,
  type DocumentType,
  formatDocumentNumber,
  type OrderDocument,
  rowVat,
  vatOf,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { generateEInvoice } from '../e-invoices/e-invoice-generation.service';
import { documentNumberFormat } from '../settings/settings.service';
import * as q from './document-issue.queries';
import { scheduleInvoice } from './invoice-payments.service';

/**
 * Issuing delivery notes, invoices and credit notes (DESIGN §6 rule 15): numbered per type and year
 * in the shop's format of the type (DDT-2026-000123, INV-…, CN-… by default; issue 18 point 3), rows
 * and totals stored so the PDF is rendered from them later.
 */

/**
 * A document row: `price` (unit, net) in cents, `vatRate` in basis points; its amount is price ×
 * quantity, less the part of its order row's fixed coupon it covers (see storedRows). A goods row names its order row and carries that row's price and rate; a charge (shipping,
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

/**
 * The rows as stored: each goods row with its order row's price before the coupon, the part of the
 * row's fixed coupon share its units carry (pro rata, floored, the row's last units taking what
 * remains: couponShareOf) and the VAT its units add to that order row as the order charged it (DESIGN
 * §6 rules 5, 16 and 17: a delivery note and its invoice add them after the units already invoiced, a
 * credit note takes back the last ones invoiced), so a fully shipped order's invoices sum to its total
 * to the cent; a charge with its own VAT.
 */
async function storedRows(ctx: Pick<Ctx, 'db'>, input: IssueInput) {
  const goods = input.rows.flatMap((r) => (r.orderRowId === null ? [] : [r.orderRowId]));
  const orderRows = await q.listInvoicedRows(ctx.db, goods);
  const byId = new Map(orderRows.map((r) => [r.id, r]));
  const invoiced = new Map(orderRows.map((r) => [r.id, { units: r.invoiced, share: r.invoicedShare }]));
  // documents.customer_id references the customer: the document could not be written without one.
  const correct = correctsVat((await q.findVatCustomer(ctx.db, input.customerId))!);
  const credit = input.type === 'credit_note';
  return input.rows.map((r) => {
    if (r.orderRowId === null) {
      const amount = r.price * r.quantity;
      return { ...r, amount, priceBeforeCoupon: null, couponShare: 0, vat: vatOf(amount, r.vatRate) };
    }
    const orderRow = byId.get(r.orderRowId)!;
    const row = { price: r.price, vatRate: r.vatRate, correct };
    const before = invoiced.get(r.orderRowId)!;
    const units = credit ? before.units - r.quantity : before.units + r.quantity;
    const after = { units, share: couponShareOf(orderRow.couponShare, orderRow.charged, units) };
    invoiced.set(r.orderRowId, after);
    // What the invoice adds to the row, or what the credit note takes back from it.
    const sign = credit ? -1 : 1;
    const couponShare = sign * (after.share - before.share);
    const vat = sign * (rowVat(row, after.units, after.share) - rowVat(row, before.units, before.share));
    return {
      ...r,
      amount: r.price * r.quantity - couponShare,
      priceBeforeCoupon: orderRow.priceBeforeCoupon,
      couponShare,
      vat,
    };
  });
}

/**
 * Issues one document in the caller's transaction: takes the next number of its type and year and
 * writes the document with its rows, an invoice's due dates (issue 20 point 2), and an invoice's or
 * credit note's FatturaPA file (issue 21). Amount is the net sum of the rows, VAT the sum of the rows'
 * VAT (see storedRows), quantity counts the goods rows.
 */
export async function issueDocument(ctx: Pick<Ctx, 'db'>, input: IssueInput): Promise<OrderDocument> {
  const year = Number(input.date.slice(0, 4));
  const rows = await storedRows(ctx, input);
  const sequence = await q.takeNextNumber(ctx.db, input.type, year);
  const format = await documentNumberFormat(ctx, input.type);
  const doc = await q.insertDocument(ctx.db, {
    type: input.type,
    number: formatDocumentNumber(format, year, sequence),
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
  if (doc.type === 'invoice') await scheduleInvoice(ctx, { ...doc, total: doc.amount + doc.vat });
  if (doc.type !== 'delivery_note') await generateEInvoice(ctx, doc.id);
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
