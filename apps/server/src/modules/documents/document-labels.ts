import type { DocumentType, Language } from '@shop/domain';

/** The words printed on a document PDF, in the customer's language (customers.language). */
export type DocumentLabels = {
  title: Record<DocumentType, string>;
  number: string;
  date: string;
  order: string;
  /** Before the e-mail of the user who placed the order, and of the one who approved it. */
  orderedBy: string;
  approvedBy: string;
  billTo: string;
  vatId: string;
  taxNumber: string;
  email: string;
  phone: string;
  sku: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  amount: string;
  /** Above the rows of an invoice or credit note: whether its prices include VAT. */
  prices: Record<'net' | 'gross', string>;
  totalQuantity: string;
  vatSummary: string;
  rate: string;
  taxable: string;
  vat: string;
  /** The rows at prices before the coupon, then the coupon's line: 'Coupon ESTATE5 -5%', fixed 'Coupon FISSO10'. */
  subtotal: string;
  coupon: (code: string, rate: string | null) => string;
  totalTaxable: string;
  totalVat: string;
  total: string;
  /** Under an invoice's totals (issue 20 point 2): its terms by name, then each due date and amount. */
  paymentTerms: string;
  dueDates: string;
  page: (page: number, pages: number) => string;
};

export const DOCUMENT_LABELS: Record<Language, DocumentLabels> = {
  it: {
    title: { delivery_note: 'Documento di trasporto', invoice: 'Fattura', credit_note: 'Nota di credito' },
    number: 'Numero',
    date: 'Data',
    order: 'Ordine',
    orderedBy: 'Ordinato da',
    approvedBy: 'Approvato da',
    billTo: 'Intestatario',
    vatId: 'Partita IVA',
    taxNumber: 'Codice fiscale',
    email: 'E-mail',
    phone: 'Telefono',
    sku: 'Codice',
    description: 'Descrizione',
    quantity: 'Quantità',
    unitPrice: 'Prezzo unitario',
    vatRate: 'IVA',
    amount: 'Importo',
    prices: { gross: 'Prezzi IVA inclusa', net: 'Prezzi IVA esclusa' },
    totalQuantity: 'Totale pezzi',
    vatSummary: 'Riepilogo IVA',
    rate: 'Aliquota',
    taxable: 'Imponibile',
    vat: 'Imposta',
    subtotal: 'Subtotale',
    coupon: (code, rate) => (rate === null ? `Coupon ${code}` : `Coupon ${code} -${rate}`),
    totalTaxable: 'Totale imponibile',
    totalVat: 'Totale IVA',
    total: 'Totale documento',
    paymentTerms: 'Termini di pagamento',
    dueDates: 'Scadenze',
    page: (page, pages) => `Pagina ${page} di ${pages}`,
  },
  en: {
    title: { delivery_note: 'Delivery note', invoice: 'Invoice', credit_note: 'Credit note' },
    number: 'Number',
    date: 'Date',
    order: 'Order',
    orderedBy: 'Ordered by',
    approvedBy: 'Approved by',
    billTo: 'Bill to',
    vatId: 'VAT ID',
    taxNumber: 'Tax number',
    email: 'E-mail',
    phone: 'Phone',
    sku: 'SKU',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    vatRate: 'VAT',
    amount: 'Amount',
    prices: { gross: 'Prices include VAT', net: 'Prices excluding VAT' },
    totalQuantity: 'Total pieces',
    vatSummary: 'VAT summary',
    rate: 'Rate',
    taxable: 'Taxable',
    vat: 'VAT',
    subtotal: 'Subtotal',
    coupon: (code, rate) => (rate === null ? `Coupon ${code}` : `Coupon ${code} -${rate}`),
    totalTaxable: 'Total taxable',
    totalVat: 'Total VAT',
    total: 'Total',
    paymentTerms: 'Payment terms',
    dueDates: 'Due dates',
    page: (page, pages) => `Page ${page} of ${pages}`,
  },
};
