import type { CustomerType, PaymentMethod, TaxRule } from '../constants';

/**
 * Everything a FatturaPA file (FPR12, schema 1.2.2; issue 21 point 1) is built from, read from the
 * stored document and the shop's and customer's data. Money in integer cents, rates in basis points,
 * dates YYYY-MM-DD: the same figures the document's PDF prints.
 */
export type FatturaPaInput = {
  /** The SDI progressive of the file (1, 2, …): names the file and fills ProgressivoInvio. */
  progressive: number;
  seller: FatturaPaSeller;
  buyer: FatturaPaBuyer;
  document: FatturaPaDocument;
  /** A credit note's invoice (DatiFattureCollegate); null for an invoice or a credit note without one. */
  corrects: { number: string; date: string } | null;
  /** The delivery notes of the goods invoiced (DatiDDT), with the document's row numbers (1-based) each covers. */
  deliveryNotes: { number: string; date: string; lines: number[] }[];
  /** An invoice's payment (DatiPagamento); null for a credit note. */
  payment: FatturaPaPayment | null;
};

export type FatturaPaAddress = {
  street: string;
  postcode: string;
  city: string;
  /** Italian province code (MI); null abroad. */
  province: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
};

export type FatturaPaSeller = {
  name: string;
  /** The partita IVA as stored (IT01234560157 or 01234560157). */
  vatId: string;
  /** Codice fiscale; null: the VAT number's digits. */
  taxCode: string | null;
  address: FatturaPaAddress;
  /** REA registration when the shop set one. */
  rea: { office: string; number: string } | null;
  email: string | null;
};

export type FatturaPaBuyer = {
  type: CustomerType;
  /** Company name (type G) or null. */
  company: string | null;
  firstname: string | null;
  lastname: string | null;
  /** ISO country of the customer. */
  country: string;
  extraCee: boolean;
  taxRule: TaxRule;
  vatId: string | null;
  taxCode: string | null;
  sdiCode: string | null;
  pec: string | null;
  address: FatturaPaAddress;
};

/** A stored document row (document_rows): goods rows carry an order row, charges (shipping, fee) do not. */
export type FatturaPaRow = {
  sku: string;
  description: string;
  quantity: number;
  /** Unit net price after the percent coupon, cents. */
  price: number;
  /** Unit net price before the order's coupon; null when no coupon applied. */
  priceBeforeCoupon: number | null;
  /** The part of a fixed-amount coupon this row carries (net cents), already taken from `amount`. */
  couponShare: number;
  vatRate: number;
  /** Net amount of the row, cents: price × quantity − couponShare. */
  amount: number;
  /** The row's VAT as stored, cents. */
  vat: number;
  /** Whether the row is a charge (shipping, cash-on-delivery fee) rather than goods. */
  charge: boolean;
};

export type FatturaPaDocument = {
  type: 'invoice' | 'credit_note';
  number: string;
  date: string;
  rows: FatturaPaRow[];
  /** Sum of the rows' amounts (net), cents. */
  amount: number;
  /** Sum of the rows' VAT, cents. */
  vat: number;
  /** Free text (Causale), e.g. the order number or the return it credits. */
  reason: string | null;
};

export type FatturaPaPayment = {
  method: PaymentMethod;
  /** Instalments from the payment terms; empty: the whole total due on the document's date. */
  dueDates: { dueDate: string; amount: number }[];
  /** The shop's IBAN for bank transfers, when known. */
  iban: string | null;
};
