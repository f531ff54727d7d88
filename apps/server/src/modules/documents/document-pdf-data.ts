import type { DocumentType, Language } from '@shop/domain';
import { printable } from './document-format';

/** Everything printed on a delivery note, invoice or credit note, read from the database. */
export type DocumentPdfData = {
  language: Language;
  type: DocumentType;
  number: string;
  /** YYYY-MM-DD. */
  date: string;
  orderNo: string | null;
  /** The e-mails of the customer's user who placed the order and of the one who approved it, if any. */
  orderedBy: string | null;
  approvedBy: string | null;
  shop: { name: string; address: string; vatId: string; email: string; phone: string };
  customer: { name: string; vatId: string | null; taxNumber: string | null; address: string[] };
  /** How prices print: VAT-inclusive for private persons in the EU, else net (priceDisplay). */
  display: 'net' | 'gross';
  /**
   * The order's coupon, when its rows were priced below their price before it: a percent (basis
   * points) or a fixed amount (rate null; its rows' amounts are net of their shares).
   */
  coupon: { code: string; rate: number | null } | null;
  rows: DocumentPdfRow[];
  /** An invoice's terms by name (null without) and its instalments; null for other documents. */
  payment: { termsName: string | null; dueDates: { dueDate: string; amount: number }[] } | null;
};

/**
 * A document row as stored: `price` (unit, net), `priceBeforeCoupon` (unit, net; null without a
 * coupon), `amount` (net) and `vat` (the row's VAT as the order charged it) in cents, `vatRate` in
 * basis points.
 */
export type DocumentPdfRow = {
  sku: string;
  description: string;
  quantity: number;
  price: number;
  priceBeforeCoupon: number | null;
  vatRate: number;
  amount: number;
  vat: number;
};

/** The data with every text the customer or the shop wrote made printable in Helvetica. */
export function printableData(data: DocumentPdfData): DocumentPdfData {
  const { shop, customer } = data;
  return {
    ...data,
    shop: {
      name: printable(shop.name),
      address: printable(shop.address),
      vatId: printable(shop.vatId),
      email: printable(shop.email),
      phone: printable(shop.phone),
    },
    customer: {
      name: printable(customer.name),
      vatId: customer.vatId && printable(customer.vatId),
      taxNumber: customer.taxNumber && printable(customer.taxNumber),
      address: customer.address.map(printable),
    },
    orderedBy: data.orderedBy && printable(data.orderedBy),
    approvedBy: data.approvedBy && printable(data.approvedBy),
    coupon: data.coupon && { ...data.coupon, code: printable(data.coupon.code) },
    payment: data.payment && {
      ...data.payment,
      termsName: data.payment.termsName && printable(data.payment.termsName),
    },
    rows: data.rows.map((r) => ({ ...r, sku: printable(r.sku), description: printable(r.description) })),
  };
}
