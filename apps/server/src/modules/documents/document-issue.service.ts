import { type DocumentType, type OrderDocument, vatOf } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import * as q from './document-issue.queries';

/**
 * Issuing delivery notes, invoices and credit notes (DESIGN §6 rule 15): numbered per type and year
 * (DDT-2026-000123, INV-…, CN-…), rows and totals stored so the PDF is rendered from them later.
 */

const PREFIX: Record<DocumentType, string> = { delivery_note: 'DDT', invoice: 'INV', credit_note: 'CN' };

/** A document row: `price` (unit, net) in cents, `vatRate` in basis points; its amount is price × quantity. */
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
 * Issues one document in the caller's transaction: takes the next number of its type and year and
 * writes the document with its rows. Amount is the net sum of the rows; VAT is each row's VAT rounded
 * half up and then summed, as the PDF's summary computes it; quantity counts the goods rows.
 */
export async function issueDocument(ctx: Pick<Ctx, 'db'>, input: IssueInput): Promise<OrderDocument> {
  const year = Number(input.date.slice(0, 4));
  const sequence = await q.takeNextNumber(ctx.db, input.type, year);
  const rows = input.rows.map((r) => ({ ...r, amount: r.price * r.quantity }));
  const doc = await q.insertDocument(ctx.db, {
    type: input.type,
    number: documentNumber(input.type, year, sequence),
    year,
    customerId: input.customerId,
    orderId: input.orderId,
    date: input.date,
    quantity: rows.reduce((sum, r) => sum + (r.orderRowId === null ? 0 : r.quantity), 0),
    amount: rows.reduce((sum, r) => sum + r.amount, 0),
    vat: rows.reduce((sum, r) => sum + vatOf(r.amount, r.vatRate), 0),
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
