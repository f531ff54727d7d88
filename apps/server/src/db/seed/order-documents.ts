import { correctsVat, type DocumentType, INVOICE_CHARGES, rowVat, unitsVat } from '@shop/domain';
import { DAY_MS, HOUR_MS, romeDate, vatOf } from './codes';
import { ACCOUNTS, type CustomerSeed } from './customers';
import type { RowSeed } from './order-rows';
import type { OrderSeed } from './orders';
import type { Rng } from './random';

/** The documents of the demo orders: delivery notes, invoices, a credit note, and their sequences. */

export type DocumentRowSeed = {
  row: RowSeed | null;
  productSku: string;
  description: string;
  quantity: number;
  price: number;
  vatRate: number;
  amount: number;
  /** The row's VAT as the order charged it (DESIGN §6 rules 5 and 16). */
  vat: number;
};

export type DocumentSeed = {
  type: DocumentType;
  number: string;
  year: number;
  date: string;
  at: Date;
  customer: CustomerSeed;
  order: OrderSeed;
  quantity: number;
  amount: number;
  vat: number;
  rows: DocumentRowSeed[];
};

export type SequenceSeed = { type: DocumentType; year: number; lastNumber: number };

const DOCUMENT_PREFIX: Record<DocumentType, string> = {
  delivery_note: 'DDT',
  invoice: 'INV',
  credit_note: 'CN',
};

/**
 * A delivery note for every shipment, an invoice per delivery note (with shipping and the cash-on-
 * delivery fee on it), one credit note for the company; numbered per type and year by date. Goods rows
 * carry the VAT their units add to the order row (rule 5, corrected for private persons in the EU): an
 * order's one invoice all of its shipped units, the credit note what its unit added last.
 */
export function generateDocuments(orders: OrderSeed[], now: Date, rng: Rng) {
  const documents: DocumentSeed[] = [];
  const make = (type: DocumentType, order: OrderSeed, at: Date, rows: DocumentRowSeed[]): DocumentSeed => {
    const date = romeDate(at);
    return {
      type,
      number: '',
      year: Number(date.slice(0, 4)),
      date,
      at,
      customer: order.customer,
      order,
      quantity: rows.reduce((sum, r) => sum + (r.row ? r.quantity : 0), 0),
      amount: rows.reduce((sum, r) => sum + r.amount, 0),
      vat: rows.reduce((sum, r) => sum + r.vat, 0),
      rows,
    };
  };
  for (const order of orders) {
    const shipment = order.changes.find((c) => c.to === 'shipped' || c.to === 'partially_shipped');
    if (!shipment) continue;
    const correct = correctsVat(order.customer);
    const goods: DocumentRowSeed[] = order.rows
      .filter((r) => r.shippedQty > 0)
      .map((r) => ({
        row: r,
        productSku: r.product.sku,
        description: r.description,
        quantity: r.shippedQty,
        price: r.price,
        vatRate: r.vatRate,
        amount: r.price * r.shippedQty,
        vat: rowVat({ price: r.price, vatRate: r.vatRate, correct }, r.shippedQty),
      }));
    const extrasVat = order.customer.taxRule === 'exempt' ? 0 : 2200;
    const extras: DocumentRowSeed[] = [];
    if (order.shippingCosts > 0) {
      extras.push({
        row: null,
        productSku: INVOICE_CHARGES.shipping.sku,
        description: INVOICE_CHARGES.shipping.description,
        quantity: 1,
        price: order.shippingCosts,
        vatRate: extrasVat,
        amount: order.shippingCosts,
        vat: vatOf(order.shippingCosts, extrasVat),
      });
    }
    if (order.paymentFee > 0) {
      extras.push({
        row: null,
        productSku: INVOICE_CHARGES.codFee.sku,
        description: INVOICE_CHARGES.codFee.description,
        quantity: 1,
        price: order.paymentFee,
        vatRate: extrasVat,
        amount: order.paymentFee,
        vat: vatOf(order.paymentFee, extrasVat),
      });
    }
    documents.push(make('delivery_note', order, shipment.at, goods));
    documents.push(make('invoice', order, new Date(shipment.at.getTime() + HOUR_MS), [...goods, ...extras]));
  }

  // A return of one piece on the company's latest delivered order.
  const returned = orders
    .filter(
      (o) => o.customer.email === ACCOUNTS.company && (o.status === 'delivered' || o.status === 'closed'),
    )
    .at(-1);
  if (returned) {
    const row = returned.rows[0]!;
    const delivered = returned.changes.find((c) => c.to === 'shipped')!.at.getTime();
    const at = new Date(Math.min(delivered + (7 + rng.int(0, 5)) * DAY_MS, now.getTime() - HOUR_MS));
    documents.push(
      make('credit_note', returned, at, [
        {
          row,
          productSku: row.product.sku,
          description: `Reso: ${row.description}`,
          quantity: 1,
          price: row.price,
          vatRate: row.vatRate,
          amount: row.price,
          vat: unitsVat(
            { price: row.price, vatRate: row.vatRate, correct: correctsVat(returned.customer) },
            row.shippedQty - 1,
            row.shippedQty,
          ),
        },
      ]),
    );
  }

  documents.sort((a, b) => a.at.getTime() - b.at.getTime());
  const last = new Map<string, SequenceSeed>();
  for (const doc of documents) {
    const key = `${doc.type}:${doc.year}`;
    const seq = last.get(key) ?? { type: doc.type, year: doc.year, lastNumber: 0 };
    seq.lastNumber += 1;
    last.set(key, seq);
    doc.number = `${DOCUMENT_PREFIX[doc.type]}-${doc.year}-${String(seq.lastNumber).padStart(6, '0')}`;
  }
  return { documents, sequences: [...last.values()] };
}
